// The player's expectation for one hand off the top of the shoe, exact over
// every deal of the player's two cards and the dealer's upcard and hole card.
#pragma once

#include <array>

#include "chance/cards/blackjack_rules.h"
#include "chance/cards/strategy.h"

namespace scarney::cards::blackjack {

struct Expectation {
  double overall = 0;                  // per unit bet, over all deals
  std::array<double, 11> by_upcard{};  // [upcard]: given that upcard (naturals included)
  std::array<double, 11> upcard_chance{};
};

// Under `strategy`; null: the best play for every composition (still splitting
// by the approximation of split.h).
Expectation expectation(const Rules& rules, const Strategy* strategy);

}  // namespace scarney::cards::blackjack
