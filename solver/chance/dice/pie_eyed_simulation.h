// Scarney Pie-Eyed Dice played with random dice, to set beside the exact odds.
#pragma once

#include <array>
#include <cstdint>
#include <random>
#include <vector>

#include "chance/dice/pie_eyed.h"

namespace scarney::dice {

// One turn: throw the dice, set the dead ones aside, throw the rest again, up
// to rules.throws times. Returns the number of dead dice set aside.
int play_pie_eyed_turn(const PieEyedRules& rules, std::mt19937_64& rng);

struct PieEyedTally {
  std::uint64_t games = 0;
  std::uint64_t turns = 0;
  std::vector<std::uint64_t> dead_dice;                 // turns ending with k dead dice set aside
  std::uint64_t events = 0;                             // turns that made the event
  std::uint64_t rounds = 0;                             // summed over the games
  double rounds_squared = 0;                            // sum of squares, for the standard error
  std::vector<std::array<std::uint64_t, 3>> seat_role;  // [seat][PieEyedRole]
};

// Plays `games` games, each until the third event, with `players` seats.
// Throws std::invalid_argument if players < 1.
PieEyedTally simulate_pie_eyed(const PieEyedRules& rules, std::uint64_t games, int players,
                               std::mt19937_64& rng);

}  // namespace scarney::dice
