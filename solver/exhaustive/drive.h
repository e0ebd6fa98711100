// Running many shards: on one machine, one shard after another with all
// the threads; or, when the program was built with MPI and started by a
// launcher (mpirun, srun), as a manager rank handing shard after shard to
// the ranks that ask for one (rank 0 solves shards too, on a thread of its
// own, so that N ranks solve on N processes). A slow shard holds only its
// rank. Every shard is a file of its own; finished shards are skipped, so a
// rerun after a crash or a kill completes what is missing.
#pragma once

#include <atomic>
#include <functional>
#include <string>
#include <vector>

#include "exhaustive/run.h"

namespace scarney::exhaustive {

struct DriveOptions {
  Game game = Game::Solitaire;
  std::vector<ShardId> shards;
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

// True when built with MPI (SCARNEY_MPI) and started by an MPI launcher.
bool mpi_built();
bool mpi_launched();

DriveResult run_shards(const DriveOptions& o);

// Runs the shards from `next` on until none is left or `halt` is set:
// the local loop both ways of running share.
void run_shard_loop(const DriveOptions& o, const std::function<int64_t()>& next, DriveResult& r,
                    std::atomic<bool>& halt, int rank);

}  // namespace scarney::exhaustive
