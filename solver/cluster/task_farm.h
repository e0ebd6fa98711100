// The processes of one run, and a farm that hands numbered tasks to them.
//
// Started by an MPI launcher (mpirun, srun) from a binary built with MPI
// (SCARNEY_MPI), every process is a rank: rank 0 is the manager, handing
// task after task to whichever rank asks for one, as in GamesmanOne; it
// also runs tasks on a thread of its own, so that N ranks work on N
// processes. A slow task holds only its rank. Started any other way, the
// one process runs every task itself, in order. Either way a task runs
// once, and what the tasks write does not depend on who ran them.
//
// Only the main thread of a rank calls MPI (MPI_THREAD_FUNNELED). Waiting
// is done with MPI_Test and a short sleep rather than a blocking call,
// which in Open MPI spins a core that the rank's own workers need.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>

namespace scarney::cluster {

// Built with MPI.
bool mpi_built();
// Built with MPI and started by a launcher (its variables are set).
bool mpi_launched();

enum class TaskStatus { Done, Interrupted };

struct FarmResult {
  uint64_t done = 0;         // tasks finished, on every rank
  bool interrupted = false;  // some rank was stopped (Ctrl-C)
  bool failed = false;       // some rank's task threw
  std::string error;         // this rank's first error, if it had one
};

class Cluster {
 public:
  // Joins the MPI run when mpi_launched(); otherwise a run of one.
  Cluster();
  ~Cluster();
  Cluster(const Cluster&) = delete;
  Cluster& operator=(const Cluster&) = delete;

  int rank() const { return rank_; }
  int ranks() const { return ranks_; }
  bool manager() const { return rank_ == 0; }

  // Every rank calls it; tasks 0 .. tasks-1 run once each, across the ranks.
  // run(task) throws to fail (the message is kept in this rank's error),
  // returns Interrupted when it was stopped. After a failure or a stop no
  // task starts. on_done(task) runs on rank 0 for each task finished by any
  // rank, from any of rank 0's threads (it must be thread-safe).
  FarmResult farm(uint64_t tasks, const std::function<TaskStatus(uint64_t)>& run,
                  const std::atomic<bool>* stop,
                  const std::function<void(uint64_t)>& on_done = {}) const;

  // Waits until every rank is here.
  void barrier() const;
  // Whether `flag` is true on any rank (every rank calls it).
  bool any(bool flag) const { return sum(flag ? 1 : 0) > 0; }
  // The sum over the ranks (every rank calls it).
  uint64_t sum(uint64_t value) const;

 private:
  int rank_ = 0;
  int ranks_ = 1;
  bool mpi_ = false;
};

}  // namespace scarney::cluster
