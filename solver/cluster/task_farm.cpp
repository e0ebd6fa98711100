#include "cluster/task_farm.h"

#include <chrono>
#include <cstdlib>
#include <exception>
#include <mutex>
#include <thread>

#ifdef SCARNEY_WITH_MPI
#include <mpi.h>
#endif

namespace scarney::cluster {
namespace {

// One task run on this rank, its exception turned into a failure.
enum Outcome : int64_t { kNone = 0, kDone = 1, kInterrupted = 2, kFailed = 3 };

Outcome run_one(const std::function<TaskStatus(uint64_t)>& run, uint64_t task, std::string& error) {
  try {
    return run(task) == TaskStatus::Done ? kDone : kInterrupted;
  } catch (const std::exception& e) {
    if (error.empty()) error = e.what();
    return kFailed;
  }
}

void tally(FarmResult& r, Outcome o) {
  if (o == kDone) ++r.done;
  if (o == kInterrupted) r.interrupted = true;
  if (o == kFailed) r.failed = true;
}

}  // namespace

bool mpi_launched() {
  if (!mpi_built()) return false;
  for (const char* v : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK", "PMI_SIZE"})
    if (std::getenv(v)) return true;
  return false;
}

#ifndef SCARNEY_WITH_MPI

bool mpi_built() { return false; }
Cluster::Cluster() = default;
Cluster::~Cluster() = default;
void Cluster::barrier() const {}
uint64_t Cluster::sum(uint64_t value) const { return value; }

#else

bool mpi_built() { return true; }

namespace {

constexpr int kRequest = 1, kAssign = 2;

void wait_for(MPI_Request& req, MPI_Status* st) {
  for (int done = 0;;) {
    MPI_Test(&req, &done, st);
    if (done) return;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
}

}  // namespace

Cluster::Cluster() {
  if (!mpi_launched()) return;
  int provided = 0;
  MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks_);
  mpi_ = true;
}

Cluster::~Cluster() {
  if (mpi_) MPI_Finalize();
}

void Cluster::barrier() const {
  if (!mpi_) return;
  MPI_Request req;
  MPI_Ibarrier(MPI_COMM_WORLD, &req);
  wait_for(req, MPI_STATUS_IGNORE);
}

uint64_t Cluster::sum(uint64_t value) const {
  if (!mpi_) return value;
  uint64_t all = 0;
  MPI_Request req;
  MPI_Iallreduce(&value, &all, 1, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD, &req);
  wait_for(req, MPI_STATUS_IGNORE);
  return all;
}

#endif

FarmResult Cluster::farm(uint64_t tasks, const std::function<TaskStatus(uint64_t)>& run,
                         const std::atomic<bool>* stop,
                         const std::function<void(uint64_t)>& on_done) const {
  FarmResult r;
  const auto stopped = [&] { return stop && stop->load(); };
  if (!mpi_) {
    for (uint64_t t = 0; t < tasks; ++t) {
      if (stopped()) {
        r.interrupted = true;
        break;
      }
      const Outcome o = run_one(run, t, r.error);
      tally(r, o);
      if (o != kDone) break;
      if (on_done) on_done(t);
    }
    return r;
  }
#ifdef SCARNEY_WITH_MPI
  std::atomic<uint64_t> next{0};
  std::atomic<bool> halt{false};
  std::mutex tally_mutex;
  // Rank 0 hands out the next task, or -1 once none is left or all stop.
  const auto take = [&]() -> int64_t {
    if (halt || stopped()) return -1;
    const uint64_t t = next.fetch_add(1);
    return t < tasks ? static_cast<int64_t>(t) : -1;
  };
  const auto finished = [&](Outcome o, int64_t task) {
    std::lock_guard lock(tally_mutex);
    tally(r, o);
    if (o != kDone) halt = true;
    if (o == kDone && on_done) on_done(static_cast<uint64_t>(task));
  };
  if (rank_ == 0) {
    std::string local_error;
    std::thread local([&] {
      for (int64_t t; (t = take()) >= 0;)
        finished(run_one(run, static_cast<uint64_t>(t), local_error), t);
    });
    for (int active = ranks_ - 1; active > 0;) {
      int64_t msg[2];
      MPI_Request req;
      MPI_Status st;
      MPI_Irecv(msg, 2, MPI_INT64_T, MPI_ANY_SOURCE, kRequest, MPI_COMM_WORLD, &req);
      wait_for(req, &st);
      if (msg[0] != kNone) finished(static_cast<Outcome>(msg[0]), msg[1]);
      int64_t assign = take();
      MPI_Send(&assign, 1, MPI_INT64_T, st.MPI_SOURCE, kAssign, MPI_COMM_WORLD);
      if (assign < 0) --active;
    }
    local.join();
    r.error = local_error;
  } else {
    int64_t msg[2] = {kNone, -1};
    for (;;) {
      MPI_Send(msg, 2, MPI_INT64_T, 0, kRequest, MPI_COMM_WORLD);
      int64_t assign = -1;
      MPI_Request req;
      MPI_Irecv(&assign, 1, MPI_INT64_T, 0, kAssign, MPI_COMM_WORLD, &req);
      wait_for(req, MPI_STATUS_IGNORE);
      if (assign < 0) break;
      const Outcome o = run_one(run, static_cast<uint64_t>(assign), r.error);
      tally(r, o);
      msg[0] = o, msg[1] = assign;
    }
  }
  // Every rank learns how the farm went.
  int64_t mine[3] = {rank_ == 0 ? static_cast<int64_t>(r.done) : 0, r.interrupted || stopped(),
                     r.failed};
  int64_t all[3] = {0, 0, 0};
  MPI_Request req;
  MPI_Iallreduce(mine, all, 3, MPI_INT64_T, MPI_SUM, MPI_COMM_WORLD, &req);
  wait_for(req, MPI_STATUS_IGNORE);
  r.done = static_cast<uint64_t>(all[0]);
  r.interrupted = all[1] > 0;
  r.failed = all[2] > 0;
#endif
  return r;
}

}  // namespace scarney::cluster
