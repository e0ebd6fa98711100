// Solving a range of ranks, and a shard to its file: threads share the
// range in chunks of consecutive ranks (each thread keeps its Solver, so
// rank neighbours share its memo table), and the result does not depend on
// the thread count or timing.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>

#include "exhaustive/deal_space.h"
#include "exhaustive/shard.h"

namespace scarney::exhaustive {

struct RangeRunOptions {
  Game game = Game::Solitaire;
  RankRange range;
  int threads = 1;
  // Set (e.g. by SIGINT) to stop: the run ends incomplete.
  const std::atomic<bool>* stop = nullptr;
  // A few times a second, on the calling thread: ranks walked so far.
  std::function<void(uint64_t ranks_done)> on_progress;
};

struct RangeRun {
  Tally tally{Game::Solitaire};
  uint64_t representatives = 0;
  bool complete = false;
};

RangeRun solve_range(const RangeRunOptions& o);

// Walks the range and calls f(rank, deal, orbit size) for each
// representative, in rank order, without solving.
void list_range(RankRange range, const std::function<void(uint64_t, const Deal&, int)>& f);

enum class ShardStatus { Solved, Skipped, Interrupted };

struct ShardJob {
  Game game = Game::Solitaire;
  ShardId id;
  std::string dir;
  int threads = 1;
  const std::atomic<bool>* stop = nullptr;
  std::function<void(uint64_t done, uint64_t total)> on_progress;
};

// Skips a shard whose file is there and sound (InputError naming the file
// when it is damaged or from another game, version or rules); otherwise
// solves it and writes its file atomically (a temporary file renamed when
// complete, never over anything but a regular file). An interrupted shard
// leaves no file.
ShardStatus run_shard(const ShardJob& job);

// Reads and checks a shard file (InputError naming it when damaged).
ShardResult read_shard_file(const std::string& path);

}  // namespace scarney::exhaustive
