#include "chance/dice/heaven_and_nine.h"

#include <array>
#include <stdexcept>
#include <string>

namespace scarney::dice {
namespace {

constexpr Suit kCivil = Suit::kCivil;
constexpr Suit kMilitary = Suit::kMilitary;

constexpr std::array<Hand, 21> kChart = {{
    {6, 6, "Heaven", kCivil, 1},
    {1, 1, "Earth", kCivil, 2},
    {4, 4, "Man", kCivil, 3},
    {3, 1, "Harmony", kCivil, 4},
    {5, 5, "Plum Flowers", kCivil, 5},
    {3, 3, "Long Trees", kCivil, 6},
    {2, 2, "Bench", kCivil, 7},
    {6, 5, "Tiger's Head", kCivil, 8},
    {6, 4, "Red-Head Ten", kCivil, 9},
    {6, 1, "Long Leg Seven", kCivil, 10},
    {5, 1, "Red Mallet Six", kCivil, 11},
    {5, 4, "Nines", kMilitary, 1},
    {6, 3, "Nines", kMilitary, 1},
    {5, 3, "Eights", kMilitary, 2},
    {6, 2, "Eights", kMilitary, 2},
    {4, 3, "Sevens", kMilitary, 3},
    {5, 2, "Sevens", kMilitary, 3},
    {4, 2, "Six", kMilitary, 4},
    {3, 2, "Fives", kMilitary, 5},
    {4, 1, "Fives", kMilitary, 5},
    {2, 1, "Final Three", kMilitary, 6},
}};

Fraction suit_chance(Suit suit) {
  Fraction chance;
  for (const Hand& hand : kChart) {
    if (hand.suit == suit) chance += hand_chance(hand);
  }
  return chance;
}

}  // namespace

std::string_view suit_name(Suit suit) { return suit == kCivil ? "Civil" : "Military"; }

std::span<const Hand> heaven_and_nine_chart() { return kChart; }

const Hand& hand_of(int die1, int die2) {
  if (die1 < 1 || die1 > 6 || die2 < 1 || die2 > 6) {
    throw std::invalid_argument("Heaven and Nine: a die shows 1 to 6, not " +
                                std::to_string(die1 < 1 || die1 > 6 ? die1 : die2));
  }
  const int high = die1 > die2 ? die1 : die2;
  const int low = die1 > die2 ? die2 : die1;
  for (const Hand& hand : kChart) {
    if (hand.high_die == high && hand.low_die == low) return hand;
  }
  throw std::logic_error("Heaven and Nine: the chart lacks a hand");  // the chart has all 21
}

int chart_index(const Hand& hand) { return static_cast<int>(&hand - kChart.data()); }

BankerThrow banker_throw(const Hand& banker) {
  if (banker.name == "Heaven" || banker.name == "Nines") return BankerThrow::kWinsAll;
  if (banker.name == "Red Mallet Six" || banker.name == "Final Three")
    return BankerThrow::kLosesAll;
  return BankerThrow::kPlayersThrow;
}

Settlement settle(const Hand& banker, const Hand& player) {
  if (banker_throw(banker) != BankerThrow::kPlayersThrow) {
    throw std::invalid_argument("Heaven and Nine: the banker's " + std::string(banker.name) +
                                " settles every bet at once; no player throws");
  }
  if (player.suit != banker.suit) return Settlement::kThrowAgain;
  if (player.rank < banker.rank) return Settlement::kPlayerWins;
  if (player.rank > banker.rank) return Settlement::kBankerWins;
  return Settlement::kStandOff;
}

Fraction hand_chance(const Hand& hand) {
  return Fraction(hand.high_die == hand.low_die ? 1 : 2, 36);
}

Fraction counting_hand_chance(const Hand& player, Suit banker_suit) {
  if (player.suit != banker_suit) return Fraction(0);
  return hand_chance(player) / suit_chance(banker_suit);
}

HeavenAndNineOdds heaven_and_nine_odds() {
  HeavenAndNineOdds odds;
  for (const Hand& banker : kChart) {
    BankerHandOdds row{&banker, hand_chance(banker), 0, 0, 0};
    switch (banker_throw(banker)) {
      case BankerThrow::kWinsAll:
        row.banker_wins = 1;
        break;
      case BankerThrow::kLosesAll:
        row.banker_loses = 1;
        break;
      case BankerThrow::kPlayersThrow:
        for (const Hand& player : kChart) {
          const Fraction chance = counting_hand_chance(player, banker.suit);
          switch (settle(banker, player)) {
            case Settlement::kThrowAgain:
              break;
            case Settlement::kPlayerWins:
              row.banker_loses += chance;
              break;
            case Settlement::kStandOff:
              row.stand_off += chance;
              break;
            case Settlement::kBankerWins:
              row.banker_wins += chance;
              break;
          }
        }
        break;
    }
    odds.banker_wins += row.chance * row.banker_wins;
    odds.banker_loses += row.chance * row.banker_loses;
    odds.stand_off += row.chance * row.stand_off;
    odds.hands.push_back(row);
  }
  odds.banker_edge = odds.banker_wins - odds.banker_loses;
  return odds;
}

Figure banker_keeps_bank(int players) {
  if (players < 2) {
    throw std::invalid_argument("Heaven and Nine needs a banker and at least one player");
  }
  const HeavenAndNineOdds odds = heaven_and_nine_odds();
  return exact_if_possible([&]<class Number>() {
    Number keeps(0);
    for (const BankerHandOdds& row : odds.hands) {
      // Each betting player's throws are independent given the banker's hand.
      const Number no_loss = Number(1) - as<Number>(row.banker_loses);
      keeps = keeps + as<Number>(row.chance) * power(no_loss, players - 1);
    }
    return keeps;
  });
}

Figure expected_rounds_as_banker(int players) {
  const Figure keeps = banker_keeps_bank(players);
  if (keeps.exact) {
    try {
      return Figure::of(Fraction(1) / (Fraction(1) - *keeps.exact));
    } catch (const std::overflow_error&) {
    }
  }
  return Figure{1 / (1 - keeps.value), std::nullopt};
}

}  // namespace scarney::dice
