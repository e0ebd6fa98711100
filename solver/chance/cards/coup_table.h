// Every coup of baccarat counted exactly: the player's ("punto") and the
// banker's ("banco") two cards, then either's third card, over all ordered
// deals of six cards from the shoe (a coup that uses fewer cards counts every
// way of dealing the unused positions, so each branch of a choice sums to
// the same total). From these counts any drawing rules can be scored.
#pragma once

#include <array>
#include <cstdint>

#include "chance/cards/baccarat_shoe.h"

namespace scarney::cards::baccarat {

enum Result { banker_wins = 0, player_wins = 1, tie = 2 };
using Tally = std::array<std::uint64_t, 3>;  // indexed by Result

inline constexpr int kStood = 10;  // in place of the player's third card

class CoupTable {
 public:
  // Throws std::invalid_argument if the counts could overflow (over 16 decks' worth).
  explicit CoupTable(const Shoe& shoe);

  // All ordered deals of six cards: n(n-1)...(n-5).
  std::uint64_t total() const { return total_; }
  // Coups ended at once by an 8 or 9 in either two-card hand.
  const Tally& naturals() const { return naturals_; }
  // Coups without a natural, by the player's two-card point (0-7), the
  // banker's (0-7), the player's third card (0-9) or kStood, and whether the
  // banker draws. For one (player, banker) pair, the kStood entries and the
  // sum over the ten third cards each account for the same deals.
  const Tally& coups(int player, int banker, int third, bool banker_draws) const {
    return coups_[player][banker][third][banker_draws];
  }

 private:
  std::uint64_t total_ = 0;
  Tally naturals_{};
  Tally coups_[8][8][11][2] = {};
};

}  // namespace scarney::cards::baccarat
