// High-Low's removals: one pawn, or two or three pawns of one colour in one
// row or column with no pawn of another colour between the outermost two
// (empty circles and pawns of the same colour between them do not matter);
// no move may take the last pawn. The one home of the rule: the rules, the
// High-Low solver and the table builder all read it from here.
#pragma once

#include <array>

#include "board/board.h"

namespace scarney {

// Two or three circles of one row or column: a removal when they all hold
// pawns of first's colour and `span` (first to last) holds no other colour.
struct LineMove {
  Mask circles, span;
  Circle first;
};
inline constexpr int kLineMoves = 80;  // 8 lines x (6 pairs + 4 triples)

// Every line move, line by line (rows, then columns), each line's subsets
// in the order of their bits.
const std::array<LineMove, kLineMoves>& highlow_lines();

// Whether the line move m is a legal removal on b (the last-pawn rule aside).
inline bool line_move_legal(const Board& b, const LineMove& m) {
  const Mask occ = b.occupied();
  if ((occ & m.circles) != m.circles) return false;
  const Mask colour = b.colour_mask(colour_of(b.pawn_on(m.first)));
  return !(occ & m.span & ~colour);
}

// Writes the moves of b (each as the circles it empties) to out, single
// pawns first by circle, then the line moves as listed; returns how many.
inline constexpr int kMaxRemovals = kCircles + kLineMoves;
int highlow_removals(const Board& b, Mask* out);

// The removals of a start board as they stand for the rest of the game
// (pawns never move, so only emptied circles change what is legal): each
// with the circles it empties and the circles that must be empty first
// (pawns of another colour between the outermost removed ones). Single
// pawns first by circle, then the line moves as listed. The last-pawn rule
// is the caller's: a removal may not empty what is left.
struct StandingRemoval {
  Mask circles, blockers;
};
int highlow_standing_removals(const Board& start, StandingRemoval* out);

}  // namespace scarney
