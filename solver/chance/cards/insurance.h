// Insurance: with an ace up, a side bet of up to half the wager that the hole
// card is a ten-count; it pays 2 to 1.
#pragma once

#include "chance/cards/blackjack_shoe.h"

namespace scarney::cards::blackjack {

// Expectation per unit insured when the hole card comes from `shoe` (every
// card the player has not seen: the upcard and his own cards removed).
inline double insurance_expectation(const Shoe& shoe) {
  const double ten = shoe.chance(kTen);
  return 2 * ten - (1 - ten);
}

}  // namespace scarney::cards::blackjack
