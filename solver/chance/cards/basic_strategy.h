// Total-dependent basic strategy, computed from the full shoe.
//
// Hit or stand: for each upcard and each total (hard or soft), the choice
// that gives the larger expectation summed over every composition of that
// total, each weighted by its chance of being held: the chance of its cards
// being dealt in an order that keeps hitting until it is reached (two cards
// dealt, then hits while the count is below 21). Totals are settled from the
// top down (hard 20 to 11, soft 20 to 12, hard 10 to 4), so the play after a
// hit is always already fixed.
//
// First two cards: stand, hit or double, weighted over the two-card
// compositions of the total (pairs apart); a pair chooses among those and
// splitting for its own two cards, the split hands played by this same
// strategy (see split.h).
#pragma once

#include "chance/cards/blackjack_rules.h"
#include "chance/cards/strategy.h"

namespace scarney::cards::blackjack {

Strategy basic_strategy(const Rules& rules);

}  // namespace scarney::cards::blackjack
