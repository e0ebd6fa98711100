#include "util/atomic_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <vector>

#include "util/input_error.h"

namespace scarney {

namespace {

// Bytes kept before a write(2): large enough that a CSV line by line costs
// few system calls.
constexpr size_t kBuffer = 1 << 16;
// As the kernel: more links in a row than this is a loop.
constexpr int kMostLinks = 40;

std::string cannot(const std::string& what, const std::string& path, int error) {
  return "cannot " + what + " " + path + ": " + std::strerror(error);
}

// The path a write to `path` really lands on: its symbolic links followed
// one by one, so that a dangling link gives the missing file it names (which
// realpath() would refuse). Only the last component matters: a rename
// through linked directories stays in the directory it names.
std::string follow_links(const std::string& path) {  // output_target()
  std::string at = path;
  for (int i = 0; i < kMostLinks; ++i) {
    struct stat st {};
    if (::lstat(at.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return at;
    std::vector<char> target(static_cast<size_t>(st.st_size > 0 ? st.st_size : 4096) + 1);
    const ssize_t n = ::readlink(at.c_str(), target.data(), target.size());
    if (n < 0 || static_cast<size_t>(n) >= target.size())
      throw InputError(cannot("follow the link", path, n < 0 ? errno : ENAMETOOLONG));
    std::string next(target.data(), static_cast<size_t>(n));
    // A relative target is relative to the link's directory.
    const size_t slash = at.rfind('/');
    if (next.empty() || next[0] != '/')
      next = (slash == std::string::npos ? std::string() : at.substr(0, slash + 1)) + next;
    at = next;
  }
  throw InputError(cannot("follow the link", path, ELOOP));
}

// Writes every byte (at *offset and on, with an offset); false with errno
// set on failure.
bool write_all(int fd, const char* p, size_t size, uint64_t* offset) {
  while (size > 0) {
    const ssize_t w =
        offset ? ::pwrite(fd, p, size, static_cast<off_t>(*offset)) : ::write(fd, p, size);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) {
      if (w == 0) errno = EIO;
      return false;
    }
    p += w;
    size -= static_cast<size_t>(w);
    if (offset) *offset += static_cast<uint64_t>(w);
  }
  return true;
}

// /dev/stdout, /dev/fd/N, /proc/self/fd/N name an open descriptor, not a
// file: whatever it leads to (a pipe, a terminal, the file of a `>`) is the
// user's redirection, to be written, never replaced.
bool names_a_descriptor(const std::string& path, const std::string& target) {
  for (const std::string& p : {path, target})
    if (p.rfind("/proc/", 0) == 0 || p.rfind("/dev/fd/", 0) == 0 || p == "/dev/stdout" ||
        p == "/dev/stderr")
      return true;
  return false;
}

}  // namespace

std::string output_target(const std::string& path) { return follow_links(path); }

void require_regular_or_nothing(const std::string& path) {
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0) {
    if (errno == ENOENT) return;
    throw InputError(cannot("look at", path, errno));
  }
  if (S_ISREG(st.st_mode)) return;
  const std::string kind = S_ISLNK(st.st_mode)    ? "a symbolic link"
                           : S_ISFIFO(st.st_mode) ? "a FIFO (named pipe)"
                           : S_ISDIR(st.st_mode)  ? "a directory"
                           : S_ISSOCK(st.st_mode) ? "a socket"
                                                  : "a device";
  throw InputError(SourceLocation{path, 0, 0},
                   kind +
                       ", not a regular file: this program reads and writes only regular files "
                       "here, never through a link (move it away)");
}

AtomicFile::AtomicFile(std::string path, TempName temp, Standing standing)
    : path_(std::move(path)), target_(standing == Standing::Regular ? path_ : follow_links(path_)) {
  if (standing == Standing::Regular) require_regular_or_nothing(path_);
  struct stat st {};
  const bool exists = ::stat(path_.c_str(), &st) == 0;
  if (exists && (!S_ISREG(st.st_mode) || names_a_descriptor(path_, target_))) {
    if (S_ISDIR(st.st_mode)) throw InputError(cannot("write", path_, EISDIR));
    if (!S_ISREG(st.st_mode) && !S_ISCHR(st.st_mode) && !S_ISFIFO(st.st_mode))
      throw InputError("cannot write " + path_ + ": not a regular file, a device or a FIFO");
    // Written through: replacing a device node or a pipe would break it.
    // Opened by the name given (the kernel resolves /proc's links); appended
    // to, so that a `>>` redirection or what was printed before is kept.
    fd_ = ::open(path_.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC | O_NOCTTY);
    if (fd_ < 0) throw InputError(cannot("open", path_, errno));
    return;
  }
  // The temporary name sits next to the final one so rename() stays atomic.
  if (temp == TempName::Fixed) {
    temp_ = target_ + ".tmp";
    fd_ = ::open(temp_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  } else {
    const std::string pattern = target_ + ".tmp.XXXXXX";
    std::vector<char> name(pattern.begin(), pattern.end());
    name.push_back('\0');
    fd_ = ::mkostemp(name.data(), O_CLOEXEC);
    temp_ = name.data();
    if (fd_ >= 0) {
      // mkstemp makes the file private (0600); give it the usual permissions.
      const mode_t mask = ::umask(0);
      ::umask(mask);
      ::fchmod(fd_, 0666 & ~mask);
    }
  }
  if (fd_ < 0) {
    const int error = errno;
    temp_.clear();
    throw InputError(cannot("create", path_, error));
  }
}

AtomicFile::~AtomicFile() {
  if (fd_ < 0) return;
  ::close(fd_);
  if (!temp_.empty()) std::remove(temp_.c_str());
}

void AtomicFile::fail(const std::string& what) {
  const int error = errno;
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
  if (!temp_.empty()) std::remove(temp_.c_str());
  throw InputError(cannot(what, path_, error));
}

std::string AtomicFile::error() const {
  return error_ ? cannot("write", path_, error_) : std::string();
}

void AtomicFile::flush() {
  if (buffer_.empty()) return;
  // The first error is kept for commit(): a writer called from a worker's
  // callback should not have to unwind from there.
  if (!error_ && !write_all(fd_, buffer_.data(), buffer_.size(), nullptr)) error_ = errno;
  buffer_.clear();
}

void AtomicFile::write(std::string_view text) {
  if (fd_ < 0) return;
  if (buffer_.size() + text.size() > kBuffer) flush();
  if (text.size() >= kBuffer) {
    if (!error_ && !write_all(fd_, text.data(), text.size(), nullptr)) error_ = errno;
  } else {
    buffer_.append(text);
  }
}

void AtomicFile::write_at(uint64_t offset, const void* data, size_t size) {
  if (fd_ < 0) return;
  flush();
  if (!error_ && !write_all(fd_, static_cast<const char*>(data), size, &offset)) error_ = errno;
}

bool AtomicFile::seekable() const { return fd_ >= 0 && ::lseek(fd_, 0, SEEK_CUR) >= 0; }

void AtomicFile::commit(bool sync) {
  if (fd_ < 0) return;
  flush();
  if (error_) {
    errno = error_;
    fail("write");
  }
  // A device cannot be synced (/dev/null says EINVAL), nor need it be.
  if (sync && !through() && ::fsync(fd_) != 0) fail("sync");
  const int fd = fd_;
  fd_ = -1;
  if (::close(fd) != 0) {
    const std::string message = cannot("write", path_, errno);
    if (!temp_.empty()) std::remove(temp_.c_str());
    throw InputError(message);
  }
  if (through()) return;
  if (std::rename(temp_.c_str(), target_.c_str()) != 0) {
    const std::string message = cannot("rename the temporary file to", path_, errno);
    std::remove(temp_.c_str());
    throw InputError(message);
  }
}

void write_file_atomically(const std::string& path, std::string_view text,
                           AtomicFile::Standing standing) {
  AtomicFile f(path, AtomicFile::TempName::Unique, standing);
  f.write(text);
  f.commit();
}

}  // namespace scarney
