#include "exhaustive/drive.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>

#include "util/input_error.h"

namespace scarney::exhaustive {

// In mpi_run.cpp: the manager/worker run (only with SCARNEY_WITH_MPI).
DriveResult run_shards_mpi(const DriveOptions& o);

bool mpi_launched() {
  if (!mpi_built()) return false;
  for (const char* v : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK", "PMI_SIZE"})
    if (std::getenv(v)) return true;
  return false;
}

void run_shard_loop(const DriveOptions& o, const std::function<int64_t()>& next, DriveResult& r,
                    std::atomic<bool>& halt, int rank) {
  for (;;) {
    if (halt || (o.stop && *o.stop)) break;
    const int64_t i = next();
    if (i < 0) break;
    ShardJob job;
    job.game = o.game;
    job.id = o.shards[static_cast<size_t>(i)];
    job.dir = o.dir;
    job.threads = o.threads;
    job.stop = o.stop;
    if (rank == 0) job.on_progress = o.on_progress;
    const auto t0 = std::chrono::steady_clock::now();
    try {
      const ShardStatus s = run_shard(job);
      const double secs =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      const std::string name = shard_file_name(o.game, job.id);
      if (s == ShardStatus::Interrupted) {
        r.interrupted = true;
        halt = true;
        if (o.on_shard)
          o.on_shard("rank " + std::to_string(rank) + ": " + name + " interrupted: no file");
        break;
      }
      (s == ShardStatus::Solved ? r.solved : r.skipped)++;
      if (o.on_shard) {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%.1f s", secs);
        o.on_shard("rank " + std::to_string(rank) + ": " + name +
                   (s == ShardStatus::Solved ? " solved in " + std::string(buf)
                                             : " already there: skipped"));
      }
    } catch (const InputError& e) {
      if (r.error.empty()) r.error = e.what();
      halt = true;
      break;
    }
  }
}

DriveResult run_shards(const DriveOptions& o) {
  if (mpi_launched()) return run_shards_mpi(o);
  DriveResult r;
  size_t next = 0;
  std::atomic<bool> halt{false};
  run_shard_loop(
      o, [&]() -> int64_t { return next < o.shards.size() ? static_cast<int64_t>(next++) : -1; }, r,
      halt, 0);
  return r;
}

}  // namespace scarney::exhaustive
