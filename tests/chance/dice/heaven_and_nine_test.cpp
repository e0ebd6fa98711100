// Heaven and Nine: the hand chart, the settling rules, and the banker's odds
// re-derived over all 36 x 36 throws of banker and player.
#include "chance/dice/heaven_and_nine.h"

#include <catch2/catch.hpp>
#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>

using namespace scarney::dice;

namespace {

// The seed's chart written out again for the test: suit (C or M) and rank.
struct ChartEntry {
  char suit;
  int rank;
  bool wins_all;
  bool loses_all;
};

std::map<std::pair<int, int>, ChartEntry> test_chart() {
  return {
      {{6, 6}, {'C', 1, true, false}},  {{1, 1}, {'C', 2, false, false}},
      {{4, 4}, {'C', 3, false, false}}, {{3, 1}, {'C', 4, false, false}},
      {{5, 5}, {'C', 5, false, false}}, {{3, 3}, {'C', 6, false, false}},
      {{2, 2}, {'C', 7, false, false}}, {{6, 5}, {'C', 8, false, false}},
      {{6, 4}, {'C', 9, false, false}}, {{6, 1}, {'C', 10, false, false}},
      {{5, 1}, {'C', 11, false, true}}, {{5, 4}, {'M', 1, true, false}},
      {{6, 3}, {'M', 1, true, false}},  {{5, 3}, {'M', 2, false, false}},
      {{6, 2}, {'M', 2, false, false}}, {{4, 3}, {'M', 3, false, false}},
      {{5, 2}, {'M', 3, false, false}}, {{4, 2}, {'M', 4, false, false}},
      {{3, 2}, {'M', 5, false, false}}, {{4, 1}, {'M', 5, false, false}},
      {{2, 1}, {'M', 6, false, true}},
  };
}

const ChartEntry& entry(int a, int b) {
  static const auto chart = test_chart();
  return chart.at({a > b ? a : b, a > b ? b : a});
}

}  // namespace

TEST_CASE("the chart has 21 hands in the seed's order", "[dice][heaven-and-nine]") {
  const auto chart = heaven_and_nine_chart();
  REQUIRE(chart.size() == 21);
  CHECK(chart.front().name == "Heaven");
  CHECK(chart[10].name == "Red Mallet Six");
  CHECK(chart[11].name == "Nines");
  CHECK(chart.back().name == "Final Three");
  for (int a = 1; a <= 6; ++a) {
    for (int b = 1; b <= 6; ++b) {
      const Hand& h = hand_of(a, b);
      CHECK(&h == &hand_of(b, a));
      CHECK(h.suit == (entry(a, b).suit == 'C' ? Suit::kCivil : Suit::kMilitary));
      CHECK(h.rank == entry(a, b).rank);
    }
  }
  CHECK(hand_of(6, 6).name == "Heaven");
  CHECK(hand_of(1, 3).name == "Harmony");
  CHECK(hand_of(3, 6).name == "Nines");
  CHECK(hand_of(5, 4).name == "Nines");
  CHECK_THROWS_AS(hand_of(0, 3), std::invalid_argument);
  CHECK_THROWS_AS(hand_of(3, 7), std::invalid_argument);
}

TEST_CASE("Heaven and Nines win all, Red Mallet Six and Final Three lose all",
          "[dice][heaven-and-nine]") {
  CHECK(banker_throw(hand_of(6, 6)) == BankerThrow::kWinsAll);
  CHECK(banker_throw(hand_of(5, 4)) == BankerThrow::kWinsAll);
  CHECK(banker_throw(hand_of(6, 3)) == BankerThrow::kWinsAll);
  CHECK(banker_throw(hand_of(5, 1)) == BankerThrow::kLosesAll);
  CHECK(banker_throw(hand_of(2, 1)) == BankerThrow::kLosesAll);
  CHECK(banker_throw(hand_of(1, 1)) == BankerThrow::kPlayersThrow);
  CHECK(banker_throw(hand_of(4, 2)) == BankerThrow::kPlayersThrow);
  // Once the banker's throw settles all bets, no player throws.
  CHECK_THROWS_AS(settle(hand_of(6, 6), hand_of(1, 1)), std::invalid_argument);
  CHECK_THROWS_AS(settle(hand_of(2, 1), hand_of(1, 1)), std::invalid_argument);
  const HeavenAndNineOdds odds = heaven_and_nine_odds();
  CHECK(odds.hands[0].banker_wins == Fraction(1));    // Heaven
  CHECK(odds.hands[10].banker_loses == Fraction(1));  // Red Mallet Six
  CHECK(odds.hands[20].banker_loses == Fraction(1));  // Final Three
}

TEST_CASE("a player's throw counts only in the banker's suit", "[dice][heaven-and-nine]") {
  const Hand& earth = hand_of(1, 1);
  CHECK(settle(earth, hand_of(5, 3)) == Settlement::kThrowAgain);  // Eights: Military
  CHECK(settle(earth, hand_of(6, 6)) == Settlement::kPlayerWins);  // his Heaven ranks higher
  CHECK(settle(earth, hand_of(1, 1)) == Settlement::kStandOff);
  CHECK(settle(earth, hand_of(4, 4)) == Settlement::kBankerWins);
  // A player's Red Mallet Six is just the lowest Civil hand.
  CHECK(settle(hand_of(6, 1), hand_of(5, 1)) == Settlement::kBankerWins);
  // Hands that share a name are equal.
  CHECK(settle(hand_of(5, 3), hand_of(6, 2)) == Settlement::kStandOff);
  CHECK(settle(hand_of(4, 3), hand_of(5, 2)) == Settlement::kStandOff);
  CHECK(settle(hand_of(3, 2), hand_of(4, 1)) == Settlement::kStandOff);
  CHECK(settle(hand_of(4, 2), hand_of(3, 6)) == Settlement::kPlayerWins);  // Nines beat Six
  CHECK(settle(hand_of(4, 2), hand_of(2, 1)) == Settlement::kBankerWins);
}

TEST_CASE("brute force: the banker's odds over all 36 x 36 throws", "[dice][heaven-and-nine]") {
  // A player throws until his hand is in the banker's suit, so his counting
  // throw is equally likely to be any of the ordered throws of that suit.
  // Everything is counted in units of 1 / (36 * 80): 80 is a multiple of both
  // 16 (Civil throws) and 20 (Military throws).
  const HeavenAndNineOdds odds = heaven_and_nine_odds();
  std::int64_t edge = 0, wins = 0, losses = 0, ties = 0;
  for (int b1 = 1; b1 <= 6; ++b1) {
    for (int b2 = 1; b2 <= 6; ++b2) {
      const ChartEntry& banker = entry(b1, b2);
      std::int64_t w = 0, l = 0, t = 0, same_suit = 0;
      if (banker.wins_all) {
        w = same_suit = 1;
      } else if (banker.loses_all) {
        l = same_suit = 1;
      } else {
        for (int p1 = 1; p1 <= 6; ++p1) {
          for (int p2 = 1; p2 <= 6; ++p2) {
            const ChartEntry& player = entry(p1, p2);
            if (player.suit != banker.suit) continue;
            ++same_suit;
            if (player.rank > banker.rank) ++w;
            if (player.rank < banker.rank) ++l;
            if (player.rank == banker.rank) ++t;
          }
        }
      }
      wins += w * 80 / same_suit;
      losses += l * 80 / same_suit;
      ties += t * 80 / same_suit;
      edge += (w - l) * 80 / same_suit;
      const BankerHandOdds& row = odds.hands[chart_index(hand_of(b1, b2))];
      INFO("banker " << b1 << "-" << b2);
      CHECK(row.banker_wins == Fraction(w, same_suit));
      CHECK(row.banker_loses == Fraction(l, same_suit));
      CHECK(row.stand_off == Fraction(t, same_suit));
      CHECK(row.chance == Fraction(b1 == b2 ? 1 : 2, 36));
    }
  }
  CHECK(odds.banker_wins == Fraction(wins, 36 * 80));
  CHECK(odds.banker_loses == Fraction(losses, 36 * 80));
  CHECK(odds.stand_off == Fraction(ties, 36 * 80));
  CHECK(odds.banker_edge == Fraction(edge, 36 * 80));
  CHECK(odds.banker_edge == Fraction(11, 960));  // the banker's edge: about 1.15%
}

TEST_CASE("the player's counting hand given the banker's suit", "[dice][heaven-and-nine]") {
  CHECK(counting_hand_chance(hand_of(6, 6), Suit::kCivil) == Fraction(1, 16));
  CHECK(counting_hand_chance(hand_of(3, 1), Suit::kCivil) == Fraction(2, 16));
  CHECK(counting_hand_chance(hand_of(5, 4), Suit::kMilitary) == Fraction(2, 20));
  CHECK(counting_hand_chance(hand_of(5, 4), Suit::kCivil) == Fraction(0));
}

TEST_CASE("the banker keeps the bank until he loses a bet", "[dice][heaven-and-nine]") {
  const HeavenAndNineOdds odds = heaven_and_nine_odds();
  // Against one player: he keeps it unless that bet is lost.
  const Figure one = banker_keeps_bank(2);
  REQUIRE(one.exact);
  CHECK(*one.exact == Fraction(1) - odds.banker_loses);
  // Against two players, counted over every banker hand and both players' hands.
  Fraction two;
  for (const BankerHandOdds& row : odds.hands) {
    two += row.chance * (Fraction(1) - row.banker_loses) * (Fraction(1) - row.banker_loses);
  }
  const Figure keeps = banker_keeps_bank(3);
  REQUIRE(keeps.exact);
  CHECK(*keeps.exact == two);
  const Figure rounds = expected_rounds_as_banker(3);
  REQUIRE(rounds.exact);
  CHECK(*rounds.exact == Fraction(1) / (Fraction(1) - two));
  // With many players he nearly always loses a bet unless he throws Heaven or Nines.
  CHECK(banker_keeps_bank(200).value == Approx(5.0 / 36).epsilon(1e-6));
  CHECK_THROWS_AS(banker_keeps_bank(1), std::invalid_argument);
}
