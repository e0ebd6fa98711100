#include "chance/cards/split.h"

#include <algorithm>
#include <map>
#include <memory>
#include <tuple>

#include "chance/cards/hand_values.h"

namespace scarney::cards::blackjack {
namespace {

double chance_no_natural(const Shoe& s, int upcard) {
  if (upcard != kAce && upcard != kTen) return 1.0;
  return 1.0 - s.chance(upcard == kAce ? kTen : kAce);
}

class Splitter {
 public:
  Splitter(const Shoe& shoe, int upcard, int pair, const Rules& rules, const Strategy* strategy)
      : shoe_(shoe), upcard_(upcard), pair_(pair), rules_(rules), strategy_(strategy) {}

  double value() { return no_natural_after(2) * expect(2, 2, 2); }

 private:
  // The shoe with k pair cards out.
  Shoe less_pairs(int k) const {
    Shoe s = shoe_;
    for (int i = 0; i < k; ++i) s.take(pair_);
    return s;
  }
  double no_natural_after(int k) const { return chance_no_natural(less_pairs(k), upcard_); }

  // Values of hands holding one of the k pair cards out: the shoe given to
  // HandValues lacks the other k - 1.
  HandValues& hands(int k) {
    auto& slot = hands_[k];
    if (!slot) slot = std::make_unique<HandValues>(less_pairs(k - 1), upcard_, rules_, strategy_);
    return *slot;
  }

  // A split hand of two cards, played to the end (joint with no natural).
  double play(HandValues& hv, Hand& h) {
    if (pair_ == kAce) return hv.stand(h);  // one card to each split ace
    const bool may_double = rules_.double_after_split;
    if (!strategy_) {
      double best = std::max(hv.stand(h), hv.hit(h));
      if (may_double) best = std::max(best, hv.double_down(h));
      return best;
    }
    const Action a = h.pair() ? strategy_->pair_unsplit(upcard_, pair_)
                              : strategy_->two_card(upcard_, h.total(), h.soft());
    if (a == Action::double_down && may_double) return hv.double_down(h);
    if (a == Action::hit || (a == Action::double_down && strategy_->hits(upcard_, h)))
      return hv.hit(h);
    return hv.stand(h);
  }

  // P(the next card is a pair card | k out, no natural).
  double pair_chance(int k) {
    Shoe s = less_pairs(k);
    if (s.cards(pair_) == 0) return 0.0;
    const double nn = chance_no_natural(s, upcard_);
    const double p = s.chance(pair_);
    s.take(pair_);
    return nn > 0 ? p * chance_no_natural(s, upcard_) / nn : 0.0;
  }

  // A hand of a pair card and another card, k pair cards out, given no natural.
  double other_card_hand(int k) {
    auto it = other_.find(k);
    if (it != other_.end()) return it->second;
    const Shoe s = less_pairs(k);
    HandValues& hv = hands(k);
    double joint = 0, weight = 0;
    for (int x = 1; x <= 10; ++x) {
      if (x == pair_ || s.cards(x) == 0) continue;
      const double px = s.chance(x);
      Hand h;
      h.add(pair_);
      h.add(x);
      joint += px * play(hv, h);
      weight += px * hv.no_natural(h);
    }
    const double v = weight > 0 ? joint / weight : 0.0;
    other_.emplace(k, v);
    return v;
  }

  // A hand left holding two pair cards (no more splitting), k pair cards out
  // counting both of them, given no natural.
  double pair_hand(int k) {
    HandValues& hv = hands(k - 1);
    Hand h;
    h.add(pair_);
    h.add(pair_);
    const double nn = hv.no_natural(h);
    return nn > 0 ? play(hv, h) / nn : 0.0;
  }

  // Expected payoff of the hands still waiting for their second card:
  // `waiting` of them, `hands` in all, k pair cards out.
  double expect(int waiting, int hands, int k) {
    if (waiting == 0) return 0.0;
    const auto key = std::make_tuple(waiting, hands, k);
    auto it = expect_.find(key);
    if (it != expect_.end()) return it->second;
    const double q = pair_chance(k);
    const bool resplit = hands < rules_.max_hands && (pair_ != kAce || rules_.resplit_aces);
    double v = (1 - q) * (other_card_hand(k) + expect(waiting - 1, hands, k));
    if (q > 0)
      v += q * (resplit ? expect(waiting + 1, hands + 1, k + 1)
                        : pair_hand(k + 1) + expect(waiting - 1, hands, k + 1));
    expect_.emplace(key, v);
    return v;
  }

  Shoe shoe_;
  int upcard_, pair_;
  Rules rules_;
  const Strategy* strategy_;
  std::map<int, std::unique_ptr<HandValues>> hands_;
  std::map<int, double> other_;
  std::map<std::tuple<int, int, int>, double> expect_;
};

}  // namespace

double split_value(const Shoe& shoe, int upcard, int pair, const Rules& rules,
                   const Strategy* strategy) {
  Splitter s(shoe, upcard, pair, rules, strategy);
  return s.value();
}

}  // namespace scarney::cards::blackjack
