// Heaven and Nine played with random dice, to set beside the exact odds.
#pragma once

#include <array>
#include <cstdint>
#include <random>

namespace scarney::dice {

struct HeavenAndNineTally {
  std::uint64_t rounds = 0;
  std::uint64_t rounds_kept = 0;  // rounds in which the banker lost no bet
  // Every player's bet, by the banker's hand (chart index) and in all.
  struct Bets {
    std::uint64_t thrown = 0;  // rounds the banker threw this hand
    std::uint64_t bets = 0;
    std::uint64_t banker_wins = 0;
    std::uint64_t banker_loses = 0;
    std::uint64_t stand_offs = 0;
  };
  std::array<Bets, 21> by_banker_hand{};
  Bets all;
  std::uint64_t player_throws = 0;  // every throw, counted or not
};

// Plays `rounds` rounds with `players` at the table: the banker and
// players - 1 betting players. Throws std::invalid_argument if players < 2.
HeavenAndNineTally simulate_heaven_and_nine(std::uint64_t rounds, int players,
                                            std::mt19937_64& rng);

}  // namespace scarney::dice
