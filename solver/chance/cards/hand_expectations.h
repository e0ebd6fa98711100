// Each action's expectation for one hand against one upcard, the hand and the
// upcard removed from a full shoe. With an ace or ten up the values are
// given that the dealer has peeked and holds no natural. After the first
// decision the hand is played as well as its cards allow (the best choice
// for each composition); split hands by the approximation of split.h.
#pragma once

#include <optional>

#include "chance/cards/blackjack_hand.h"
#include "chance/cards/blackjack_rules.h"
#include "chance/cards/strategy.h"

namespace scarney::cards::blackjack {

struct HandExpectations {
  double stand = 0;
  std::optional<double> hit;          // not for a natural
  std::optional<double> double_down;  // first two cards only
  std::optional<double> split;        // pairs only, when max_hands >= 2
  double no_natural = 1;              // P(dealer has no natural) before the peek
  std::optional<double> insurance;    // per unit insured, with an ace up
  Action best = Action::stand;
};

// Throws std::invalid_argument for an upcard outside 1..10, or cards the shoe
// does not hold.
HandExpectations hand_expectations(const Rules& rules, const Hand& hand, int upcard);

}  // namespace scarney::cards::blackjack
