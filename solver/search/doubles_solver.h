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
  // The jumps of a node as keys, taken smallest first; or the node's
  // value, when a jump settles it without a search.
  struct JumpOrder {
    uint16_t key[48];
    int n = 0;
    bool settled = false;
    int value = 0;
    Bound bound = Bound::Exact;
    uint8_t move = 0;

    bool settle(int v, Bound b, uint8_t m) {
      settled = true, value = v, bound = b, move = m;
      return true;
    }
    // The smallest key not taken yet (a scan: most nodes cut off after
    // one or two children, so sorting them all would cost more).
    uint16_t next() {
      int m = 0;
      for (int i = 1; i < n; ++i) m = key[i] < key[m] ? i : m;
      const uint16_t k = key[m];
      key[m] = UINT16_MAX;
      return k;
    }
  };
  void order_jumps(const Board& b, const JumpMasks& jumpers, uint8_t hint, int beta,
                   JumpOrder& order) const;
  int search(const Board& b, int alpha, int beta);
  std::optional<int> cut_by_child(const Board& child, int gain, int beta) const;
  int root(const Position& p, int alpha, int beta);
  int exact(const Position& p, int guess);

  TranspositionTable table_;
  int oracle_pawns_ = 0;
  // Window searches (the placement's questions about complete boards) order
  // the last take-off by where it stands to the first, and try the table
  // there: 14-20% fewer nodes where the side to move falls short, 4% where
  // he reaches the window. Their jump search has no look-ahead and tables
  // only the bigger positions (see doubles_solver.cpp). value(), solve()
  // and moves() would gain about 9% from the order too, but keep their
  // settings so that the bench's node counts stay comparable from version
  // to version.
  bool window_order_ = false;
};

}  // namespace scarney
