#include "chance/cards/baccarat_shoe.h"

#include <stdexcept>

namespace scarney::cards::baccarat {

Shoe Shoe::of_decks(int decks) {
  if (decks < 1) throw std::invalid_argument("a shoe needs at least one deck");
  std::array<int, 10> by_point{};
  by_point[0] = 16 * decks;
  for (int p = 1; p <= 9; ++p) by_point[p] = 4 * decks;
  return of_counts(by_point);
}

Shoe Shoe::of_counts(const std::array<int, 10>& by_point) {
  Shoe s;
  for (int p = 0; p < 10; ++p) {
    if (by_point[p] < 0)
      throw std::invalid_argument("a shoe cannot hold a negative number of cards");
    s.count_[p] = by_point[p];
    s.size_ += by_point[p];
  }
  return s;
}

}  // namespace scarney::cards::baccarat
