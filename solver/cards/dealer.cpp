#include "cards/dealer.h"

namespace scarney::cards::blackjack {
namespace {

// Depth-first over the dealer's draws; the shoe is changed in place and restored.
class DealerDraws {
 public:
  DealerDraws(const Shoe& shoe, bool hits_soft_17) : hits_soft_17_(hits_soft_17) {
    for (int v = 1; v <= 10; ++v) left_[v] = shoe.cards(v);
    size_ = shoe.size();
  }

  void draw(int hard, bool has_ace, int cards, double chance) {
    if (size_ == 0) return;  // an exhausted shoe: no such deal
    const double per_card = chance / size_;
    for (int v = 1; v <= 10; ++v) {
      if (left_[v] == 0) continue;
      const double p = per_card * left_[v];
      const int h = hard + v;
      const bool ace = has_ace || v == kAce;
      const bool soft = ace && h + 10 <= 21;
      const int t = soft ? h + 10 : h;
      if (cards + 1 == 2 && t == 21) {
        odds.natural += p;
      } else if (h > 21) {
        odds.bust += p;
      } else if (t >= 17 && !(hits_soft_17_ && soft && t == 17)) {
        odds.total[t - 17] += p;
      } else {
        --left_[v], --size_;
        draw(h, ace, cards + 1, p);
        ++left_[v], ++size_;
      }
    }
  }

  DealerOdds odds;

 private:
  bool hits_soft_17_;
  int left_[11] = {};
  int size_ = 0;
};

}  // namespace

DealerOdds DealerOdds::given_no_natural() const {
  DealerOdds d = *this;
  const double keep = 1.0 - natural;
  if (keep <= 0) return d;
  for (double& t : d.total) t /= keep;
  d.bust /= keep;
  d.natural = 0;
  return d;
}

DealerOdds dealer_odds(const Shoe& shoe, int upcard, bool hits_soft_17) {
  DealerDraws walk(shoe, hits_soft_17);
  walk.draw(upcard, upcard == kAce, 1, 1.0);
  return walk.odds;
}

}  // namespace scarney::cards::blackjack
