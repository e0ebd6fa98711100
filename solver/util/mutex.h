// A mutex and its scoped lock; in the WebAssembly build (one thread, no
// <mutex> in its libc++) both do nothing.
#pragma once

#ifndef __wasi__
#include <mutex>
#endif

namespace scarney {

#ifdef __wasi__
struct Mutex {
  void lock() {}
  void unlock() {}
};
#else
using Mutex = std::mutex;
#endif

class ScopedLock {
 public:
  explicit ScopedLock(Mutex& m) : m_(m) { m_.lock(); }
  ~ScopedLock() { m_.unlock(); }
  ScopedLock(const ScopedLock&) = delete;
  ScopedLock& operator=(const ScopedLock&) = delete;

 private:
  Mutex& m_;
};

}  // namespace scarney
