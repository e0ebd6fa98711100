#include "chance/cards/hand_values.h"

#include <algorithm>

namespace scarney::cards::blackjack {

HandValues::HandValues(const Shoe& shoe, int upcard, const Rules& rules, const Strategy* strategy)
    : shoe_(shoe), upcard_(upcard), rules_(rules), strategy_(strategy) {}

double HandValues::no_natural(const Hand& h) const {
  if (upcard_ != kAce && upcard_ != kTen) return 1.0;
  const int hole = upcard_ == kAce ? kTen : kAce;
  const int left = shoe_.size() - h.size();
  if (left <= 0) return 1.0;
  return 1.0 - double(shoe_.cards(hole) - h.cards(hole)) / left;
}

const DealerOdds& HandValues::dealer(const Hand& h) {
  auto it = dealer_.find(h.key());
  if (it != dealer_.end()) return it->second;
  Shoe rest = shoe_;
  for (int v = 1; v <= 10; ++v)
    for (int i = 0; i < h.cards(v); ++i) rest.take(v);
  return dealer_.emplace(h.key(), dealer_odds(rest, upcard_, rules_.dealer_hits_soft_17))
      .first->second;
}

double HandValues::stand(const Hand& h) {
  if (h.busted()) return -no_natural(h);
  auto it = stand_.find(h.key());
  if (it != stand_.end()) return it->second;
  const DealerOdds& d = dealer(h);
  const int t = h.total();
  double ev = d.bust;
  for (int dt = 17; dt <= 21; ++dt) {
    if (t > dt)
      ev += d.stands_on(dt);
    else if (t < dt)
      ev -= d.stands_on(dt);
  }
  stand_.emplace(h.key(), ev);
  return ev;
}

namespace {

// The sum over the next card c of its chance times value(h + c).
template <class Value>
double over_next_card(const Shoe& shoe, Hand& h, Value value) {
  const int left = shoe.size() - h.size();
  double ev = 0;
  for (int v = 1; v <= 10; ++v) {
    const int n = shoe.cards(v) - h.cards(v);
    if (n <= 0) continue;
    h.add(v);
    ev += double(n) / left * value(h);
    h.remove(v);
  }
  return ev;
}

}  // namespace

double HandValues::hit(Hand& h) {
  return over_next_card(shoe_, h, [this](Hand& next) { return play_on(next); });
}

double HandValues::double_down(Hand& h) {
  return 2 * over_next_card(shoe_, h, [this](Hand& next) { return stand(next); });
}

double HandValues::play_on(Hand& h) {
  if (h.busted()) return -no_natural(h);
  if (h.total() == 21) return stand(h);
  auto it = play_.find(h.key());
  if (it != play_.end()) return it->second;
  double ev;
  if (strategy_)
    ev = strategy_->hits(upcard_, h) ? hit(h) : stand(h);
  else
    ev = std::max(stand(h), hit(h));
  play_.emplace(h.key(), ev);
  return ev;
}

}  // namespace scarney::cards::blackjack
