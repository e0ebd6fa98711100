// The dealer's hand: he draws to 16 and stands on 17 (or hits a soft 17 under
// the H17 rule), taking cards from a finite shoe without replacement.
#pragma once

#include <array>

#include "chance/cards/blackjack_shoe.h"

namespace scarney::cards::blackjack {

struct DealerOdds {
  std::array<double, 5> total{};  // total[t - 17]: stands on t = 17..21, not a natural
  double bust = 0;
  double natural = 0;  // the hole card gives him a natural (only with an ace or ten up)

  double stands_on(int t) const { return total[t - 17]; }
  // The same odds given that the hole card does not make a natural (what the
  // players face once the dealer has peeked).
  DealerOdds given_no_natural() const;
};

// Exact odds of the dealer's final hand with `upcard` showing when his hole card
// and draws come from `shoe` (which must not hold the upcard any more).
DealerOdds dealer_odds(const Shoe& shoe, int upcard, bool hits_soft_17);

}  // namespace scarney::cards::blackjack
