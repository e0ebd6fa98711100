// Input files opened so that nothing at a file's name can hang the program:
// a FIFO would wait for a writer, a device could be read forever. A file is
// opened without blocking (O_NONBLOCK), its type taken from the open
// descriptor (fstat, so that nothing can swap it in between), and a FIFO,
// a socket or a directory is refused; a character device (/dev/null,
// /dev/zero) is read as a stream, up to the reader's size limit. Folders
// scanned for input files skip what is not a regular file, saying what it
// is: `kind_of` names it.
#pragma once

#include <cstddef>
#include <string>

namespace scarney {

// What stands at `path`, its links followed.
enum class PathKind {
  Missing,       // nothing there
  Regular,       // a regular file (or a link to one)
  Directory,     // a directory (or a link to one)
  Fifo,          // a named pipe
  Socket,        // a socket
  Device,        // a character or block device
  DanglingLink,  // a symbolic link to nothing
  LinkLoop,      // symbolic links that lead back to themselves
  Unreadable,    // stat failed for another reason (permissions, ...)
};
PathKind kind_of(const std::string& path);
// "a FIFO", "a dangling symbolic link", ...: for messages.
std::string kind_words(PathKind kind);

// Opens `path` read-only, never blocking on a FIFO; returns the descriptor
// (in blocking mode again). Throws InputError when it cannot be opened
// ("cannot open PATH: REASON", a dangling link or a loop named as such) or
// is neither a regular file nor a character device ("PATH: a FIFO (named
// pipe), not a regular file").
int open_input_file(const std::string& path);

// The whole of a regular file (as open_input_file), at most max_bytes + 1
// bytes of it: more means the file is too large for what reads it.
std::string read_input_file(const std::string& path, size_t max_bytes);

}  // namespace scarney
