// A Black Jack hand as the player sees it: which values it holds, in any
// order, and its count (an ace counts 11 when that does not bust the hand).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace scarney::cards::blackjack {

class Hand {
 public:
  Hand() = default;
  // "A,7", "10,6", "T,2,4": values 1-10, A for an ace, T J Q K for ten-counts.
  // Throws std::invalid_argument on anything else.
  static Hand parse(std::string_view text);
  static int parse_value(std::string_view card);

  void add(int value) {
    ++count_[value], ++size_, hard_ += value, key_ += kUnit << (5 * (value - 1));
  }
  void remove(int value) {
    --count_[value], --size_, hard_ -= value, key_ -= kUnit << (5 * (value - 1));
  }

  int cards(int value) const { return count_[value]; }
  int size() const { return size_; }
  int hard_total() const { return hard_; }
  bool soft() const { return count_[1] > 0 && hard_ + 10 <= 21; }
  int total() const { return soft() ? hard_ + 10 : hard_; }
  bool busted() const { return hard_ > 21; }
  bool pair() const { return size_ == 2 && pair_value() != 0; }
  // The value of both cards of a two-card pair, else 0.
  int pair_value() const;
  bool natural() const { return size_ == 2 && count_[1] == 1 && count_[10] == 1; }
  // Identifies the composition (five bits per value).
  std::uint64_t key() const { return key_; }
  // "A,7": aces first, then by value.
  std::string str() const;

 private:
  static constexpr std::uint64_t kUnit = 1;
  int count_[11] = {};
  int size_ = 0;
  int hard_ = 0;
  std::uint64_t key_ = 0;
};

}  // namespace scarney::cards::blackjack
