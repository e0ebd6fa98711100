#include "chance/cards/basic_strategy.h"

#include <initializer_list>
#include <thread>
#include <vector>

#include "chance/cards/compositions.h"
#include "chance/cards/hand_values.h"
#include "chance/cards/split.h"

namespace scarney::cards::blackjack {
namespace {

struct Choice {
  Action action;
  double value;
};

Choice best_of(std::initializer_list<Choice> choices) {
  Choice best = *choices.begin();
  for (const Choice& c : choices)
    if (c.value > best.value) best = c;
  return best;
}

void settle_upcard(const Rules& rules, const Shoe& full, int upcard, Strategy& s) {
  Shoe shoe = full;
  shoe.remove(upcard);
  HandValues hv(shoe, upcard, rules, &s);
  const std::vector<HeldHand> held = held_hands(shoe);

  // Hit or stand, by total, from the top down.
  for (int t = 21; t <= 31; ++t) s.set_hits(upcard, t, false, false);
  s.set_hits(upcard, 21, true, false);
  auto settle = [&](int total, bool soft) {
    double stand_minus_hit = 0;
    for (const HeldHand& x : held) {
      if (x.hand.total() != total || x.hand.soft() != soft || x.hand.natural()) continue;
      Hand h = x.hand;
      stand_minus_hit += x.chance * (hv.stand(h) - hv.hit(h));
    }
    s.set_hits(upcard, total, soft, stand_minus_hit < 0);
  };
  for (int t = 20; t >= 11; --t) settle(t, false);
  for (int t = 20; t >= 12; --t) settle(t, true);
  for (int t = 10; t >= 4; --t) settle(t, false);

  // First two cards, pairs apart.
  for (int soft = 0; soft <= 1; ++soft)
    for (int t = 4; t <= 21; ++t) {
      double st = 0, hi = 0, dd = 0;
      bool any = false;
      for (const HeldHand& x : held) {
        Hand h = x.hand;
        if (h.size() != 2 || h.pair() || h.natural() || h.total() != t || h.soft() != bool(soft))
          continue;
        any = true;
        st += x.chance * hv.stand(h);
        hi += x.chance * hv.hit(h);
        dd += x.chance * hv.double_down(h);
      }
      if (!any) {
        s.set_two_card(upcard, t, soft, s.hits(upcard, t, soft) ? Action::hit : Action::stand);
        continue;
      }
      s.set_two_card(
          upcard, t, soft,
          best_of({{Action::stand, st}, {Action::hit, hi}, {Action::double_down, dd}}).action);
    }

  // Pairs: first what to do with one that may not be split, then splitting.
  Choice unsplit[11];
  for (int p = 1; p <= 10; ++p) {
    Hand h;
    h.add(p);
    h.add(p);
    unsplit[p] = best_of({{Action::stand, hv.stand(h)},
                          {Action::hit, hv.hit(h)},
                          {Action::double_down, hv.double_down(h)}});
    s.set_pair(upcard, p, unsplit[p].action, unsplit[p].action);
  }
  if (rules.max_hands >= 2)
    for (int p = 1; p <= 10; ++p) {
      if (shoe.cards(p) < 2) continue;
      const double sp = split_value(shoe, upcard, p, rules, &s);
      if (sp > unsplit[p].value) s.set_pair(upcard, p, Action::split, unsplit[p].action);
    }
}

}  // namespace

Strategy basic_strategy(const Rules& rules) {
  rules.validate();
  const Shoe full = Shoe::of_decks(rules.decks);
  Strategy s;
  // Upcards are independent: two workers share them.
  std::thread other([&] {
    for (int u = 2; u <= 10; u += 2) settle_upcard(rules, full, u, s);
  });
  for (int u = 1; u <= 9; u += 2) settle_upcard(rules, full, u, s);
  other.join();
  return s;
}

}  // namespace scarney::cards::blackjack
