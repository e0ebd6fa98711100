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
// Who placed last is fixed by the pawns left (A makes the odd-numbered
// placements: with m left, A placed last when m is odd), so the expected
// error is one number per game and pawns left, in A's terms:
//   - up to 9-11 left, measured against exact values: the plain mean of
//     boards just placed by a search one placement deep, less the boards'
//     exact values, smoothed by a line in m for each side;
//   - beyond, where exact values cost too much, by self-consistency: the
//     error at m is what makes the engine's value of a position m + 1 left
//     equal, on average, its value of the position after its own choice
//     (whose boards, m - 1 left, are corrected already) — as exact play
//     keeps its value from one placement to the next.
// `scarney strength fit` writes the table, leaf_bias.inc (committed,
// deterministic, refitted by that one command).
#pragma once

#include <array>

#include "games/game.h"

namespace scarney {

// The expected error, in A's terms, of the plain mean of `samples` random
// completions of a board with `pawns_left` left just placed by the search:
// what the correction subtracts. 0 where nothing was fitted.
//
// Part of the error is the search's own: it picks the child whose mean is
// best, and a mean of n samples errs by about sd / sqrt(n), so the best of
// them is optimistic by an amount that shrinks as 1 / sqrt(n). The table
// holds a row per game for each number of samples fitted (16 and 64);
// between and beyond them the error is taken as b + c / sqrt(samples)
// through the two rows (a search's first round uses 2).
double plain_estimate_error(Game g, int pawns_left, int samples);

// The random completions per estimated board the engine uses (solve,
// moves, the board, play with a budget): 64 where a search one placement
// deep affords them within a second, 16 in High-Low, whose completions
// each cost a complete board's payoff (64 take 3.5 s at 15 left).
int engine_samples(Game g);

// A row of the table: a game, the samples, the error at 0 to 15 pawns left.
using LeafErrors = std::array<double, 16>;
struct LeafErrorRow {
  Game game;
  int samples;
  LeafErrors errors;
};

}  // namespace scarney
