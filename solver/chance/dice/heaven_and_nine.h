// Heaven and Nine: two ordinary dice, 21 hands in two suits, Civil and
// Military, ranked as the chart lists them. The banker throws first; unless he
// wins or loses all at once, each player throws until his hand is of the
// banker's suit, and the higher rank wins.
#pragma once

#include <span>
#include <string_view>
#include <vector>

#include "chance/dice/figure.h"
#include "chance/dice/fraction.h"

namespace scarney::dice {

enum class Suit { kCivil, kMilitary };

std::string_view suit_name(Suit suit);

struct Hand {
  int high_die;  // the two dice, high first: 6-5, 3-1, ...
  int low_die;
  std::string_view name;
  Suit suit;
  int rank;  // place of the hand's name in its suit: 1 is highest; equal names share it
};

// The 21 hands in the chart's order: the Civil suit from Heaven down to Red
// Mallet Six, then the Military suit from the Nines down to Final Three.
std::span<const Hand> heaven_and_nine_chart();

// The hand two dice make, in either order. Throws std::invalid_argument unless
// both are 1 to 6.
const Hand& hand_of(int die1, int die2);

// Where `hand` stands in the chart, 0 .. 20.
int chart_index(const Hand& hand);

enum class BankerThrow {
  kWinsAll,      // Heaven or Nines
  kLosesAll,     // Red Mallet Six or Final Three
  kPlayersThrow  // any other hand: each player throws to settle his bet
};

BankerThrow banker_throw(const Hand& banker);

enum class Settlement { kThrowAgain, kPlayerWins, kStandOff, kBankerWins };

// A player's throw against the banker's hand: it does not count unless it is
// of the banker's suit; then the higher rank wins, equal rank stands off. A
// player's own hand has no other power (his Heaven is just the top Civil hand).
// Throws std::invalid_argument if the banker's hand already settled all bets.
Settlement settle(const Hand& banker, const Hand& player);

// P(the hand thrown with two dice).
Fraction hand_chance(const Hand& hand);

// P(a player's counting hand is `player`, given the banker's suit): the player
// throws until his hand is of that suit, so each hand of the suit comes with
// its chance divided by the suit's chance; hands of the other suit never count.
Fraction counting_hand_chance(const Hand& player, Suit banker_suit);

struct BankerHandOdds {
  const Hand* hand;
  Fraction chance;  // P(the banker throws this hand)
  // For one player's bet, given the banker's hand:
  Fraction banker_wins;
  Fraction banker_loses;
  Fraction stand_off;
};

struct HeavenAndNineOdds {
  std::vector<BankerHandOdds> hands;  // in chart order
  // For one player's bet, over all the banker's hands:
  Fraction banker_wins;
  Fraction banker_loses;
  Fraction stand_off;
  Fraction banker_edge;  // the banker's expectation per unit bet, bets paid at even money
};

HeavenAndNineOdds heaven_and_nine_odds();

// P(a round against players - 1 betting players ends without the banker losing
// a bet), so that he keeps the bank. Throws std::invalid_argument if players < 2.
Figure banker_keeps_bank(int players);

// The expected number of rounds a banker holds the bank, the round in which he
// loses a bet included: 1 / (1 - banker_keeps_bank).
Figure expected_rounds_as_banker(int players);

}  // namespace scarney::dice
