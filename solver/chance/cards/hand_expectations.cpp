#include "chance/cards/hand_expectations.h"

#include <stdexcept>
#include <string>

#include "chance/cards/hand_values.h"
#include "chance/cards/insurance.h"
#include "chance/cards/split.h"

namespace scarney::cards::blackjack {

HandExpectations hand_expectations(const Rules& rules, const Hand& hand, int upcard) {
  rules.validate();
  if (upcard < 1 || upcard > 10)
    throw std::invalid_argument("the upcard must be a card value A, 2-10");
  Shoe shoe = Shoe::of_decks(rules.decks);
  shoe.remove(upcard);
  Shoe unseen = shoe;
  for (int v = 1; v <= 10; ++v)
    for (int i = 0; i < hand.cards(v); ++i) {
      if (unseen.cards(v) == 0)
        throw std::invalid_argument("a " + std::to_string(rules.decks) +
                                    "-deck shoe does not hold the hand " + hand.str() +
                                    " with that upcard");
      unseen.take(v);
    }

  HandExpectations e;
  HandValues hv(shoe, upcard, rules, nullptr);
  Hand h = hand;
  e.no_natural = hv.no_natural(h);
  if (upcard == kAce) e.insurance = insurance_expectation(unseen);
  const double nn = e.no_natural;
  if (h.natural()) {
    e.stand = rules.natural_payout;
    return e;
  }
  e.stand = hv.stand(h) / nn;
  e.hit = hv.hit(h) / nn;
  if (h.size() == 2) e.double_down = hv.double_down(h) / nn;
  if (h.pair() && rules.max_hands >= 2)
    e.split = split_value(shoe, upcard, h.pair_value(), rules, nullptr) / nn;

  double best = e.stand;
  auto consider = [&](const std::optional<double>& v, Action a) {
    if (v && *v > best) best = *v, e.best = a;
  };
  consider(e.hit, Action::hit);
  consider(e.double_down, Action::double_down);
  consider(e.split, Action::split);
  return e;
}

}  // namespace scarney::cards::blackjack
