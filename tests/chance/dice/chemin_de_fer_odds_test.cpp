// The exact Chemin de Fer odds, re-derived by brute force: every one of the
// 6^5 first throws and every second throw of its dead dice, face by face.
#include <array>
#include <catch2/catch.hpp>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "chance/dice/chemin_de_fer.h"

using namespace scarney::dice;

namespace {

// The faces written out again, so that the test shares nothing with the library.
constexpr int kFaces[6] = {1, 3, 4, 6, 0, 0};
constexpr std::uint64_t k6to5 = 7776;

using Wide = unsigned __int128;

bool equals(const Fraction& f, Wide numerator, Wide denominator) {
  return static_cast<Wide>(f.numerator()) * denominator ==
             numerator * static_cast<Wide>(f.denominator()) &&
         f.numerator() >= 0;
}

struct BruteForce {
  std::array<std::uint64_t, 10> first_point{};  // out of 6^5
  std::uint64_t draws = 0;                      // out of 6^5
  std::array<std::uint64_t, 10> final_point{};  // out of 6^10
  std::array<std::uint64_t, 31> totals{};       // out of 6^5
};

BruteForce brute_force() {
  BruteForce b;
  for (int d1 = 0; d1 < 6; ++d1) {
    for (int d2 = 0; d2 < 6; ++d2) {
      for (int d3 = 0; d3 < 6; ++d3) {
        for (int d4 = 0; d4 < 6; ++d4) {
          for (int d5 = 0; d5 < 6; ++d5) {
            const int faces[5] = {kFaces[d1], kFaces[d2], kFaces[d3], kFaces[d4], kFaces[d5]};
            int count = 0, dead = 0;
            for (int f : faces) {
              count += f;
              if (f == 0) ++dead;
            }
            ++b.totals[count];
            ++b.first_point[count % 10];
            if (count % 10 >= 7 || dead == 0) {
              b.final_point[count % 10] += k6to5;  // every second-throw slot alike
              continue;
            }
            ++b.draws;
            // Every way the `dead` dice can fall, one by one; the dice not
            // thrown again fill the other 6^(5 - dead) slots.
            std::uint64_t ways = 1, unthrown = 1;
            for (int i = 0; i < dead; ++i) ways *= 6;
            for (int i = dead; i < 5; ++i) unthrown *= 6;
            for (std::uint64_t code = 0; code < ways; ++code) {
              int added = 0;
              std::uint64_t rest = code;
              for (int i = 0; i < dead; ++i, rest /= 6) added += kFaces[rest % 6];
              b.final_point[(count + added) % 10] += unthrown;
            }
          }
        }
      }
    }
  }
  return b;
}

const BruteForce& brute() {
  static const BruteForce b = brute_force();
  return b;
}

// P(when `players` players each have a total, the highest is shared), counted
// over every combination of totals: ways out of 7776^players.
Wide tied_ways(int players) {
  const auto& totals = brute().totals;
  std::vector<int> pick(players, 0);
  Wide tied = 0;
  while (true) {
    Wide ways = 1;
    int highest = -1, at_highest = 0;
    for (int t : pick) {
      ways *= totals[t];
      if (t > highest) {
        highest = t;
        at_highest = 1;
      } else if (t == highest) {
        ++at_highest;
      }
    }
    if (at_highest > 1) tied += ways;
    int i = 0;
    while (i < players && ++pick[i] == 31) pick[i++] = 0;
    if (i == players) break;
  }
  return tied;
}

}  // namespace

TEST_CASE("brute force: the first point, the draw and the final point", "[dice][chemin-de-fer]") {
  const CheminDeFerOdds odds = chemin_de_fer_odds();
  std::uint64_t all = 0;
  for (int p = 0; p < 10; ++p) {
    INFO("point " << p);
    CHECK(equals(odds.first_point[p], brute().first_point[p], k6to5));
    CHECK(equals(odds.final_point[p], brute().final_point[p], k6to5 * k6to5));
    all += brute().final_point[p];
  }
  CHECK(all == k6to5 * k6to5);
  CHECK(equals(odds.draws, brute().draws, k6to5));
}

TEST_CASE("brute force: player against banker", "[dice][chemin-de-fer]") {
  const CheminDeFerOdds odds = chemin_de_fer_odds();
  const auto& f = brute().final_point;
  Wide wins = 0, ties = 0, losses = 0;
  for (int player = 0; player < 10; ++player) {
    for (int banker = 0; banker < 10; ++banker) {
      const Wide both = static_cast<Wide>(f[player]) * f[banker];
      (player > banker ? wins : player == banker ? ties : losses) += both;
    }
  }
  const Wide all = static_cast<Wide>(k6to5 * k6to5) * (k6to5 * k6to5);
  CHECK(equals(odds.player_wins, wins, all));
  CHECK(equals(odds.stand_off, ties, all));
  CHECK(equals(odds.banker_wins, losses, all));
  CHECK(wins + ties + losses == all);
}

TEST_CASE("Scarney Chemin de Fer is an even game", "[dice][chemin-de-fer]") {
  // Banker and player throw by the same rule and bets are paid at even money,
  // so the book's claim holds exactly.
  const CheminDeFerOdds odds = chemin_de_fer_odds();
  CHECK(odds.player_wins == odds.banker_wins);
  CHECK(odds.player_expectation == Fraction(0));
  CHECK(odds.player_wins + odds.stand_off + odds.banker_wins == Fraction(1));
}

TEST_CASE("the draw rule shapes the final point", "[dice][chemin-de-fer]") {
  const CheminDeFerOdds odds = chemin_de_fer_odds();
  // A point of 7, 8 or 9 keeps every first throw that made it and gains the
  // draws that land on it.
  for (int p = 7; p <= 9; ++p) CHECK(odds.final_point[p] > odds.first_point[p]);
  // A Hit Number with at least one dead die draws: 11 first throws in 18.
  CHECK(odds.draws == Fraction(11, 18));
  // A five-numbered Hit Number (no dead die) keeps its point: a final point of
  // 0 is possible without a draw, e.g. 1+3+4+6+6 = 20.
  CHECK(odds.final_point[0] > Fraction(0));
}

TEST_CASE("brute force: the five-dice total", "[dice][chemin-de-fer]") {
  const std::array<Fraction, 31> totals = five_dice_totals();
  for (int t = 0; t <= 30; ++t) {
    INFO("total " << t);
    CHECK(equals(totals[t], brute().totals[t], k6to5));
  }
  CHECK(totals[29] == Fraction(0));  // 6+6+6+6+5 cannot be thrown: there is no 5
  CHECK(totals[30] == Fraction(1, 7776));
  CHECK(totals[0] == Fraction(32, 7776));  // all five dead
}

TEST_CASE("brute force: a tie for highest among N players", "[dice][chemin-de-fer]") {
  for (int players = 2; players <= 4; ++players) {
    INFO(players << " players");
    const Figure tie = tie_for_highest(players);
    REQUIRE(tie.exact);
    Wide all = 1;
    for (int i = 0; i < players; ++i) all *= k6to5;
    CHECK(equals(*tie.exact, tied_ways(players), all));
    CHECK(tie.value == Approx(tie.exact->to_double()));
  }
}

TEST_CASE("a tie for highest among many players, by a running maximum", "[dice][chemin-de-fer]") {
  // A second method: add the players one at a time, keeping the chance of
  // each (highest total, shared or not). Long doubles, any number of players.
  const auto& totals = brute().totals;
  std::array<std::array<long double, 2>, 31> state{};  // [highest][shared]
  for (int t = 0; t <= 30; ++t) state[t][0] = totals[t] / 7776.0L;
  for (int players = 2; players <= 14; ++players) {
    std::array<std::array<long double, 2>, 31> next{};
    for (int h = 0; h <= 30; ++h) {
      for (int shared = 0; shared < 2; ++shared) {
        for (int t = 0; t <= 30; ++t) {
          const long double p = state[h][shared] * (totals[t] / 7776.0L);
          if (t > h) next[t][0] += p;
          if (t == h) next[h][1] += p;
          if (t < h) next[h][shared] += p;
        }
      }
    }
    state = next;
    long double tied = 0;
    for (int h = 0; h <= 30; ++h) tied += state[h][1];
    INFO(players << " players");
    const Figure tie = tie_for_highest(players);
    CHECK(tie.value == Approx(static_cast<double>(tied)).epsilon(1e-12));
    // Exact while 7776^N fits in 128 bits (N <= 9), the decimal alone after.
    CHECK(tie.exact.has_value() == (players <= 9));
  }
  CHECK_THROWS_AS(tie_for_highest(1), std::invalid_argument);
}
