#include "chance/cards/coup_table.h"

#include <stdexcept>

namespace scarney::cards::baccarat {
namespace {

// n (n-1) ... (n-k+1), 0 when n < k.
std::uint64_t falling(std::int64_t n, int k) {
  std::uint64_t f = 1;
  for (int i = 0; i < k; ++i) {
    if (n - i <= 0) return 0;
    f *= std::uint64_t(n - i);
  }
  return f;
}

Result judge(int player, int banker) {
  return player > banker ? player_wins : player < banker ? banker_wins : tie;
}

}  // namespace

CoupTable::CoupTable(const Shoe& shoe) {
  const std::int64_t n = shoe.size();
  if (n > 16 * 52)
    throw std::invalid_argument("the coup counts are kept for shoes of at most 16 decks");
  total_ = falling(n, 6);
  int left[10];
  for (int p = 0; p < 10; ++p) left[p] = shoe.cards(p);
  // Takes one card of point c: returns how many there were, and removes it.
  auto take = [&](int c) { return std::uint64_t(left[c]--); };

  for (int p1 = 0; p1 < 10; ++p1) {
    const std::uint64_t w1 = take(p1);
    for (int b1 = 0; b1 < 10 && w1; ++b1) {
      const std::uint64_t w2 = w1 * take(b1);
      for (int p2 = 0; p2 < 10 && w2; ++p2) {
        const std::uint64_t w3 = w2 * take(p2);
        for (int b2 = 0; b2 < 10 && w3; ++b2) {
          const std::uint64_t w4 = w3 * take(b2);
          if (w4) {
            const int pt = point_of(p1 + p2), bt = point_of(b1 + b2);
            if (pt >= 8 || bt >= 8) {
              naturals_[judge(pt, bt)] += w4 * falling(n - 4, 2);
            } else {
              // The player stands: the banker stands, or draws the fifth card.
              coups_[pt][bt][kStood][0][judge(pt, bt)] += w4 * falling(n - 4, 2);
              for (int b3 = 0; b3 < 10; ++b3) {
                const std::uint64_t w5 = w4 * std::uint64_t(left[b3] > 0 ? left[b3] : 0);
                if (w5)
                  coups_[pt][bt][kStood][1][judge(pt, point_of(bt + b3))] += w5 * falling(n - 5, 1);
              }
              // The player draws the fifth card; the banker stands or draws the sixth.
              for (int p3 = 0; p3 < 10; ++p3) {
                const std::uint64_t w5 = w4 * take(p3);
                if (w5) {
                  const int pf = point_of(pt + p3);
                  coups_[pt][bt][p3][0][judge(pf, bt)] += w5 * falling(n - 5, 1);
                  for (int b3 = 0; b3 < 10; ++b3) {
                    const std::uint64_t w6 = w5 * std::uint64_t(left[b3] > 0 ? left[b3] : 0);
                    if (w6) coups_[pt][bt][p3][1][judge(pf, point_of(bt + b3))] += w6;
                  }
                }
                ++left[p3];
              }
            }
          }
          ++left[b2];
        }
        ++left[p2];
      }
      ++left[b1];
    }
    ++left[p1];
  }
}

}  // namespace scarney::cards::baccarat
