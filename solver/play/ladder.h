// The strength ladder: how perfect play fares against each level, over
// seeded random deals (docs/play.md has the measured table).
#pragma once

#include <cstdint>

#include "analysis/analysis.h"
#include "play/play_game.h"
#include "play/strength.h"

namespace scarney {

// Plays the game on to its end, A at strength `a`, B at `b` (one-player
// games: A's strength), the choices seeded by `seed`.
void play_out(PlayGame& g, Strength a, Strength b, uint64_t seed);

struct LadderRow {
  Strength level = Strength::Perfect;
  int games = 0;
  // Two-player games: perfect play's games won, lost and tied against the
  // level, and its mean result (Doubles: final margin; High-Low: payoff).
  int won = 0, lost = 0, tied = 0;
  double mean = 0;
  // One-player games: the level's mean score, and perfect play's on the
  // same deals (mean above is then perfect's minus the level's).
  double level_score = 0, perfect_score = 0;
};

// Deal i of `seed` (i < games) for each game; in two-player games perfect
// play takes A in even games and B in odd ones. From the dealt board
// (no placement phase).
LadderRow ladder_row(Game g, Strength level, int games, uint64_t seed, Analyser& analyser);

}  // namespace scarney
