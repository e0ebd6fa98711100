#include "chance/cards/expectation.h"

#include <algorithm>
#include <thread>

#include "chance/cards/hand_values.h"
#include "chance/cards/split.h"

namespace scarney::cards::blackjack {
namespace {

// E[payoff; no natural] of a first two-card hand played by `strategy`.
double first_hand_value(HandValues& hv, Hand& h, const Rules& rules, const Strategy* strategy,
                        const Shoe& shoe) {
  const int u = hv.upcard();
  const int p = h.pair_value();
  const bool may_split = p != 0 && rules.max_hands >= 2;
  if (!strategy) {
    double best = std::max({hv.stand(h), hv.hit(h), hv.double_down(h)});
    if (may_split) best = std::max(best, split_value(shoe, u, p, rules, nullptr));
    return best;
  }
  Action a = p ? strategy->pair(u, p) : strategy->two_card(u, h.total(), h.soft());
  if (a == Action::split && !may_split) a = strategy->pair_unsplit(u, p);
  switch (a) {
    case Action::split:
      return split_value(shoe, u, p, rules, strategy);
    case Action::double_down:
      return hv.double_down(h);
    case Action::hit:
      return hv.hit(h);
    case Action::stand:
      break;
  }
  return hv.stand(h);
}

double upcard_expectation(const Rules& rules, const Shoe& full, int upcard,
                          const Strategy* strategy) {
  Shoe shoe = full;
  shoe.remove(upcard);
  HandValues hv(shoe, upcard, rules, strategy);
  const double n = shoe.size();
  double ev = 0;
  for (int a = 1; a <= 10; ++a)
    for (int b = a; b <= 10; ++b) {
      const double second = a == b ? shoe.cards(b) - 1 : shoe.cards(b);
      if (shoe.cards(a) == 0 || second <= 0) continue;
      const double chance = shoe.cards(a) / n * second / (n - 1) * (a == b ? 1 : 2);
      Hand h;
      h.add(a);
      h.add(b);
      const double no_natural = hv.no_natural(h);
      if (h.natural()) {
        ev += chance * no_natural * rules.natural_payout;  // a dealer natural is a stand-off
      } else {
        ev += chance * (-(1 - no_natural) + first_hand_value(hv, h, rules, strategy, shoe));
      }
    }
  return ev;
}

}  // namespace

Expectation expectation(const Rules& rules, const Strategy* strategy) {
  rules.validate();
  const Shoe full = Shoe::of_decks(rules.decks);
  Expectation e;
  std::thread other([&] {
    for (int u = 2; u <= 10; u += 2) e.by_upcard[u] = upcard_expectation(rules, full, u, strategy);
  });
  for (int u = 1; u <= 9; u += 2) e.by_upcard[u] = upcard_expectation(rules, full, u, strategy);
  other.join();
  for (int u = 1; u <= 10; ++u) {
    e.upcard_chance[u] = full.chance(u);
    e.overall += e.upcard_chance[u] * e.by_upcard[u];
  }
  return e;
}

}  // namespace scarney::cards::blackjack
