#include "exhaustive/drive.h"

#include <chrono>
#include <cstdio>

#include "cluster/task_farm.h"
#include "util/input_error.h"

namespace scarney::exhaustive {
namespace {

std::string seconds_text(double secs) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.1f s", secs);
  return buf;
}

}  // namespace

DriveResult run_shards(const DriveOptions& o) {
  const cluster::Cluster cluster;  // the ranks, under mpirun or srun; else this process
  DriveResult r;
  r.rank = cluster.rank();
  r.ranks = cluster.ranks();
  const std::string who = "rank " + std::to_string(r.rank) + ": ";
  // One shard; a damaged shard file throws InputError, which stops the farm.
  const auto run = [&](uint64_t i) {
    ShardJob job;
    job.game = o.game;
    job.id = o.shard_at(i);
    job.dir = o.dir;
    job.threads = o.threads;
    job.stop = o.stop;
    if (cluster.manager()) job.on_progress = o.on_progress;
    const auto t0 = std::chrono::steady_clock::now();
    const ShardStatus s = run_shard(job);
    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const std::string name = shard_file_name(o.game, job.id);
    if (s == ShardStatus::Interrupted) {
      if (o.on_shard) o.on_shard(who + name + " interrupted: no file");
      return cluster::TaskStatus::Interrupted;
    }
    (s == ShardStatus::Solved ? r.solved : r.skipped)++;
    if (o.on_shard)
      o.on_shard(who + name +
                 (s == ShardStatus::Solved ? " solved in " + seconds_text(secs)
                                           : " already there: skipped"));
    return cluster::TaskStatus::Done;
  };
  const cluster::FarmResult f = cluster.farm(o.shard_count, run, o.stop);
  r.error = f.error;
  r.interrupted = f.interrupted;
  // The manager's summary counts every rank's shards.
  r.solved = cluster.sum(r.solved);
  r.skipped = cluster.sum(r.skipped);
  return r;
}

}  // namespace scarney::exhaustive
