// The MPI run: rank 0 is the manager and hands out shards one at a time to
// whichever rank asks (each request carries how the last shard went); rank
// 0 also solves shards on a thread of its own. Only the main thread of each
// rank calls MPI (MPI_THREAD_FUNNELED). The manager waits with MPI_Test and
// a short sleep rather than a blocking receive, which would spin a core
// that its own solving thread needs.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <thread>

#include "exhaustive/drive.h"

#ifdef SCARNEY_WITH_MPI
#include <mpi.h>
#endif

namespace scarney::exhaustive {

#ifndef SCARNEY_WITH_MPI

bool mpi_built() { return false; }
DriveResult run_shards_mpi(const DriveOptions&) { return {}; }

#else

bool mpi_built() { return true; }

namespace {

constexpr int kRequest = 1, kAssign = 2;
// A request: {status of the last shard, solved, skipped}.
enum : int64_t { kFine = 0, kFailed = 1, kInterrupted = 2 };

void wait_for(MPI_Request& req, MPI_Status* st) {
  int done = 0;
  for (;;) {
    MPI_Test(&req, &done, st);
    if (done) return;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

void manage(const DriveOptions& o, int size, DriveResult& r) {
  std::atomic<uint64_t> next{0};
  std::atomic<bool> halt{false};
  const uint64_t n = o.shards.size();
  const auto take = [&]() -> int64_t {
    if (halt || (o.stop && *o.stop)) return -1;
    const uint64_t i = next.fetch_add(1);
    return i < n ? static_cast<int64_t>(i) : -1;
  };
  std::thread local([&] { run_shard_loop(o, take, r, halt, 0); });
  int active = size - 1;
  bool interrupted = false;
  while (active > 0) {
    int64_t msg[3];
    MPI_Request req;
    MPI_Status st;
    MPI_Irecv(msg, 3, MPI_INT64_T, MPI_ANY_SOURCE, kRequest, MPI_COMM_WORLD, &req);
    wait_for(req, &st);
    if (msg[0] == kFailed) halt = true;
    if (msg[0] == kInterrupted) halt = true, interrupted = true;
    int64_t assign = take();
    MPI_Send(&assign, 1, MPI_INT64_T, st.MPI_SOURCE, kAssign, MPI_COMM_WORLD);
    if (assign < 0) --active;
  }
  local.join();
  r.interrupted = r.interrupted || interrupted;
}

void work(const DriveOptions& o, int rank, DriveResult& r) {
  std::atomic<bool> halt{false};
  int64_t status = kFine;
  for (;;) {
    int64_t msg[3] = {status, static_cast<int64_t>(r.solved), static_cast<int64_t>(r.skipped)};
    MPI_Send(msg, 3, MPI_INT64_T, 0, kRequest, MPI_COMM_WORLD);
    int64_t assign = -1;
    MPI_Request req;
    MPI_Irecv(&assign, 1, MPI_INT64_T, 0, kAssign, MPI_COMM_WORLD, &req);
    wait_for(req, MPI_STATUS_IGNORE);
    if (assign < 0) return;
    bool given = true;
    run_shard_loop(
        o, [&]() -> int64_t { return given ? (given = false, assign) : -1; }, r, halt, rank);
    status = !r.error.empty() ? kFailed : r.interrupted ? kInterrupted : kFine;
  }
}

}  // namespace

DriveResult run_shards_mpi(const DriveOptions& o) {
  int provided = 0;
  MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
  DriveResult r;
  MPI_Comm_rank(MPI_COMM_WORLD, &r.rank);
  MPI_Comm_size(MPI_COMM_WORLD, &r.ranks);
  if (r.rank == 0)
    manage(o, r.ranks, r);
  else
    work(o, r.rank, r);
  // Totals for the manager's summary; every rank reports its own error.
  int64_t mine[3] = {static_cast<int64_t>(r.solved), static_cast<int64_t>(r.skipped),
                     r.interrupted ? 1 : 0};
  int64_t all[3] = {0, 0, 0};
  MPI_Request req;
  MPI_Iallreduce(mine, all, 3, MPI_INT64_T, MPI_SUM, MPI_COMM_WORLD, &req);
  wait_for(req, MPI_STATUS_IGNORE);
  if (r.rank == 0) {
    r.solved = static_cast<uint64_t>(all[0]);
    r.skipped = static_cast<uint64_t>(all[1]);
    r.interrupted = r.interrupted || all[2] > 0;
  }
  MPI_Finalize();
  return r;
}

#endif

}  // namespace scarney::exhaustive
