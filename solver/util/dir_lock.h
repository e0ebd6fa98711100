// One writer at a time in a folder: an exclusive flock(2) on a lock file in
// it, held while the object lives and let go by the kernel when the process
// ends, however it ends (so a killed run never leaves a stale lock). The lock
// file stays; only the lock matters.
#pragma once

#include <string>

namespace scarney {

class DirectoryLock {
 public:
  // Takes the lock on DIR/NAME (created if missing). Throws InputError when
  // another process holds it ("another WHO is writing here (lock DIR/NAME)")
  // or it cannot be taken.
  DirectoryLock(const std::string& dir, const std::string& name, const std::string& who);
  ~DirectoryLock();
  DirectoryLock(const DirectoryLock&) = delete;
  DirectoryLock& operator=(const DirectoryLock&) = delete;

 private:
  int fd_ = -1;
};

}  // namespace scarney
