// Scarney Chemin de Fer: five Scarney dice, one or two throws, the point is the
// last digit of the count. The rules of a shooter's turn, and the exact odds.
#pragma once

#include <array>
#include <span>
#include <string_view>

#include "chance/dice/figure.h"
#include "chance/dice/fraction.h"

namespace scarney::dice {

inline constexpr int kCheminDeFerDice = 5;

// The point of a count is its last digit: 17 -> 7, 30 -> 0.
int point_of(int count);

// A first-throw point of 0 to 6 is a Hit Number and must draw; 7, 8 and 9 stand.
bool is_hit_number(int point);

// "La Grande" (9), "La Petite" (8), "Natural" (7) or "Hit Number" (0 to 6).
std::string_view point_name(int point);

// How many dice the shooter throws the second time, given his first throw (the
// five faces, dead = 0): all the dead dice when his point is a Hit Number, else
// none. With no dead die there is no second throw.
int dice_to_draw(std::span<const int> first_throw);

// The shooter's final point: the first throw's point if he does not draw, else
// the last digit of the numbered dice of the first throw plus the second throw.
// Throws std::invalid_argument unless `first_throw` has five faces and
// `second_throw` has exactly dice_to_draw(first_throw) faces.
int final_point(std::span<const int> first_throw, std::span<const int> second_throw);

struct CheminDeFerOdds {
  std::array<Fraction, 10> first_point;  // P(the first throw's point is p)
  Fraction draws;                        // P(the shooter throws a second time)
  std::array<Fraction, 10> final_point;  // P(the final point is p)
  // One player against the banker, each throwing by the same rule.
  Fraction player_wins;
  Fraction stand_off;
  Fraction banker_wins;
  Fraction player_expectation;  // per unit bet; bets are paid at even money
};

CheminDeFerOdds chemin_de_fer_odds();

// P(five Scarney dice total t), t = 0 .. 30: the throw that picks the first banker.
std::array<Fraction, 31> five_dice_totals();

// P(when each of `players` throws the five dice once, the highest total is
// thrown by two or more of them). Throws std::invalid_argument if players < 2.
Figure tie_for_highest(int players);

}  // namespace scarney::dice
