// The player's expectations for the hands he can hold against one dealer
// upcard, computed exactly over a finite shoe: the dealer's odds are taken
// from the shoe less the hand's own cards, and every hit removes its card.
//
// Values are in units of the hand's bet and are *joint* with the dealer not
// holding a natural: E[payoff; no dealer natural]. With an upcard other than
// an ace or ten this is the plain expectation; with those upcards divide by
// no_natural(hand) for the expectation given the dealer has peeked and found
// no natural (a natural takes only the original bet, so it is accounted for
// once, at the deal, never inside a hand's play).
#pragma once

#include <cstdint>
#include <unordered_map>

#include "chance/cards/blackjack_hand.h"
#include "chance/cards/blackjack_rules.h"
#include "chance/cards/blackjack_shoe.h"
#include "chance/cards/dealer.h"
#include "chance/cards/strategy.h"

namespace scarney::cards::blackjack {

class HandValues {
 public:
  // `shoe`: the cards left once the upcard (and any other cards known to be
  // out) are removed; the hands' own cards are removed here. `strategy`
  // decides hit or stand past the first decision; null means the best choice
  // for each composition.
  HandValues(const Shoe& shoe, int upcard, const Rules& rules, const Strategy* strategy);

  int upcard() const { return upcard_; }
  const Shoe& shoe() const { return shoe_; }

  // P(the dealer has no natural) with the hand's cards out of the shoe.
  double no_natural(const Hand& h) const;
  // The dealer's odds with the hand's cards out of the shoe (memoized).
  const DealerOdds& dealer(const Hand& h);

  double stand(const Hand& h);
  // Draw one card, then play on (hit or stand by the strategy).
  double hit(Hand& h);
  // Double the bet and draw exactly one card.
  double double_down(Hand& h);
  // The hand's value when it may only hit or stand from here.
  double play_on(Hand& h);

 private:
  Shoe shoe_;
  int upcard_;
  Rules rules_;
  const Strategy* strategy_;
  std::unordered_map<std::uint64_t, DealerOdds> dealer_;
  std::unordered_map<std::uint64_t, double> stand_;
  std::unordered_map<std::uint64_t, double> play_;
};

}  // namespace scarney::cards::blackjack
