// The ranges a value falls into: the book's rating tables for a game and a
// five-game match, and the win/draw/loss split of the two-player games.
#pragma once

#include <climits>
#include <string>
#include <vector>

#include "games/game.h"

namespace scarney {

struct Band {
  std::string name;
  int lo = INT_MIN;  // inclusive
  int hi = INT_MAX;  // inclusive
  bool contains(int v) const { return lo <= v && v <= hi; }
  std::string range() const;  // "150 or more", "125-149", "29 or fewer"
};

// Best band first, as the book lists them. These agree with
// game_rating/match_rating (games/scoring.h) for every score.
const std::vector<Band>& game_bands();
const std::vector<Band>& match_bands();
// Doubles: the nonstarter's margin; High-Low: the starter's payoff.
const std::vector<Band>& outcome_bands(Game game);

// The bands a game's deals are counted in, by DealOutcome::value: the
// rating table (Solitaire, Singles) or the outcome bands (Doubles, High-Low).
const std::vector<Band>& bands_for(Game game);

}  // namespace scarney
