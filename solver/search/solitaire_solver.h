// Exact solver for Scarney Solitaire and Scarney Singles.
//
// A memoised depth-first alpha-beta search over jump positions (fail-soft,
// bounds kept in the table), driven by null-window tests "can the score
// reach t?" over the scores an ending can make (search/score_prior.h). A
// position is cut off without search when no finish it can still reach
// would make t (search/solitaire_ceiling.h). Singles differs only in that
// every position after the take-off may end the game by calling Scarney.
// docs/solitaire-search.md tells the whole story.
#pragma once

#include <cstdint>
#include <vector>

#include "games/position.h"
#include "search/oracle.h"
#include "search/result.h"
#include "search/solitaire_ceiling.h"
#include "search/transposition_table.h"

namespace scarney {

class SolitaireSolver : public SolverCounters {
 public:
  // early_call: Singles rules (Scarney may be called after the take-off).
  explicit SolitaireSolver(bool early_call, int log2_table = 13);

  // Precondition: p.game is Solitaire or Singles (early_call must match
  // Singles) and p.phase is TakeOff or Jump.
  int value(const Position& p);
  // The value fail-soft in (alpha, beta): exact inside the window, else a
  // bound beyond it (at most alpha, at least beta). One window search,
  // where value() makes several.
  int value_within(const Position& p, int alpha, int beta);
  Solution solve(const Position& p);
  // Every legal move with its exact value, best first (Singles: "call
  // Scarney" included when legal).
  std::vector<MoveValue> moves(const Position& p);

  // The reachability tables behind the sharp ceilings cost about 0.1 s to
  // build and pay only over many positions: a solver uses them from its
  // kColdPositions+1-th position on, or from the first after this call.
  void use_tables_now() { positions_ = kColdPositions; }
  static constexpr int kColdPositions = 4;

 private:
  int search(const Board& b, uint16_t material, int ceiling, int alpha, int beta, uint8_t hint);
  int search(const Board& b, int alpha, int beta);
  int root(const Position& p, int alpha, int beta);
  int exact(const Position& p);
  // A new position to solve: whether its search uses the tables.
  void start();

  bool early_call_;
  TranspositionTable table_;
  CeilingContext ceiling_;
  int oracle_pawns_ = 0;
  int positions_ = 0;
  bool sharp_tables_ = false;
};

}  // namespace scarney
