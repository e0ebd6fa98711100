// The proof of who wins a High-Low placement position, as a certificate
// (proof/certificate.h) that `scarney certify` checks without this search.
//
// The position is solved winner-only; then the proof is read off the
// search's tables from the root: at the winner's turns the placement the
// tables say wins (checked by a null-window test), at the loser's turns
// every placement, down to complete boards. A node equal to one already
// written up to a relabelling that keeps every value (the 16 that keep A's
// colours on partial boards, all 48 on complete ones) refers to it.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>

#include "placement/placement_solver.h"

namespace scarney {

struct CertificateMade {
  bool a_wins = false;
  uint64_t nodes = 0, leaves = 0, references = 0;
  uint64_t body_bytes = 0, file_bytes = 0;
  double solve_seconds = 0, extract_seconds = 0;
};

// The certificate's bytes. Precondition: a High-Low placement state with
// A's colours chosen and at least one pawn left. `options` give the stop
// flag and the search's progress; the search is exact and winner-only
// whatever they say. `written`, when given, is called every 4096 nodes
// written (nodes, leaves). Throws PlacementInterrupted when stopped.
using CertificateProgress = std::function<void(uint64_t nodes, uint64_t leaves)>;
std::string make_placement_certificate(const PlacementState& s, PlacementOptions options,
                                       CertificateMade* made = nullptr,
                                       const CertificateProgress& written = nullptr);

// The same with a solver that has searched already (winner-only: its
// tables then spare most of the certificate's search). `written_limit` > 0:
// at most about that many positions are remembered as written; beyond,
// those nearest the end are forgotten, and met again they are written
// again (a larger certificate, in bounded memory: PlacementOptions'
// table_limit, which the other forms pass here). `stop`, when set, stops
// the writing too (PlacementInterrupted): at 13 pawns left it takes minutes
// after the search.
std::string make_placement_certificate(PlacementSolver& solver, const PlacementState& s,
                                       CertificateMade* made = nullptr,
                                       const CertificateProgress& written = nullptr,
                                       size_t written_limit = 0,
                                       const std::atomic<bool>* stop = nullptr);

// The same, written to `path` atomically (util/atomic_file.h): the file
// appears whole or not at all. A file of a proof's directory: a link, a
// FIFO or a device at `path` is refused (InputError), never written through.
CertificateMade write_placement_certificate(const PlacementState& s, const std::string& path,
                                            PlacementOptions options,
                                            const CertificateProgress& written = nullptr);

}  // namespace scarney
