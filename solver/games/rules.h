// The rules of the four games behind one narrow interface: the legal moves
// of a position, the position a move leads to, and what an ended game is
// worth. Every solver and checker goes through these functions, and the
// fast solvers are tested against a plain search written on them.
//
// Values are always from the point of view of the side to move:
//   Solitaire, Singles  the best total game score (40 - spots left + bonus)
//   Doubles             the margin: the mover's points from here on minus
//                       the opponent's, the final sweep included
//   High-Low            the payoff: the mover's game score if he wins,
//                       minus the opponent's if he loses
#pragma once

#include <vector>

#include "games/move.h"
#include "games/position.h"

namespace scarney {

// The position a game starts from once all 16 pawns stand on `board`: High-Low
// at its removal, the other games at the take-off.
Position deal_position(Game game, const Board& board);
// The phase once the take-offs are made: High-Low's removal (it has none),
// the others' jumps. The endgame tables hold positions of this phase.
Phase phase_after_takeoff(Game game);

// All legal moves, in a fixed order. Singles' "call Scarney" is not among
// them (see can_call).
std::vector<Move> legal_moves(const Position& p);
bool is_legal(const Position& p, const Move& m);
bool is_over(const Position& p);
// Singles: the active player may end the game after the take-off.
bool can_call(const Position& p);

// Precondition: m is legal in p.
Position play(const Position& p, const Move& m);
// Spots the move takes off the board (credited to the mover).
int gain(const Position& p, const Move& m);

// The value of an ended game (or, for Singles, of calling Scarney now).
int end_value(const Position& p);

// High-Low: all moves, each as the circles it empties, for the pawns on b
// (games/highlow_lines.h has the rule, allocation-free).
std::vector<Mask> highlow_removals(const Board& b);

}  // namespace scarney
