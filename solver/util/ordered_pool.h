// Runs tasks 0 .. n-1 on several threads and hands their results to one
// consumer on the calling thread in task order, so whatever the consumer
// produces (a table file, tallies, CSV lines) does not depend on the thread
// count or on timing.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <map>
#include <mutex>
#include <thread>
#include <vector>

namespace scarney {

struct OrderedPoolOptions {
  uint64_t tasks = 0;
  int threads = 1;
  // At most this many tasks may be started ahead of the consumer (0: no
  // limit); bounds the memory held by finished results.
  uint64_t window = 0;
  // Set (e.g. by a SIGINT handler) to stop: no task starts after it.
  const std::atomic<bool>* stop = nullptr;
  // How often the consumer's on_tick runs while it waits.
  std::chrono::milliseconds tick{100};
};

template <class Result>
class OrderedPool {
 public:
  explicit OrderedPool(const OrderedPoolOptions& o) : o_(o) {}
  OrderedPool(const OrderedPool&) = delete;
  OrderedPool& operator=(const OrderedPool&) = delete;

  // True once a stop was asked for, a task or the consumer threw, or the
  // consumer ended: a long task may check it and return a partial result.
  bool stopping() const {
    return halted_.load(std::memory_order_relaxed) ||
           (o_.stop && o_.stop->load(std::memory_order_relaxed));
  }

  // make_worker() runs once on each worker thread and returns the callable
  // Result(uint64_t task) that thread runs its tasks with (so it may own
  // per-thread state). consume(task, Result&&) runs on the calling thread in
  // task order; returning false ends the run (no task starts after it). After
  // a stop the results already finished are still consumed up to the first
  // gap. on_tick(done) runs on the calling thread about every `tick`, and
  // once with done = true when every worker has finished. Returns how many
  // results were consumed; the first exception thrown by a task, consume or
  // on_tick is rethrown once every thread has joined.
  template <class MakeWorker, class Consume, class Tick>
  uint64_t run(MakeWorker make_worker, Consume consume, Tick on_tick) {
    const int threads = std::max(1, o_.threads);
    running_ = threads;
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t) pool.emplace_back([&] { work(make_worker); });
    try {
      deliver(consume, on_tick);
    } catch (...) {
      fail(std::current_exception());
    }
    for (auto& t : pool) t.join();
    if (error_) std::rethrow_exception(error_);
    return consumed_;
  }

 private:
  void fail(std::exception_ptr e) {
    std::lock_guard lock(mutex_);
    if (!error_) error_ = e;
    halted_ = true;
    room_.notify_all();
    ready_cv_.notify_all();
  }

  template <class MakeWorker>
  void work(MakeWorker& make_worker) {
    try {
      auto task = make_worker();
      for (;;) {
        const uint64_t t = next_.fetch_add(1);
        if (t >= o_.tasks || stopping()) break;
        if (o_.window) {
          std::unique_lock lock(mutex_);
          room_.wait(lock, [&] { return t < consumed_ + o_.window || stopping(); });
        }
        if (stopping()) break;
        Result r = task(t);
        std::lock_guard lock(mutex_);
        ready_.emplace(t, std::move(r));
        ready_cv_.notify_all();
      }
    } catch (...) {
      fail(std::current_exception());
    }
    std::lock_guard lock(mutex_);
    --running_;
    ready_cv_.notify_all();
  }

  template <class Consume, class Tick>
  void deliver(Consume& consume, Tick& on_tick) {
    using Clock = std::chrono::steady_clock;
    auto next_tick = Clock::now() + o_.tick;
    bool ended = false;
    std::unique_lock lock(mutex_);
    for (;;) {
      ready_cv_.wait_until(lock, next_tick,
                           [&] { return running_ == 0 || (!ended && ready_.count(consumed_)); });
      for (auto it = ready_.find(consumed_); !ended && it != ready_.end();
           it = ready_.find(consumed_)) {
        Result r = std::move(it->second);
        ready_.erase(it);
        lock.unlock();
        const bool more = consume(consumed_, std::move(r));
        lock.lock();
        ++consumed_;
        if (!more) ended = halted_ = true;
        room_.notify_all();
      }
      // A stop set from outside notifies no one: wake the workers waiting
      // for room so that they see it.
      if (stopping()) room_.notify_all();
      const bool done = running_ == 0;
      if (done || Clock::now() >= next_tick) {
        lock.unlock();
        on_tick(done);
        lock.lock();
        next_tick = Clock::now() + o_.tick;
      }
      if (done) return;
    }
  }

  const OrderedPoolOptions o_;
  std::atomic<uint64_t> next_{0};
  std::atomic<bool> halted_{false};

  std::mutex mutex_;                  // guards the members below
  std::condition_variable ready_cv_;  // a result is ready or a worker ended
  std::condition_variable room_;      // the consumer moved on
  std::map<uint64_t, Result> ready_;  // by task, waiting for their turn
  int running_ = 0;
  uint64_t consumed_ = 0;
  std::exception_ptr error_;
};

}  // namespace scarney
