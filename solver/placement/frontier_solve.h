// Solving the frontier positions of a proof's top (proof_top.h): each
// exactly, with its certificate written atomically into the directory
// under its canonical name, one position a thread. A position whose
// certificate is there already is skipped, so an interrupted or sharded
// run resumes where it stopped.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "placement/placement_certificate.h"
#include "placement/proof_ledger.h"

namespace scarney {

// Shard K of S of the frontier: the positions whose canonical key hashes
// to K modulo S. By the key rather than by the place in the list, so that
// a position stays in its shard when the frontier grows (a refutation
// extends it) while other shards are running.
bool in_frontier_shard(const PlacementState& form, uint64_t shard, uint64_t shards);

// With a ledger (proof_ledger.h): a position the ledger holds as checked is
// skipped; any other is made (or, when its file is there, taken as it is),
// then checked whole by certify (every leaf board), and recorded in the
// ledger with its counts, SHA-256, the CPU to make and check it, `commit`,
// and `index(form)`. Without one, a position whose file is there is
// skipped, and nothing is checked.
struct FrontierLedger {
  ProofLedger* ledger = nullptr;
  std::string commit;
  std::function<uint64_t(const PlacementState&)> index;
};

// Positions each frontier certificate's search remembers by default (about
// 3.5 GB at 13 pawns left; docs/highlow-solution.md, "Memory"): `prove`'s,
// and `certify --sample`'s, which remakes its certificates.
inline constexpr size_t kProofTableLimit = 12'000'000;

struct FrontierSolveOptions {
  int threads = 1;
  FrontierLedger ledger;
  size_t table_limit = 0;  // each certificate's (PlacementOptions::table_limit); 0: none
  // With a ledger: a position it holds as checked whose file is not in the
  // directory is made again and checked (certify of a proof's top needs
  // every file on one machine, and a machine's files are not kept). Made by
  // the build the ledger names, the file must have the SHA-256 the ledger
  // records (else InputError: the certificate is not deterministic); by
  // another build, its line is replaced.
  bool remake_missing = false;
  const std::atomic<bool>* stop = nullptr;
  // Called (under a lock) after each position solved here.
  std::function<void(const PlacementState&, const CertificateMade&)> solved;
  // Called (under a lock) about once a second: positions done of total.
  std::function<void(size_t done, size_t total)> progress;
};

struct FrontierSolved {
  size_t solved = 0, skipped = 0;
  size_t not_valid = 0;  // with a ledger: certificates certify refused (recorded as not checked)
  bool interrupted = false;
};

// Throws the first error of any thread (InputError: a full disk, something
// else than a regular file at a certificate's name) once all have ended;
// the certificates written before it are kept.
FrontierSolved solve_frontier(const std::vector<PlacementState>& forms, const std::string& dir,
                              const FrontierSolveOptions& options);

}  // namespace scarney
