#include "util/input_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "util/input_error.h"

namespace scarney {

PathKind kind_of(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    const int error = errno;
    if (error == ELOOP) return PathKind::LinkLoop;
    struct stat lst {};
    if (error == ENOENT && ::lstat(path.c_str(), &lst) == 0 && S_ISLNK(lst.st_mode))
      return PathKind::DanglingLink;
    return error == ENOENT || error == ENOTDIR ? PathKind::Missing : PathKind::Unreadable;
  }
  if (S_ISREG(st.st_mode)) return PathKind::Regular;
  if (S_ISDIR(st.st_mode)) return PathKind::Directory;
  if (S_ISFIFO(st.st_mode)) return PathKind::Fifo;
  if (S_ISSOCK(st.st_mode)) return PathKind::Socket;
  return PathKind::Device;
}

std::string kind_words(PathKind kind) {
  switch (kind) {
    case PathKind::Missing:
      return "nothing (no such file)";
    case PathKind::Regular:
      return "a regular file";
    case PathKind::Directory:
      return "a directory";
    case PathKind::Fifo:
      return "a FIFO (named pipe)";
    case PathKind::Socket:
      return "a socket";
    case PathKind::Device:
      return "a device";
    case PathKind::DanglingLink:
      return "a dangling symbolic link";
    case PathKind::LinkLoop:
      return "a symbolic link loop";
    case PathKind::Unreadable:
      return "unreadable";
  }
  return "unknown";
}

int open_input_file(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) {
    const int error = errno;
    const PathKind k = kind_of(path);
    if (k == PathKind::DanglingLink || k == PathKind::LinkLoop)
      throw InputError(SourceLocation{path, 0, 0}, "cannot open: " + kind_words(k));
    throw InputError("cannot open " + path + ": " + std::strerror(error));
  }
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    const int error = errno;
    ::close(fd);
    throw InputError("cannot open " + path + ": " + std::strerror(error));
  }
  if (!S_ISREG(st.st_mode) && !S_ISCHR(st.st_mode)) {
    ::close(fd);
    const PathKind k = S_ISDIR(st.st_mode)    ? PathKind::Directory
                       : S_ISFIFO(st.st_mode) ? PathKind::Fifo
                       : S_ISSOCK(st.st_mode) ? PathKind::Socket
                                              : PathKind::Device;  // a block device
    throw InputError(SourceLocation{path, 0, 0},
                     kind_words(k) + ", not a regular file" +
                         (k == PathKind::Fifo ? " (give - to read standard input)" : ""));
  }
  // Reads go on as usual: a regular file never blocks, a device as it does.
  ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  return fd;
}

std::string read_input_file(const std::string& path, size_t max_bytes) {
  const int fd = open_input_file(path);
  std::string data;
  char buf[65536];
  while (data.size() <= max_bytes) {
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      const int error = errno;
      ::close(fd);
      throw InputError("cannot read " + path + ": " + std::strerror(error));
    }
    if (n == 0) break;
    data.append(buf, static_cast<size_t>(n));
  }
  ::close(fd);
  return data;
}

}  // namespace scarney
