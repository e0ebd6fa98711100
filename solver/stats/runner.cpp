#include "stats/runner.h"

#include <algorithm>
#include <vector>

#include "games/deal.h"
#include "search/solver.h"
#include "util/ordered_pool.h"

namespace scarney {

namespace {

// Deals first .. first + outcomes.size() - 1, solved by one thread.
struct Chunk {
  std::vector<Board> boards;
  std::vector<DealOutcome> outcomes;
  bool complete = false;  // false when a stop cut it short
};

// Small enough for every thread to get many chunks (so none idles long at
// the end), large enough that handing them out costs nothing.
uint64_t chunk_size(const RunOptions& o) {
  const uint64_t threads = std::max(1, o.threads);
  return std::clamp<uint64_t>(o.deals / (threads * 64), 1, 1024);
}

}  // namespace

uint64_t run_deals(const RunOptions& options, const RunCallbacks& callbacks) {
  if (options.deals == 0) return 0;
  const uint64_t chunk = chunk_size(options);
  std::atomic<uint64_t> solved{0};
  OrderedPoolOptions po;
  po.tasks = (options.deals + chunk - 1) / chunk;
  po.threads = static_cast<int>(std::min<uint64_t>(std::max(1, options.threads), options.deals));
  po.stop = options.stop;
  po.tick = std::chrono::milliseconds(200);
  OrderedPool<Chunk> pool(po);

  const auto solve_chunk = [&](Solver& solver, uint64_t task) {
    const uint64_t first = task * chunk;
    const uint64_t last = std::min(options.deals, first + chunk);
    Chunk c;
    c.boards.reserve(last - first);
    c.outcomes.reserve(last - first);
    for (uint64_t i = first; i < last && !pool.stopping(); ++i) {
      c.boards.push_back(deal(options.seed, i));
      c.outcomes.push_back(solve_deal(solver, options.game, c.boards.back()));
      solved.fetch_add(1, std::memory_order_relaxed);
    }
    c.complete = c.outcomes.size() == last - first;
    return c;
  };
  uint64_t delivered = 0;
  pool.run(
      [&] {
        return [&, solver = Solver()](uint64_t task) mutable { return solve_chunk(solver, task); };
      },
      [&](uint64_t, Chunk&& c) {
        if (callbacks.on_deal)
          for (size_t i = 0; i < c.outcomes.size(); ++i)
            callbacks.on_deal(delivered + i, c.boards[i], c.outcomes[i]);
        delivered += c.outcomes.size();
        return c.complete;  // a cut chunk ends the prefix
      },
      [&](bool) {
        if (callbacks.on_progress) callbacks.on_progress(solved.load(std::memory_order_relaxed));
      });
  return delivered;
}

}  // namespace scarney
