#include "placement/frontier_solve.h"

#include <algorithm>
#include <chrono>
#include <exception>
#include <filesystem>
#include <mutex>
#include <thread>

#include "placement/proof_top.h"
#include "proof/certify.h"
#include "proof/sha256.h"
#include "util/cpu_time.h"
#include "util/input_error.h"

namespace scarney {

bool in_frontier_shard(const PlacementState& form, uint64_t shard, uint64_t shards) {
  const BoardKey key{form.board.pawn_nibbles(), static_cast<uint32_t>(form.board.occupied()) |
                                                    static_cast<uint32_t>(form.a_colours) << 16};
  return board_key_bits(key) % std::max<uint64_t>(shards, 1) == shard;
}

namespace {

std::string file_name(const std::string& path) { return path.substr(path.rfind('/') + 1); }

struct Pool {
  Pool(const std::vector<PlacementState>& f, const std::string& d, const FrontierSolveOptions& o)
      : forms(f), dir(d), opt(o) {}
  const std::vector<PlacementState>& forms;
  const std::string& dir;
  const FrontierSolveOptions& opt;
  std::atomic<size_t> next{0}, done{0};
  std::mutex lock;
  FrontierSolved out;
  // The first error of any thread (a full disk, something at a
  // certificate's name): no position is started after it, and it is thrown
  // once every thread has ended (a thread's exception would end the
  // program, and so would a thread left running while it unwinds).
  std::exception_ptr error;
  std::atomic<bool> failed{false};

  bool stopped() const { return opt.stop && opt.stop->load(std::memory_order_relaxed); }

  void one(const PlacementState& form) {
    const std::string path = frontier_certificate_path(dir, form);
    if (opt.ledger.ledger ? checked_already(path) : frontier_claim(path).has_value()) {
      const std::lock_guard<std::mutex> g(lock);
      ++out.skipped;
      return;
    }
    CertificateMade made;
    double make_cpu = -1;
    if (!opt.ledger.ledger || !frontier_claim(path)) {
      PlacementOptions o;
      o.stop = opt.stop;
      o.table_limit = opt.table_limit;
      const double t0 = thread_cpu_seconds();
      made = write_placement_certificate(form, path, o);
      make_cpu = thread_cpu_seconds() - t0;
    }
    if (opt.ledger.ledger && !check_and_record(form, path, made, make_cpu)) return;
    const std::lock_guard<std::mutex> g(lock);
    ++out.solved;
    if (opt.solved) opt.solved(form, made);
  }

  bool checked_already(const std::string& path) {
    const std::lock_guard<std::mutex> g(lock);
    const auto e = opt.ledger.ledger->find(file_name(path));
    return e && e->checked && !(opt.remake_missing && !std::filesystem::exists(path));
  }

  // A certificate remade by the build that made it must be the same file.
  void same_as_before(const LedgerEntry& now) {
    const std::lock_guard<std::mutex> g(lock);
    const auto before = opt.ledger.ledger->find(now.certificate);
    if (!before || before->commit != now.commit || before->sha256 == now.sha256) return;
    throw InputError(now.certificate + " remade by build " + now.commit +
                     ", which made it before: SHA-256 " + now.sha256 + ", the ledger's " +
                     before->sha256 + " (a certificate must be the same bytes for one build)");
  }

  // Certifies the file whole and records it; false when stopped. `made`
  // gets the certificate's claim and counts as certify found them.
  bool check_and_record(const PlacementState& form, const std::string& path, CertificateMade& made,
                        double make_cpu) {
    const double t0 = thread_cpu_seconds();
    const Certificate c = read_certificate(path);
    CertifyOptions co;
    co.stop = opt.stop;
    const CertifyReport r = certify(c, co);
    if (r.interrupted) return false;
    LedgerEntry e;
    e.index = opt.ledger.index ? opt.ledger.index(form) : 0;
    e.certificate = file_name(path);
    e.claim = c.header.winner;
    e.nodes = r.nodes;
    e.leaves = r.leaves;
    e.references = r.references;
    e.bytes = c.header.packed_size + kCertificateHeaderSize;
    e.sha256 = hex(sha256_of_file(path));
    e.make_cpu = make_cpu;
    e.check_cpu = thread_cpu_seconds() - t0;
    // A file found already made: by a build this run cannot name.
    e.commit = make_cpu < 0 ? "unknown" : opt.ledger.commit;
    e.checked = r.valid;
    same_as_before(e);
    made.a_wins = c.header.winner == Side::A;
    made.nodes = r.nodes;
    made.leaves = r.leaves;
    made.references = r.references;
    const std::lock_guard<std::mutex> g(lock);
    opt.ledger.ledger->record(e);
    if (!r.valid) ++out.not_valid;
    return true;
  }

  void work() {
    for (size_t i; (i = next.fetch_add(1)) < forms.size();) {
      if (stopped() || failed) break;
      try {
        one(forms[i]);
      } catch (const PlacementInterrupted&) {
        break;  // nothing written: the file appears whole or not at all
      } catch (...) {
        const std::lock_guard<std::mutex> g(lock);
        if (!error) error = std::current_exception();
        failed = true;
        break;
      }
      ++done;
    }
  }
};

}  // namespace

FrontierSolved solve_frontier(const std::vector<PlacementState>& forms, const std::string& dir,
                              const FrontierSolveOptions& opt) {
  Pool pool{forms, dir, opt};
  std::vector<std::thread> threads;
  for (int t = 1; t < std::max(1, opt.threads); ++t) threads.emplace_back([&] { pool.work(); });
  std::atomic<bool> finished{false};
  std::thread ticker;
  if (opt.progress)
    ticker = std::thread([&] {
      while (!finished) {
        for (int k = 0; k < 10 && !finished; ++k)
          std::this_thread::sleep_for(std::chrono::milliseconds(100));
        const std::lock_guard<std::mutex> g(pool.lock);
        if (!finished) opt.progress(pool.done.load(), forms.size());
      }
    });
  pool.work();
  for (auto& t : threads) t.join();
  finished = true;
  if (ticker.joinable()) ticker.join();
  if (pool.error) std::rethrow_exception(pool.error);
  pool.out.interrupted = pool.stopped() && pool.done < forms.size();
  return pool.out;
}

}  // namespace scarney
