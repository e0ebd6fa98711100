#include "placement/frontier_solve.h"

#include <algorithm>
#include <chrono>
#include <mutex>
#include <thread>

#include "placement/proof_top.h"

namespace scarney {

bool in_frontier_shard(const PlacementState& form, uint64_t shard, uint64_t shards) {
  const BoardKey key{form.board.pawn_nibbles(), static_cast<uint32_t>(form.board.occupied()) |
                                                    static_cast<uint32_t>(form.a_colours) << 16};
  return board_key_bits(key) % std::max<uint64_t>(shards, 1) == shard;
}

namespace {

struct Pool {
  Pool(const std::vector<PlacementState>& f, const std::string& d, const FrontierSolveOptions& o)
      : forms(f), dir(d), opt(o) {}
  const std::vector<PlacementState>& forms;
  const std::string& dir;
  const FrontierSolveOptions& opt;
  std::atomic<size_t> next{0}, done{0};
  std::mutex lock;
  FrontierSolved out;

  bool stopped() const { return opt.stop && opt.stop->load(std::memory_order_relaxed); }

  void one(const PlacementState& form) {
    const std::string path = frontier_certificate_path(dir, form);
    if (frontier_claim(path)) {
      const std::lock_guard<std::mutex> g(lock);
      ++out.skipped;
      return;
    }
    PlacementOptions o;
    o.stop = opt.stop;
    const CertificateMade made = write_placement_certificate(form, path, o);
    const std::lock_guard<std::mutex> g(lock);
    ++out.solved;
    if (opt.solved) opt.solved(form, made);
  }

  void work() {
    for (size_t i; (i = next.fetch_add(1)) < forms.size();) {
      if (stopped()) break;
      try {
        one(forms[i]);
      } catch (const PlacementInterrupted&) {
        break;  // nothing written: the file appears whole or not at all
      }
      ++done;
    }
  }
};

}  // namespace

FrontierSolved solve_frontier(const std::vector<PlacementState>& forms, const std::string& dir,
                              const FrontierSolveOptions& opt) {
  Pool pool{forms, dir, opt};
  std::vector<std::thread> threads;
  for (int t = 1; t < std::max(1, opt.threads); ++t) threads.emplace_back([&] { pool.work(); });
  std::atomic<bool> finished{false};
  std::thread ticker;
  if (opt.progress)
    ticker = std::thread([&] {
      while (!finished) {
        for (int k = 0; k < 10 && !finished; ++k)
          std::this_thread::sleep_for(std::chrono::milliseconds(100));
        const std::lock_guard<std::mutex> g(pool.lock);
        if (!finished) opt.progress(pool.done.load(), forms.size());
      }
    });
  pool.work();
  for (auto& t : threads) t.join();
  finished = true;
  if (ticker.joinable()) ticker.join();
  pool.out.interrupted = pool.stopped() && pool.done < forms.size();
  return pool.out;
}

}  // namespace scarney
