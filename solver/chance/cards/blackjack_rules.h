// The rules of a Black Jack game, Scarne's casino rules by default.
#pragma once

#include <string>

namespace scarney::cards::blackjack {

struct Rules {
  int decks = 4;                     // packs of 52 shuffled together, dealt as one
  bool dealer_hits_soft_17 = false;  // Scarne: the dealer stands on every 17
  bool double_after_split = false;   // not in Scarne's text: off by default
  int max_hands = 4;                 // hands a pair may be split into (1: no splitting)
  bool resplit_aces = false;         // split aces get one card each, never resplit
  double natural_payout = 1.5;       // a natural pays 3 to 2

  // Throws std::invalid_argument naming the offending rule.
  void validate() const;
  // One line such as "4 decks, S17, no DAS, split to 4 hands, no RSA, 3:2".
  std::string describe() const;
};

}  // namespace scarney::cards::blackjack
