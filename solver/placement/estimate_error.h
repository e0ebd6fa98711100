// How far off the engine's estimates are beyond the exact horizon, as
// measured against exact values: the figure shown beside every "≈" value
// (the board, `solve`, `moves`, `play`) and the threshold below which the
// coach does not call an estimated placement a mistake (issue 34).
//
// An estimate is the corrected mean of random completions of the boards a
// depth-limited search stops at (leaf_bias.h); its error is the error of
// those boards' estimates. So the table is indexed by the pawns left at the
// leaves, not at the position: a deeper search ends nearer the end and
// errs less.
//   - where exact values are affordable (Singles to 11 pawns left, Doubles
//     and High-Low to 9), the mean absolute error of the corrected estimate
//     of boards just placed by a search one placement deep, against their
//     exact values (`scarney strength errors`, the positions of
//     `strength fit`);
//   - beyond, the largest of: a least-squares line through those figures
//     carried on, the last of them, and half the engine's drift along its
//     own lines (exact play keeps its value: a value that moves by d from
//     one placement to the next is off by d / 2 at one of the two);
//     docs/placement.md, "What an estimate shows".
// The sampling error of the completions is part of what was measured.
#pragma once

#include <array>

#include "games/game.h"

namespace scarney {

// The mean absolute error, in points, of a corrected estimate of a board
// with `leaf_pawns_left` pawns left to place (the payoff in High-Low); 0
// with none left (a complete board is solved exactly); at 16 (only A's
// colours chosen) the figure at 15.
double estimate_error(Game g, int leaf_pawns_left);

// A game's row of the table: the error at 0 to 15 pawns left.
struct EstimateErrorRow {
  Game game;
  std::array<double, 16> errors;
};

}  // namespace scarney
