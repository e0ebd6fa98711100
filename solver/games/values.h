// How each game values a position from its children and at its end: the
// one definition the rules (end_value), the plain reference search, the
// solvers, the checker and the table builder all use.
//
// Values are from the point of view of the side to move (see rules.h).
#pragma once

#include "board/board.h"
#include "games/game.h"

namespace scarney {

// The value of a move for the mover, from the value of the position it
// leads to (for the side to move there) and the spots it takes off:
//   Solitaire, Singles  the same player moves on: the child's score;
//   Doubles             the mover keeps the capture, and the opponent's
//                       margin from the child counts against him;
//   High-Low            the child's payoff is the opponent's: negated (the
//                       spots removed are already in the child's payoff).
constexpr int move_value(Game g, int child_value, int gain) {
  switch (g) {
    case Game::Solitaire:
    case Game::Singles:
      return child_value;
    case Game::Doubles:
      return gain - child_value;
    case Game::HighLow:
      return -child_value;
  }
  return 0;
}

// Doubles: the player who made the last jump (or, with no jump, the second
// take-off) sweeps the pawns left; for the side to move that is the
// opponent, so the margin at the end is minus the spots left.
inline int swept_spots(const Board& left) { return left.spots(); }
inline int doubles_end_value(const Board& left) { return -swept_spots(left); }

// High-Low ends with one pawn left: the last mover wins with a 3 or a 4 and
// loses with a 1 or a 2; the winner scores the spots he removed, doubled if
// the last pawn is black.
constexpr bool last_mover_wins(Pawn last) { return spots_of(last) >= 3; }
constexpr int highlow_multiplier(Pawn last) { return is_black(last) ? 2 : 1; }
// The payoff for the side to move (not the last mover), who has removed
// `mine` spots, the opponent `theirs`.
constexpr int highlow_end_value(Pawn last, int mine, int theirs) {
  return last_mover_wins(last) ? -theirs * highlow_multiplier(last)
                               : mine * highlow_multiplier(last);
}

}  // namespace scarney
