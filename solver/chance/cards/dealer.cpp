#include "chance/cards/dealer.h"

#include <cstdint>
#include <unordered_map>

namespace scarney::cards::blackjack {
namespace {

// The same shoes come back again and again (a hand reached in different
// orders, split hands with pair cards out, a strategy and then its
// expectation), so each thread keeps the odds it has worked out, keyed by
// the shoe's composition, the upcard and the soft-17 rule.
struct ShoeKey {
  std::uint64_t low = 0, high = 0;
  bool operator==(const ShoeKey& o) const { return low == o.low && high == o.high; }
};
struct ShoeKeyHash {
  std::size_t operator()(const ShoeKey& k) const {
    return std::hash<std::uint64_t>()(k.low * 0x9E3779B97F4A7C15ULL ^ k.high);
  }
};
constexpr std::size_t kCacheLimit = 1u << 20;  // entries; cleared when full

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
  ShoeKey key;
  bool cacheable = true;
  for (int v = 1; v <= 10; ++v) {
    const std::uint64_t c = std::uint64_t(shoe.cards(v));
    cacheable = cacheable && c < 256;
    if (v <= 8)
      key.low |= c << (8 * (v - 1));
    else
      key.high |= c << (8 * (v - 9));
  }
  key.high |= std::uint64_t(upcard) << 16 | std::uint64_t(hits_soft_17) << 24;
  thread_local std::unordered_map<ShoeKey, DealerOdds, ShoeKeyHash> cache;
  if (cacheable) {
    auto it = cache.find(key);
    if (it != cache.end()) return it->second;
  }
  DealerDraws walk(shoe, hits_soft_17);
  walk.draw(upcard, upcard == kAce, 1, 1.0);
  if (cacheable) {
    if (cache.size() >= kCacheLimit) cache.clear();
    cache.emplace(key, walk.odds);
  }
  return walk.odds;
}

}  // namespace scarney::cards::blackjack
