// The hands a player can come to hold by hitting: every composition of two or
// more cards reachable from a two-card deal by hitting below 21, with its
// chance of being held that way (ordered draws without replacement).
#pragma once

#include <vector>

#include "chance/cards/blackjack_hand.h"
#include "chance/cards/blackjack_shoe.h"

namespace scarney::cards::blackjack {

struct HeldHand {
  Hand hand;
  double chance;  // over the deals from `shoe`: all orders that reach it
};

// Hands not busted, from `shoe` (the upcard already out); naturals included
// as two-card hands (they are never hit).
std::vector<HeldHand> held_hands(const Shoe& shoe);

}  // namespace scarney::cards::blackjack
