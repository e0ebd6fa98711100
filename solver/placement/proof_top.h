// The top of a proof from a High-Low placement position (the empty board
// before A's colour choice, or any other), cut at a frontier of positions
// with N pawns left that are proven by certificates of their own (format
// version 2, proof/certificate.h). As Othello was solved in 2023: the
// estimates guess the winner W and his placements; at W's turns the top
// keeps one placement (the estimate's best), at the other side's turns
// every placement (up to the relabellings and transpositions), down to the
// frontier. Each frontier position is solved exactly; where one refutes
// the guess (W loses there), W's next placement at the nearest turn of his
// above it is tried, which extends the frontier; where every placement of
// W's at the root is refuted, the other side is guessed.
//
// The frontier positions are kept in their canonical form (all 48
// relabellings, A's colours mapped: relabelled_state.h); a directory holds
// one certificate per position solved, named by that form.
#pragma once

#include <atomic>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "placement/placement_solver.h"
#include "placement/proof_ledger.h"
#include "placement/relabelled_state.h"

namespace scarney {

// The certificate of a frontier position (its canonical form) in `dir`:
// "DIR/p<A's colours>-<occupied>-<pawns>.cert", hexadecimal.
std::string frontier_certificate_path(const std::string& dir, const PlacementState& form);
// The winner a frontier certificate claims, read from its
// header (checked by certify later), or nothing when there is none or its
// header names no side (then it is solved again and replaced).
std::optional<Side> frontier_claim(const std::string& path);

struct ProofTopOptions {
  int frontier = 10;  // pawns left at the frontier
  int depth = 2;      // of the estimates that order W's placements
  int samples = 16;
  std::string dir;
  // With a ledger (proof_ledger.h), a frontier position it holds as checked
  // counts as solved with the ledger's claim, its certificate named by the
  // ledger's SHA-256, whether or not the file is in `dir`; any other is
  // pending, even with its file there (it is checked before it counts).
  const ProofLedger* ledger = nullptr;
  // W's placements in the estimate's order, kept in this file when given:
  // read if it exists, rewritten when an order is added. So the top stays
  // the same when the estimate changes (a later build, another machine),
  // and the estimates are made once: a line "winner A" (or B), the guess,
  // then a line per turn of W's: the position's key (hex), then, separated
  // by spaces, each placement as two hex digits, pawn and circle, or t and A's
  // colours in hex for the colour choice.
  std::string orders_path;
  // Said when W's placement is refuted and the next one is tried, or the
  // other side is guessed.
  std::function<void(const std::string&)> note;
  // Set by Ctrl-C: the estimates and the walk of the top stop, throwing
  // PlacementInterrupted (an 11-left root's estimates take a minute, the
  // top of the empty board down to 13 left as long).
  const std::atomic<bool>* stop = nullptr;
};

class ProofTop {
 public:
  ProofTop(const PlacementState& root, ProofTopOptions options);

  // Builds the top from what `dir` holds: true when it is proven (every
  // frontier position it needs is solved for the guessed winner), else the
  // frontier positions still to solve are in pending(). Throws InputError
  // when something else than a regular file stands at a frontier
  // certificate's name, PlacementInterrupted when stopped.
  bool evaluate();
  const std::vector<PlacementState>& pending() const { return pending_; }
  Side guessed_winner() const { return winner_; }
  // Whether the guess was read from the orders' file rather than estimated.
  bool guess_kept() const { return guessed_; }
  // The frontier certificates the top names (after certificate()).
  size_t frontier_size() const { return named_; }
  // The top certificate's bytes (version 2). Precondition: evaluate() true.
  std::string certificate();
  // After certificate(): the frontier certificates it names, as the lines
  // of DIR/certificates.sha256 (proof/certify_references.h).
  const std::string& certificate_list() const { return list_; }
  // The estimates made or read (W's turns ordered).
  size_t estimates() const { return order_.size(); }
  // A frontier position's number (from 1) in the order the evaluations
  // first met it: stable while the guess holds.
  uint64_t frontier_index(const PlacementState& form) const;
  // Every frontier position the evaluations met, in that order (solved or
  // pending).
  const std::vector<PlacementState>& frontier_met() const { return frontier_met_; }

 private:
  enum class Status { Proven, Refuted, Pending };
  Status eval(const PlacementState& s);
  Status winner_turn(const PlacementState& form, const BoardKey& key);
  Status loser_turn(const PlacementState& form);
  Status frontier(const PlacementState& form);
  const std::vector<PlacementMove>& ordered(const PlacementState& form, const BoardKey& key);
  bool winner_to_move(const PlacementState& s) const;
  void read_orders();
  void write_orders() const;

  PlacementState root_;
  ProofTopOptions opt_;
  PlacementSolver estimate_;
  Side winner_ = Side::A;
  bool guessed_ = false;                                  // the winner read from the orders' file
  std::map<BoardKey, Status> memo_;                       // this evaluation's
  std::map<BoardKey, PlacementMove> chosen_;              // W's placement, in the canonical frame
  std::map<BoardKey, std::vector<PlacementMove>> order_;  // W's placements, best guess first
  std::set<std::pair<BoardKey, size_t>> noted_;           // refutations said already
  std::vector<PlacementState> pending_;
  std::map<BoardKey, uint64_t> frontier_index_;  // every frontier position met
  std::vector<PlacementState> frontier_met_;
  size_t named_ = 0;
  std::string list_;
};

}  // namespace scarney
