// Scarney Pie-Eyed Dice: in turn, each player throws for dead dice. The first
// to make the event orders a drink, the next drinks it, the third pays for it.
#pragma once

#include <array>
#include <string_view>
#include <vector>

#include "chance/dice/figure.h"
#include "chance/dice/fraction.h"

namespace scarney::dice {

// The game and its two variants from the book.
struct PieEyedRules {
  std::string_view name;
  int dice;         // Scarney dice in the cup
  int throws;       // throws per turn; after each, the dead dice are set aside
  int dead_needed;  // the event: at least this many dead dice set aside in a turn
};

inline constexpr PieEyedRules kPieEyedFiveDead{"five dice, five dead", 5, 3, 5};
inline constexpr PieEyedRules kPieEyedFourDead{"five dice, four dead", 5, 3, 4};
inline constexpr PieEyedRules kPieEyedTwoDice{"two dice, two dead", 2, 1, 2};
inline constexpr std::array<PieEyedRules, 3> kPieEyedVariants = {kPieEyedFiveDead, kPieEyedFourDead,
                                                                 kPieEyedTwoDice};

// P(k dead dice set aside at the end of a turn), k = 0 .. rules.dice. A die is
// thrown until it shows dead or the turn's throws run out, so each die is dead
// at the end with probability 1 - (2/3)^throws, independently of the others.
std::vector<Fraction> dead_dice_in_turn(const PieEyedRules& rules);

// P(a turn makes the event).
Fraction turn_success(const PieEyedRules& rules);

// The roles, in the order the events fall.
enum class PieEyedRole { kOrders = 0, kDrinks = 1, kPays = 2 };

// `players` seats throw in turn, seat 1 first, round after round, until the
// event has been made three times (a seat may make it more than once).
struct PieEyedRace {
  Figure expected_turns;   // turns thrown up to and including the third event
  Figure expected_rounds;  // rounds begun, counting the one with the third event
  // seat_role[s][r]: P(seat s + 1 makes the event that gives role r).
  std::vector<std::array<Figure, 3>> seat_role;
};

// Throws std::invalid_argument unless players >= 1 and 0 < success < 1.
PieEyedRace pie_eyed_race(const Fraction& success, int players);

}  // namespace scarney::dice
