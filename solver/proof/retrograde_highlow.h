// Who wins High-Low on a board: the certificate checker's leaf pass. The
// same retrograde pass over the board's 2^16 subsets as PlainHighLow
// (proof/plain_highlow.h), 64 subsets at a time, written again from the
// rules kernel alone (games/highlow_lines.h: the removals of a start board;
// games/values.h: who wins when one pawn is left) and sharing nothing with
// the fast solvers of search/.
//
// A subset is the circles still occupied, bit c for circle C(c+1). The
// pass keeps one bit per subset (1: the side to move wins), in 1024 words:
//
//     subset bits   15 ... 6  |  5 ... 0
//                   word w    |  bit l of word w
//
// A removal of the circles R (blockers K: the pawns of another colour
// between its outermost, which must be gone first) leads from S to S - R,
// a smaller number. Writing R = (Rw, Rl) the same way, the subsets of word
// w it applies to (those holding R and none of K) reach word w - Rw, bit
// l - Rl: so the answer's bits are the child word's lost bits shifted up by
// Rl and kept where l holds Rl and none of K's low bits. Words are settled
// in increasing order; a removal with Rw = 0 stays in its word, where it
// reads lower bits of the same word: such removals are applied in rounds
// until the word no longer changes (each round settles the bits with one
// more of the low six circles: at most seven rounds).
//
// The empty subset counts as won for the side to move, so that no removal
// takes the last pawn (its child is never lost); one pawn left is won when
// the opponent, the last mover, loses with it: a 1 or a 2.
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "board/board.h"
#include "games/highlow_lines.h"

namespace scarney {

class RetrogradeHighLow {
 public:
  // Does the side to move win the High-Low game on `start` (at its
  // removal)? Precondition: start holds at least one pawn.
  bool wins(const Board& start);

  // The pass itself, for the tests that break a rule on purpose: who wins
  // on `occupied` with these removals, when a lone pawn on circle c is won
  // for the side to move iff bit c of `lone_won` is set.
  bool wins(Mask occupied, std::span<const StandingRemoval> removals, Mask lone_won);

  // Subsets settled by the last wins() (a measure of its work: 2^16).
  uint64_t settled() const { return uint64_t{1} << kCircles; }

 private:
  std::array<uint64_t, 1024> won_{};
};

}  // namespace scarney
