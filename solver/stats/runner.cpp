#include "stats/runner.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <map>
#include <mutex>
#include <thread>
#include <vector>

#include "games/deal.h"
#include "search/solver.h"

namespace scarney {

namespace {

// Deals first .. first + outcomes.size() - 1, solved by one thread.
struct Chunk {
  std::vector<Board> boards;
  std::vector<DealOutcome> outcomes;
  bool complete = false;  // false when a stop cut it short
};

class Run {
 public:
  Run(const RunOptions& o, const RunCallbacks& c) : options_(o), callbacks_(c) {
    const uint64_t threads = std::max(1, o.threads);
    // Small enough for every thread to get many chunks (so none idles long
    // at the end), large enough that handing them out costs nothing.
    chunk_ = std::clamp<uint64_t>(o.deals / (threads * 64), 1, 1024);
  }

  uint64_t run() {
    const int threads = static_cast<int>(
        std::min<uint64_t>(std::max(1, options_.threads), std::max<uint64_t>(1, options_.deals)));
    running_ = threads;
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t) workers.emplace_back([this] { work(); });
    try {
      deliver();
    } catch (...) {
      fail(std::current_exception());
    }
    for (auto& w : workers) w.join();
    if (error_) std::rethrow_exception(error_);
    return delivered_;
  }

 private:
  bool stopping() const {
    return failed_.load(std::memory_order_relaxed) ||
           (options_.stop && options_.stop->load(std::memory_order_relaxed));
  }

  void fail(std::exception_ptr e) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!error_) error_ = e;
    failed_ = true;
  }

  void work() {
    try {
      Solver solver;
      for (;;) {
        const uint64_t first = next_chunk_.fetch_add(1) * chunk_;
        if (first >= options_.deals || stopping()) break;
        const uint64_t last = std::min(options_.deals, first + chunk_);
        Chunk c;
        c.boards.reserve(last - first);
        c.outcomes.reserve(last - first);
        for (uint64_t i = first; i < last && !stopping(); ++i) {
          c.boards.push_back(deal(options_.seed, i));
          c.outcomes.push_back(solve_deal(solver, options_.game, c.boards.back()));
          solved_.fetch_add(1, std::memory_order_relaxed);
        }
        c.complete = c.outcomes.size() == last - first;
        const bool cut = !c.complete;
        {
          std::lock_guard<std::mutex> lock(mutex_);
          ready_.emplace(first, std::move(c));
        }
        changed_.notify_one();
        if (cut) break;
      }
    } catch (...) {
      fail(std::current_exception());
    }
    {
      std::lock_guard<std::mutex> lock(mutex_);
      --running_;
    }
    changed_.notify_one();
  }

  // Hands finished chunks to on_deal in deal order until the workers are done.
  void deliver() {
    using clock = std::chrono::steady_clock;
    const auto period = std::chrono::milliseconds(200);
    auto next_progress = clock::now() + period;
    bool ended = false;  // a cut chunk ended the prefix
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
      changed_.wait_until(lock, next_progress,
                          [&] { return running_ == 0 || (!ended && ready_.count(delivered_)); });
      for (auto it = ready_.find(delivered_); !ended && it != ready_.end();
           it = ready_.find(delivered_)) {
        Chunk c = std::move(it->second);
        ready_.erase(it);
        lock.unlock();
        if (callbacks_.on_deal)
          for (size_t i = 0; i < c.outcomes.size(); ++i)
            callbacks_.on_deal(delivered_ + i, c.boards[i], c.outcomes[i]);
        lock.lock();
        delivered_ += c.outcomes.size();
        ended = !c.complete;
      }
      const bool done = running_ == 0;
      if (callbacks_.on_progress && (done || clock::now() >= next_progress)) {
        lock.unlock();
        callbacks_.on_progress(solved_.load(std::memory_order_relaxed));
        lock.lock();
        next_progress = clock::now() + period;
      }
      if (done) return;
    }
  }

  const RunOptions& options_;
  const RunCallbacks& callbacks_;
  uint64_t chunk_ = 1;
  std::atomic<uint64_t> next_chunk_{0}, solved_{0};
  std::atomic<bool> failed_{false};

  std::mutex mutex_;  // guards the members below
  std::condition_variable changed_;
  std::map<uint64_t, Chunk> ready_;  // by first deal, waiting for their turn
  int running_ = 0;
  uint64_t delivered_ = 0;
  std::exception_ptr error_;
};

}  // namespace

uint64_t run_deals(const RunOptions& options, const RunCallbacks& callbacks) {
  if (options.deals == 0) return 0;
  return Run(options, callbacks).run();
}

}  // namespace scarney
