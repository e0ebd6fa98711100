// A baccarat shoe (chemin de fer, punto banco): how many cards of each point
// remain. Tens and court cards are worth 0, aces 1, two to nine their face.
#pragma once

#include <array>

namespace scarney::cards::baccarat {

class Shoe {
 public:
  // `decks` packs of 52: sixteen 0-point cards and four of each point 1-9 per pack.
  static Shoe of_decks(int decks);
  // Any composition: by_point[p] cards worth p. Throws on negatives.
  static Shoe of_counts(const std::array<int, 10>& by_point);

  int cards(int point) const { return count_[point]; }
  int size() const { return size_; }

 private:
  std::array<int, 10> count_{};
  int size_ = 0;
};

// A hand's point: the last digit of its total.
inline int point_of(int total) { return total % 10; }

}  // namespace scarney::cards::baccarat
