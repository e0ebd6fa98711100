// Running many shards: on one machine, one shard after another with all
// the threads; or, when the program was built with MPI and started by a
// launcher (mpirun, srun), farmed out to the ranks by a manager rank
// (cluster/task_farm.h). A slow shard holds only its rank. Every shard is a
// file of its own; finished shards are skipped, so a rerun after a crash or
// a kill completes what is missing.
#pragma once

#include <atomic>
#include <functional>
#include <string>
#include <vector>

#include "exhaustive/run.h"

namespace scarney::exhaustive {

struct DriveOptions {
  Game game = Game::Solitaire;
  // The shards to run, shard_at(0) .. shard_at(shard_count - 1), asked for
  // one at a time as they are run: a plan of 10^12 shards takes no memory.
  uint64_t shard_count = 0;
  std::function<ShardId(uint64_t)> shard_at;
  std::string dir;
  int threads = 1;
  const std::atomic<bool>* stop = nullptr;
  // On the rank that ran it (stderr is shared under mpirun).
  std::function<void(const std::string& line)> on_shard;
  // Progress of the shard in hand, on a terminal (rank 0 only).
  std::function<void(uint64_t done, uint64_t total)> on_progress;
};

struct DriveResult {
  uint64_t solved = 0, skipped = 0;
  bool interrupted = false;
  std::string error;  // the first error (a damaged shard file, ...)
  int ranks = 1;
  int rank = 0;
};

// Every rank of an MPI run calls it; the shards are run once each.
DriveResult run_shards(const DriveOptions& o);

}  // namespace scarney::exhaustive
