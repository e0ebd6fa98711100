#include "chance/cards/compositions.h"

#include <unordered_map>

namespace scarney::cards::blackjack {

std::vector<HeldHand> held_hands(const Shoe& shoe) {
  std::vector<HeldHand> all;
  std::unordered_map<std::uint64_t, HeldHand> level;
  const double n = shoe.size();
  for (int a = 1; a <= 10; ++a)
    for (int b = a; b <= 10; ++b) {
      const double second = a == b ? shoe.cards(b) - 1 : shoe.cards(b);
      if (shoe.cards(a) == 0 || second <= 0) continue;
      Hand h;
      h.add(a);
      h.add(b);
      const double p = shoe.cards(a) / n * second / (n - 1) * (a == b ? 1 : 2);
      level.emplace(h.key(), HeldHand{h, p});
    }
  while (!level.empty()) {
    std::unordered_map<std::uint64_t, HeldHand> next;
    for (auto& [key, held] : level) {
      all.push_back(held);
      Hand h = held.hand;
      if (h.natural() || h.total() >= 21) continue;
      const double left = shoe.size() - h.size();
      for (int v = 1; v <= 10; ++v) {
        const int c = shoe.cards(v) - h.cards(v);
        if (c <= 0) continue;
        h.add(v);
        if (!h.busted()) {
          auto [it, fresh] = next.try_emplace(h.key(), HeldHand{h, 0.0});
          it->second.chance += held.chance * c / left;
        }
        h.remove(v);
      }
    }
    level.swap(next);
  }
  return all;
}

}  // namespace scarney::cards::blackjack
