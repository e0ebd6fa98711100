// Scarney Chemin de Fer played with random dice, to set beside the exact odds.
#pragma once

#include <array>
#include <cstdint>
#include <random>

namespace scarney::dice {

struct CheminDeFerTally {
  std::uint64_t rounds = 0;
  // Every shooter's turn: the banker's and each player's.
  std::uint64_t turns = 0;
  std::array<std::uint64_t, 10> first_point{};
  std::uint64_t draws = 0;
  std::array<std::uint64_t, 10> final_point{};
  // Every player's bet against the banker.
  std::uint64_t bets = 0;
  std::uint64_t player_wins = 0;
  std::uint64_t stand_offs = 0;
  std::uint64_t banker_wins = 0;
  // Every round also has the throw for the first banker: each player's total,
  // and whether the highest total was shared.
  std::array<std::uint64_t, 31> five_dice_total{};
  std::uint64_t ties_for_highest = 0;
};

// Plays `rounds` rounds with `players` at the table (the banker and
// players - 1 betting players). Each round begins with every player throwing
// the five dice as when picking the first banker. Throws std::invalid_argument
// if players < 2.
CheminDeFerTally simulate_chemin_de_fer(std::uint64_t rounds, int players, std::mt19937_64& rng);

}  // namespace scarney::dice
