// The simulations agree with the exact figures within statistical error: a
// fixed seed, and a bound of 4.5 standard errors on every figure.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <random>

#include "chance/dice/chemin_de_fer.h"
#include "chance/dice/chemin_de_fer_simulation.h"
#include "chance/dice/heaven_and_nine.h"
#include "chance/dice/heaven_and_nine_simulation.h"
#include "chance/dice/pie_eyed.h"
#include "chance/dice/pie_eyed_simulation.h"

using namespace scarney::dice;

namespace {

constexpr double kBound = 4.5;  // standard errors

// The observed share of `n` independent trials against the exact chance p.
void check_share(std::uint64_t hits, std::uint64_t n, double p) {
  REQUIRE(n > 0);
  const double observed = static_cast<double>(hits) / static_cast<double>(n);
  const double standard_error = std::sqrt(p * (1 - p) / static_cast<double>(n));
  INFO("observed " << observed << ", exact " << p << ", standard error " << standard_error);
  CHECK(std::abs(observed - p) <= kBound * standard_error + 1e-12);
}

}  // namespace

TEST_CASE("simulated Chemin de Fer agrees with the exact odds", "[dice][simulation]") {
  std::mt19937_64 rng(20240601);
  // Two at the table: one bet a round, so the bets are independent.
  const CheminDeFerTally t = simulate_chemin_de_fer(20000, 2, rng);
  const CheminDeFerOdds odds = chemin_de_fer_odds();
  CHECK(t.rounds == 20000);
  CHECK(t.turns == 40000);
  CHECK(t.bets == 20000);
  for (int p = 0; p < 10; ++p) {
    INFO("point " << p);
    check_share(t.first_point[p], t.turns, odds.first_point[p].to_double());
    check_share(t.final_point[p], t.turns, odds.final_point[p].to_double());
  }
  check_share(t.draws, t.turns, odds.draws.to_double());
  check_share(t.player_wins, t.bets, odds.player_wins.to_double());
  check_share(t.stand_offs, t.bets, odds.stand_off.to_double());
  check_share(t.banker_wins, t.bets, odds.banker_wins.to_double());
  const auto totals = five_dice_totals();
  for (int s = 0; s <= 30; ++s) {
    INFO("total " << s);
    check_share(t.five_dice_total[s], 2 * t.rounds, totals[s].to_double());
  }
  check_share(t.ties_for_highest, t.rounds, tie_for_highest(2).value);
}

TEST_CASE("simulated ties for highest among five players", "[dice][simulation]") {
  std::mt19937_64 rng(7);
  const CheminDeFerTally t = simulate_chemin_de_fer(20000, 5, rng);
  check_share(t.ties_for_highest, t.rounds, tie_for_highest(5).value);
}

TEST_CASE("simulated Pie-Eyed Dice agrees with the exact odds", "[dice][simulation]") {
  std::uint64_t seed = 99;
  for (const PieEyedRules& rules : kPieEyedVariants) {
    INFO(rules.name);
    std::mt19937_64 rng(seed++);
    const int players = 3;
    const std::uint64_t games = 4000;
    const PieEyedTally t = simulate_pie_eyed(rules, games, players, rng);
    CHECK(t.games == games);
    CHECK(t.events == 3 * games);
    const std::vector<Fraction> dead = dead_dice_in_turn(rules);
    for (int k = 0; k <= rules.dice; ++k) check_share(t.dead_dice[k], t.turns, dead[k].to_double());
    const PieEyedRace race = pie_eyed_race(turn_success(rules), players);
    for (int s = 0; s < players; ++s) {
      for (int role = 0; role < 3; ++role) {
        INFO("seat " << s + 1 << ", role " << role);
        check_share(t.seat_role[s][role], games, race.seat_role[s][role].value);
      }
    }
    // Rounds: the sample mean against the exact expectation.
    const double n = static_cast<double>(games);
    const double mean = static_cast<double>(t.rounds) / n;
    const double variance = (t.rounds_squared - n * mean * mean) / (n - 1);
    INFO("mean rounds " << mean << ", exact " << race.expected_rounds.value);
    CHECK(std::abs(mean - race.expected_rounds.value) <= kBound * std::sqrt(variance / n));
  }
}

TEST_CASE("simulated Heaven and Nine agrees with the exact odds", "[dice][simulation]") {
  std::mt19937_64 rng(31337);
  const HeavenAndNineTally t = simulate_heaven_and_nine(40000, 2, rng);  // one bet a round
  const HeavenAndNineOdds odds = heaven_and_nine_odds();
  check_share(t.all.banker_wins, t.all.bets, odds.banker_wins.to_double());
  check_share(t.all.banker_loses, t.all.bets, odds.banker_loses.to_double());
  check_share(t.all.stand_offs, t.all.bets, odds.stand_off.to_double());
  for (const BankerHandOdds& row : odds.hands) {
    INFO(row.hand->name << " " << row.hand->high_die << "-" << row.hand->low_die);
    const auto& b = t.by_banker_hand[chart_index(*row.hand)];
    check_share(b.thrown, t.rounds, row.chance.to_double());
    check_share(b.banker_wins, b.bets, row.banker_wins.to_double());
    check_share(b.stand_offs, b.bets, row.stand_off.to_double());
  }
  // The banker's edge: each bet pays +1, 0 or -1.
  const double n = static_cast<double>(t.all.bets);
  const double edge = (static_cast<double>(t.all.banker_wins) - t.all.banker_loses) / n;
  const double exact = odds.banker_edge.to_double();
  const double variance = 1 - odds.stand_off.to_double() - exact * exact;
  CHECK(std::abs(edge - exact) <= kBound * std::sqrt(variance / n));
  check_share(t.rounds_kept, t.rounds, banker_keeps_bank(2).value);
}

TEST_CASE("simulated banker keeping the bank against four players", "[dice][simulation]") {
  std::mt19937_64 rng(5);
  const HeavenAndNineTally t = simulate_heaven_and_nine(20000, 5, rng);
  CHECK(t.all.bets == 4 * t.rounds);
  check_share(t.rounds_kept, t.rounds, banker_keeps_bank(5).value);
}

TEST_CASE("a simulation is the same for the same seed", "[dice][simulation]") {
  std::mt19937_64 a(123), b(123);
  const CheminDeFerTally x = simulate_chemin_de_fer(500, 3, a);
  const CheminDeFerTally y = simulate_chemin_de_fer(500, 3, b);
  CHECK(x.final_point == y.final_point);
  CHECK(x.player_wins == y.player_wins);
}
