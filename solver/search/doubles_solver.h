// Exact solver for Scarney Doubles.
//
// The value of a position is the margin for the side to move: his points
// from here on minus the opponent's, the final sweep included (see
// games/rules.h). Negamax alpha-beta with the memo table; whose turn it is
// need not be stored, because the value is always for the side to move.
// A jump's margin is bounded by the spots left on the board, and from below
// by the smallest capture the mover must make, which gives the cut-offs
// their first bounds. A jump leaving the opponent no reply sweeps the board
// and is the best there is; the others are tried those leaving the fewest
// replies first (then the biggest captures).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "games/position.h"
#include "search/oracle.h"
#include "search/result.h"
#include "search/transposition_table.h"

namespace scarney {

class DoublesSolver : public SolverCounters {
 public:
  explicit DoublesSolver(int log2_table = 14);

  // Precondition: p.game is Doubles and p.phase is TakeOff, TakeOff2 or Jump.
  int value(const Position& p);
  // The value fail-soft in (alpha, beta): one window search.
  int value_within(const Position& p, int alpha, int beta);
  Solution solve(const Position& p);
  std::vector<MoveValue> moves(const Position& p);

 private:
  int search(const Board& b, int alpha, int beta);
  std::optional<int> cut_by_child(const Board& child, int gain, int beta) const;
  int root(const Position& p, int alpha, int beta);
  int exact(const Position& p, int guess);

  TranspositionTable table_;
  int oracle_pawns_ = 0;
  // Window searches (the placement's questions about complete boards) order
  // the last take-off by where it stands to the first, and try the table
  // there: 14-20% fewer nodes where the side to move falls short, 4% where
  // he reaches the window. value(), solve() and moves() would gain about 9%
  // too, but keep their order so that the bench's node counts stay
  // comparable from version to version.
  bool window_order_ = false;
};

}  // namespace scarney
