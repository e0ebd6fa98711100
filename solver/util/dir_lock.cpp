#include "util/dir_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "util/input_error.h"

namespace scarney {

DirectoryLock::DirectoryLock(const std::string& dir, const std::string& name,
                             const std::string& who) {
  const std::string path = dir + "/" + name;
  // O_NOFOLLOW: a link planted at the lock's name is not followed.
  fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0644);
  if (fd_ < 0) throw InputError("cannot create the lock " + path + ": " + std::strerror(errno));
  if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
    const int error = errno;
    ::close(fd_);
    fd_ = -1;
    if (error == EWOULDBLOCK)
      throw InputError("another " + who + " is writing here (it holds the lock " + path +
                       "); wait for it to end, or use another folder");
    throw InputError("cannot lock " + path + ": " + std::strerror(error));
  }
}

DirectoryLock::~DirectoryLock() {
  if (fd_ >= 0) ::close(fd_);
}

}  // namespace scarney
