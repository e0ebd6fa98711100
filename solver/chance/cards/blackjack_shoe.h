// A Black Jack shoe: how many cards of each count value remain. Values are
// 1 (ace) to 10 (ten, jack, queen, king).
#pragma once

#include <array>

namespace scarney::cards::blackjack {

inline constexpr int kAce = 1;
inline constexpr int kTen = 10;

class Shoe {
 public:
  // `decks` full packs of 52: four of each value 1-9 and sixteen tens per pack.
  static Shoe of_decks(int decks);
  // Any composition; by_value[v - 1] cards of value v. Throws on negatives.
  static Shoe of_counts(const std::array<int, 10>& by_value);

  int cards(int value) const { return count_[value]; }
  int size() const { return size_; }
  // The chance that the next card has `value`.
  double chance(int value) const { return size_ ? double(count_[value]) / size_ : 0.0; }

  // Takes out one card of `value`; throws std::invalid_argument if none is left.
  void remove(int value);
  void add(int value) { ++count_[value], ++size_; }
  // Unchecked, for the enumerations that already know the card is there.
  void take(int value) { --count_[value], --size_; }

 private:
  std::array<int, 11> count_{};  // index 0 unused
  int size_ = 0;
};

}  // namespace scarney::cards::blackjack
