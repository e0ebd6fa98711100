// A fixed set of worker threads with a bounded queue: work offered when the
// queue is full is refused at once (the server answers 503), never queued
// without end. The server keeps two (http_server.h): quick requests and
// slow ones (placement searches, games), so quick requests never wait
// behind slow work. A job computes an answer and posts it back to the
// event loop; it never touches a socket.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace scarney::serve {

class WorkPool {
 public:
  WorkPool(int threads, size_t queue_limit);
  ~WorkPool();  // finishes the work queued, then joins
  WorkPool(const WorkPool&) = delete;
  WorkPool& operator=(const WorkPool&) = delete;

  // False when the queue is full (or the pool is stopping).
  bool offer(std::function<void()> work);
  size_t queued() const;

 private:
  void run();

  const size_t queue_limit_;
  mutable std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<std::function<void()>> queue_;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace scarney::serve
