#include "exhaustive/run.h"

#include <sys/stat.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "board/board.h"
#include "exhaustive/enumerator.h"
#include "search/solver.h"
#include "util/atomic_file.h"
#include "util/input_error.h"
#include "util/input_file.h"
#include "util/ordered_pool.h"

namespace scarney::exhaustive {

namespace {

struct Chunk {
  Tally tally{Game::Solitaire};
  uint64_t representatives = 0;
  bool complete = false;
};

// About 256 representatives a chunk: many chunks for every thread, and
// still nothing to hand them out.
constexpr uint64_t kChunkRanks = 48 * 256;

Board board_of(const Deal& d) {
  Board b;
  for (int c = 0; c < kCircles; ++c) b.place(d[c], static_cast<Circle>(c));
  return b;
}

}  // namespace

RangeRun solve_range(const RangeRunOptions& o) {
  RangeRun run;
  run.tally = Tally(o.game);
  if (o.range.size() == 0) {
    run.complete = true;
    return run;
  }
  const uint64_t threads = std::max(1, o.threads);
  const uint64_t width = std::clamp<uint64_t>(o.range.size() / (threads * 16), 1, kChunkRanks);
  OrderedPoolOptions po;
  po.tasks = (o.range.size() + width - 1) / width;
  po.threads = static_cast<int>(std::min<uint64_t>(threads, po.tasks));
  po.stop = o.stop;
  po.window = 4096;
  po.tick = std::chrono::milliseconds(200);
  OrderedPool<Chunk> pool(po);
  std::atomic<uint64_t> walked{0};
  const auto solve_chunk = [&](Solver& solver, Enumerator& e, uint64_t task) {
    const uint64_t lo = o.range.lo + task * width;
    const uint64_t hi = std::min(o.range.hi, lo + width);
    Chunk c;
    c.tally = Tally(o.game);
    c.complete = true;
    e.for_each(lo, hi, [&](uint64_t rank, const Deal& d, int orbit) {
      if (pool.stopping()) return c.complete = false;
      add_weighted(c.tally, rank, solve_deal(solver, o.game, board_of(d)), orbit);
      ++c.representatives;
      return true;
    });
    walked.fetch_add(hi - lo, std::memory_order_relaxed);
    return c;
  };
  bool complete = true;
  const uint64_t consumed = pool.run(
      [&] {
        return [&, solver = std::make_shared<Solver>(), e = std::make_shared<Enumerator>(kScarney)](
                   uint64_t task) { return solve_chunk(*solver, *e, task); };
      },
      [&](uint64_t, Chunk&& c) {
        add_tally(run.tally, c.tally);
        run.representatives += c.representatives;
        if (!c.complete) complete = false;
        return c.complete;
      },
      [&](bool) {
        if (o.on_progress) o.on_progress(walked.load(std::memory_order_relaxed));
      });
  run.complete = complete && consumed == po.tasks;
  return run;
}

void list_range(RankRange range, const std::function<void(uint64_t, const Deal&, int)>& f) {
  Enumerator e(kScarney);
  e.for_each(range.lo, range.hi, [&](uint64_t r, const Deal& d, int orbit) {
    f(r, d, orbit);
    return true;
  });
}

ShardResult read_shard_file(const std::string& path) {
  // Never waits on a FIFO: only a regular file is read.
  constexpr size_t kMaxShardFileBytes = size_t{64} << 20;
  const std::string text = read_input_file(path, kMaxShardFileBytes);
  if (text.size() > kMaxShardFileBytes)
    throw InputError(path + ": too large for a shard file (over 64 MiB)");
  return parse_shard(text, path);
}

ShardStatus run_shard(const ShardJob& job) {
  namespace fs = std::filesystem;
  const std::string path = (fs::path(job.dir) / shard_file_name(job.game, job.id)).string();
  const auto check_target = [&] {
    struct stat st;
    if (lstat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode))
      throw InputError(path + ": exists and is not a regular file; not writing over it");
    return lstat(path.c_str(), &st) == 0;
  };
  if (check_target()) {
    const ShardResult r = read_shard_file(path);
    if (r.game != job.game || r.id.index != job.id.index || r.id.count != job.id.count)
      throw InputError(path + ": holds another shard (" + game_name(r.game) + " " +
                       std::to_string(r.id.index) + "/" + std::to_string(r.id.count) + ")");
    if (r.version != program_version() || r.rules != rules_variant())
      throw InputError(path + ": made by " + r.version + " (this is " + program_version() +
                       "): delete it or use another directory");
    return ShardStatus::Skipped;
  }
  RangeRunOptions o;
  o.game = job.game;
  o.range = shard_range(job.id, factorial(kCircles));
  o.threads = job.threads;
  o.stop = job.stop;
  if (job.on_progress)
    o.on_progress = [&](uint64_t done) { job.on_progress(done, o.range.size()); };
  const RangeRun run = solve_range(o);
  if (!run.complete) return ShardStatus::Interrupted;
  ShardResult r;
  r.game = job.game;
  r.id = job.id;
  r.range = o.range;
  r.representatives = run.representatives;
  r.tally = run.tally;
  r.version = program_version();
  r.rules = rules_variant();
  check_target();
  write_file_atomically(path, format_shard(r));
  return ShardStatus::Solved;
}

}  // namespace scarney::exhaustive
