// The counts kept while deals are solved; everything reported is derived
// from them. Counting is order-independent, so the result does not depend
// on which thread solved which deal.
#pragma once

#include <cstdint>

#include "games/game.h"
#include "stats/deal_outcome.h"
#include "stats/distribution.h"

namespace scarney {

struct Extreme {
  uint64_t deal = 0;
  int value = 0;
};

struct Tally {
  Game game = Game::Solitaire;
  uint64_t deals = 0;
  Histogram headline;                 // see headline() in deal_outcome.h
  Histogram values;                   // DealOutcome::value; the bands are counted on it
  Histogram call_gain;                // Singles: best Singles score minus best Solitaire score
  Histogram starter_won, second_won;  // High-Low: the winner's score, by winner
  // The highest and lowest DealOutcome::value; ties go to the lowest deal.
  Extreme best, worst;

  explicit Tally(Game g) : game(g) {}
  void add(uint64_t deal, const DealOutcome& o);
};

}  // namespace scarney
