// Who wins High-Low on a board, found the plain way: one retrograde pass
// over the board's subsets in increasing order, a byte per subset, written
// only on the rules kernel (games/highlow_lines.h: the removals of a start
// board as they stand for the rest of the game; games/rules.h: the value
// of an ended game). A subset with no legal removal is an ended game,
// valued by the rules; a subset is won when some legal removal leads to a
// subset lost for the opponent, so each subset found lost marks won every
// subset from which a legal removal leads to it.
//
// It exists so that a certificate's leaf boards are checked by something
// that shares nothing with the fast solvers (search/highlow_winner.h, the
// High-Low solver): it is deliberately simple, and tested against the
// reference search (search/reference.h). Pawns never move in High-Low, so
// the circles still occupied say which position of the game is reached;
// who wins does not depend on the spots removed so far, only the payoff.
#pragma once

#include <cstdint>
#include <vector>

#include "board/board.h"
#include "games/highlow_lines.h"

namespace scarney {

class PlainHighLow {
 public:
  PlainHighLow();
  // Does the side to move win the High-Low game on `start` (at its
  // removal)? Precondition: start holds at least one pawn.
  bool wins(const Board& start);
  // Subsets settled by the last wins() (a measure of its work).
  uint64_t settled() const { return settled_; }

 private:
  static bool has_removal(const StandingRemoval* removals, int n, Mask left);
  static bool ended_won(const Board& start, Mask left);
  std::vector<uint8_t> won_;  // by the circles still occupied: 1 won by the side to move
  uint64_t settled_ = 0;
};

}  // namespace scarney
