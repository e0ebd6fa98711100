#include "chance/cards/blackjack_shoe.h"

#include <stdexcept>
#include <string>

namespace scarney::cards::blackjack {

Shoe Shoe::of_decks(int decks) {
  if (decks < 1) throw std::invalid_argument("a shoe needs at least one deck");
  std::array<int, 10> by_value{};
  for (int v = 1; v <= 9; ++v) by_value[v - 1] = 4 * decks;
  by_value[9] = 16 * decks;
  return of_counts(by_value);
}

Shoe Shoe::of_counts(const std::array<int, 10>& by_value) {
  Shoe s;
  for (int v = 1; v <= 10; ++v) {
    if (by_value[v - 1] < 0)
      throw std::invalid_argument("a shoe cannot hold a negative number of cards");
    s.count_[v] = by_value[v - 1];
    s.size_ += by_value[v - 1];
  }
  return s;
}

void Shoe::remove(int value) {
  if (value < 1 || value > 10)
    throw std::invalid_argument("no card has value " + std::to_string(value));
  if (count_[value] == 0)
    throw std::invalid_argument("the shoe has no card of value " + std::to_string(value) + " left");
  take(value);
}

}  // namespace scarney::cards::blackjack
