#include "stats/atomic_file.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "util/input_error.h"

namespace scarney {

namespace {
std::string cannot(const std::string& what, const std::string& path) {
  return "cannot " + what + " " + path + ": " + std::strerror(errno);
}
}  // namespace

AtomicFile::AtomicFile(std::string path) : path_(std::move(path)) {
  // The temporary name sits next to the final one so rename() stays atomic.
  std::string pattern = path_ + ".tmp.XXXXXX";
  std::vector<char> name(pattern.begin(), pattern.end());
  name.push_back('\0');
  const int fd = mkstemp(name.data());
  if (fd < 0) throw InputError(cannot("create", path_));
  temp_ = name.data();
  // mkstemp makes the file private (0600); give it the usual permissions.
  const mode_t mask = umask(0);
  umask(mask);
  fchmod(fd, 0666 & ~mask);
  file_ = fdopen(fd, "w");
  if (!file_) {
    ::close(fd);
    std::remove(temp_.c_str());
    throw InputError(cannot("write", path_));
  }
}

AtomicFile::~AtomicFile() {
  if (file_) {
    std::fclose(file_);
    std::remove(temp_.c_str());
  }
}

void AtomicFile::write(std::string_view text) {
  if (!file_) return;
  if (std::fwrite(text.data(), 1, text.size(), file_) != text.size()) failed_ = true;
}

void AtomicFile::commit() {
  if (!file_) return;
  const bool flushed = std::fflush(file_) == 0 && !std::ferror(file_) && !failed_;
  const int saved = errno;
  const bool closed = std::fclose(file_) == 0;
  file_ = nullptr;
  if (!flushed || !closed) {
    errno = flushed ? errno : saved;
    const std::string message = cannot("write", path_);
    std::remove(temp_.c_str());
    throw InputError(message);
  }
  if (std::rename(temp_.c_str(), path_.c_str()) != 0) {
    const std::string message = cannot("rename the temporary file to", path_);
    std::remove(temp_.c_str());
    throw InputError(message);
  }
}

void write_file_atomically(const std::string& path, std::string_view text) {
  AtomicFile f(path);
  f.write(text);
  f.commit();
}

}  // namespace scarney
