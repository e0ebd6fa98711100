// The engine's leaf correction. Beyond the exact horizon a board is
// estimated by the mean of its random completions (random_completions.h),
// which treats the rest of the placing as random. That mean is off in a
// way that depends on who placed last before the completions (he chose
// that placement by the search, his opponent's next one is random: the
// mean favours him, by 5 to 15 points) and on how many placements are
// left to chance. A search that stops after the mover's own placement
// then saw-tooths from one placement to the next (docs/placement.md, "How
// well the engine places"). The correction takes the expected error off.
//
// The expected error, per game and per side that placed last, is a line
// in the pawns left fitted to the plain mean's errors against exact values
// (`scarney strength fit`, which writes leaf_bias.inc: committed, refitted
// by that one command, deterministic).
#pragma once

#include "games/game.h"

namespace scarney {

// The expected error, in A's terms, of the plain mean of random
// completions of a board with `pawns_left` left just placed by the search
// (A's last placement when a_placed_last): what the correction subtracts.
// 0 for High-Low's winner-only mean (+1/-1 against an exact +1 or -1 is no
// shifted value) and for boards outside the fitted games.
double plain_estimate_error(Game g, bool a_placed_last, int pawns_left);

// A fitted line: error = intercept + slope * pawns_left, for pawns_left
// up to `last`, the most measured; beyond it the value at `last` (the
// errors measured level off: Singles 15.4 and 13.7 at 9 and 11 left).
struct LeafErrorLine {
  Game game;
  bool a_placed_last;
  double intercept, slope;
  int last;
};

}  // namespace scarney
