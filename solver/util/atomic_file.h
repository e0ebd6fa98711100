// An output file that appears under its final name only when complete: the
// bytes go to a temporary file in the same directory, renamed on commit().
// Dropped without commit() (an error, an exception), the temporary file is
// removed, so an interrupted run never leaves a partial file behind.
//
// What already stands at the path decides how it is written; it is never
// replaced by something of another kind:
//   - nothing, or a regular file: a temporary file beside it, renamed over it;
//   - a symbolic link, dangling or not: the same at the file it leads to (the
//     temporary file beside that file), so the link stays a link;
//   - a character device or a FIFO (/dev/stdout, /dev/null, a named pipe):
//     opened as it is and written through, no temporary file (opening a FIFO
//     waits for its reader, as a shell's `>` does);
//   - a directory, or any other kind: refused.
// That is for files the user names. A file in a directory the program keeps
// for itself (a proof's --dir, a table build's tiers) is written with
// Standing::Regular: there only nothing or a regular file may stand at its
// name, and a link, a FIFO or a device is refused rather than followed or
// written through (the rename replaces the name itself, never what a link
// leads to).
// Every writer of output files (stats, tables) goes through this class.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace scarney {

class AtomicFile {
 public:
  enum class TempName {
    Unique,  // NAME.tmp.XXXXXX: writers of the same name never clash
    Fixed,   // NAME.tmp: a rerun truncates what a killed run left
  };
  // What may stand at the path already.
  enum class Standing {
    Any,      // as above: links followed, devices and FIFOs written through
    Regular,  // nothing or a regular file; anything else refused
  };
  // Throws InputError when the file cannot be created or opened, or (with
  // Standing::Regular) something else than a regular file is at the path.
  explicit AtomicFile(std::string path, TempName temp = TempName::Unique,
                      Standing standing = Standing::Any);
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  // Write errors are kept for commit() to throw; failed() tells at once.
  void write(std::string_view text);
  void write(const void* data, size_t size) {
    write(std::string_view(static_cast<const char*>(data), size));
  }
  // Writes over bytes already written (a header filled in last). Needs a
  // file that can seek: see seekable().
  void write_at(uint64_t offset, const void* data, size_t size);
  bool failed() const { return error_ != 0; }
  // "cannot write PATH: REASON" once failed(), else empty.
  std::string error() const;
  // False for a FIFO written through, which can only be appended to.
  bool seekable() const;
  // True when the path is a device or a FIFO, written in place.
  bool through() const { return temp_.empty(); }

  // Writes what is buffered, optionally fsyncs (a regular file only), closes
  // and renames to the final name; throws InputError on a write error (disk
  // full, ...), leaving no file under the final name.
  void commit(bool sync = false);
  const std::string& path() const { return path_; }

 private:
  void flush();
  [[noreturn]] void fail(const std::string& what);
  std::string path_;    // as given
  std::string target_;  // where the bytes end up: path_ with its links followed
  std::string temp_;    // empty when writing through
  std::string buffer_;
  int fd_ = -1;
  int error_ = 0;  // errno of the first failed write
};

// Where a write to `path` lands: its symbolic links followed (a dangling
// link gives the missing file it names). Throws InputError on a loop.
std::string output_target(const std::string& path);

// Writes the whole text at once through an AtomicFile.
void write_file_atomically(const std::string& path, std::string_view text,
                           AtomicFile::Standing standing = AtomicFile::Standing::Any);
// Throws InputError "PATH: a symbolic link, ..." unless nothing or a
// regular file (not a link to one) stands at `path`: what Standing::Regular
// checks, for readers of the same directories.
void require_regular_or_nothing(const std::string& path);

}  // namespace scarney
