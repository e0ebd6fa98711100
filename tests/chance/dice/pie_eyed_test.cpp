// Scarney Pie-Eyed Dice: the chance per turn re-derived throw by throw, face
// by face, and the race to the third event re-derived turn by turn.
#include "chance/dice/pie_eyed.h"

#include <array>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <map>
#include <stdexcept>
#include <utility>
#include <vector>

using namespace scarney::dice;

namespace {

constexpr int kFaces[6] = {1, 3, 4, 6, 0, 0};

std::uint64_t six_to(int n) {
  std::uint64_t p = 1;
  for (int i = 0; i < n; ++i) p *= 6;
  return p;
}

// ways[k]: of the 6^(n*t) equally likely slots for `n` dice and `t` throws
// left, how many end the turn with k dead dice set aside. Each throw is
// enumerated face by face; a die set aside fills its later slots in all 6 ways.
std::vector<std::uint64_t> dead_ways(int n, int t) {
  static std::map<std::pair<int, int>, std::vector<std::uint64_t>> memo;
  if (auto it = memo.find({n, t}); it != memo.end()) return it->second;
  std::vector<std::uint64_t> ways(n + 1, 0);
  if (n == 0 || t == 0) {
    ways[0] = six_to(n * t);
  } else {
    for (std::uint64_t code = 0; code < six_to(n); ++code) {
      int dead = 0;
      std::uint64_t rest = code;
      for (int die = 0; die < n; ++die, rest /= 6) {
        if (kFaces[rest % 6] == 0) ++dead;
      }
      const std::vector<std::uint64_t> later = dead_ways(n - dead, t - 1);
      const std::uint64_t set_aside_slots = six_to(dead * (t - 1));
      for (std::size_t j = 0; j < later.size(); ++j) ways[dead + j] += later[j] * set_aside_slots;
    }
  }
  memo[{n, t}] = ways;
  return ways;
}

bool equals(const Fraction& f, std::uint64_t numerator, std::uint64_t denominator) {
  using Wide = unsigned __int128;
  return f.numerator() >= 0 &&
         static_cast<Wide>(f.numerator()) * denominator ==
             static_cast<Wide>(numerator) * static_cast<Wide>(f.denominator());
}

struct RaceByTurns {
  double expected_rounds = 0;
  std::vector<std::array<double, 3>> seat_role;
};

// Turn after turn: the chance of having made the event 0, 1 or 2 times so far.
RaceByTurns race_by_turns(double p, int players) {
  RaceByTurns race;
  race.seat_role.assign(players, {0, 0, 0});
  std::array<long double, 3> made = {1, 0, 0};
  for (long turn = 1; made[0] + made[1] + made[2] > 1e-18L; ++turn) {
    const int seat = static_cast<int>((turn - 1) % players);
    const long round = (turn + players - 1) / players;
    for (int k = 0; k < 3; ++k) race.seat_role[seat][k] += static_cast<double>(made[k] * p);
    race.expected_rounds += static_cast<double>(made[2] * p * round);
    made = {made[0] * (1 - p), made[1] * (1 - p) + made[0] * p, made[2] * (1 - p) + made[1] * p};
  }
  return race;
}

}  // namespace

TEST_CASE("the variants are the book's", "[dice][pie-eyed]") {
  // Five dice, three throws, five dead; the same with four dead; two dice, one throw.
  CHECK((kPieEyedFiveDead.dice == 5 && kPieEyedFiveDead.throws == 3 &&
         kPieEyedFiveDead.dead_needed == 5));
  CHECK((kPieEyedFourDead.dice == 5 && kPieEyedFourDead.throws == 3 &&
         kPieEyedFourDead.dead_needed == 4));
  CHECK((kPieEyedTwoDice.dice == 2 && kPieEyedTwoDice.throws == 1 &&
         kPieEyedTwoDice.dead_needed == 2));
}

TEST_CASE("brute force: dead dice at the end of a turn", "[dice][pie-eyed]") {
  for (const PieEyedRules& rules : kPieEyedVariants) {
    INFO(rules.name);
    const std::vector<std::uint64_t> ways = dead_ways(rules.dice, rules.throws);
    const std::uint64_t all = six_to(rules.dice * rules.throws);
    const std::vector<Fraction> chances = dead_dice_in_turn(rules);
    REQUIRE(chances.size() == ways.size());
    std::uint64_t success = 0;
    for (int k = 0; k <= rules.dice; ++k) {
      CHECK(equals(chances[k], ways[k], all));
      if (k >= rules.dead_needed) success += ways[k];
    }
    CHECK(equals(turn_success(rules), success, all));
  }
}

TEST_CASE("the chance per turn of each variant", "[dice][pie-eyed]") {
  // A die is dead by the third throw unless it shows a number three times:
  // 1 - (2/3)^3 = 19/27, and the five dice are independent.
  CHECK(turn_success(kPieEyedFiveDead) == Fraction(2476099, 14348907));  // (19/27)^5
  // Four dead dice or more: (19/27)^5 + 5 (19/27)^4 (8/27).
  CHECK(turn_success(kPieEyedFourDead) == Fraction(7688939, 14348907));
  CHECK(turn_success(kPieEyedTwoDice) == Fraction(1, 9));  // one throw of two dice
  // Five dead dice in a single throw would be far rarer: the dice set aside count.
  CHECK(turn_success(kPieEyedFiveDead) > Fraction(1, 243));
}

TEST_CASE("the race to the third event, turn by turn", "[dice][pie-eyed]") {
  for (const PieEyedRules& rules : kPieEyedVariants) {
    const Fraction p = turn_success(rules);
    for (int players : {1, 2, 3, 4, 7}) {
      INFO(rules.name << ", " << players << " players");
      const PieEyedRace race = pie_eyed_race(p, players);
      const RaceByTurns check = race_by_turns(p.to_double(), players);
      CHECK(race.expected_rounds.value == Approx(check.expected_rounds).epsilon(1e-10));
      REQUIRE(race.seat_role.size() == static_cast<std::size_t>(players));
      for (int role = 0; role < 3; ++role) {
        double sum = 0;
        for (int s = 0; s < players; ++s) {
          CHECK(race.seat_role[s][role].value ==
                Approx(check.seat_role[s][role]).epsilon(1e-10).margin(1e-15));
          sum += race.seat_role[s][role].value;
        }
        CHECK(sum == Approx(1).epsilon(1e-12));
      }
      CHECK(race.expected_turns.exact);
      CHECK(*race.expected_turns.exact == Fraction(3) / p);
    }
  }
}

TEST_CASE("exact race figures where the fractions fit", "[dice][pie-eyed]") {
  const Fraction p(1, 9);
  const PieEyedRace alone = pie_eyed_race(p, 1);
  REQUIRE(alone.expected_rounds.exact);
  CHECK(*alone.expected_rounds.exact == Fraction(27));  // one seat: rounds are turns
  const PieEyedRace two = pie_eyed_race(p, 2);
  REQUIRE(two.seat_role[0][0].exact);
  // Seat 1 is first to succeed: p (1 + q^2 + q^4 + ...) = (1/9) / (17/81) = 9/17.
  CHECK(*two.seat_role[0][0].exact == Fraction(9, 17));
  CHECK(*two.seat_role[1][0].exact == Fraction(8, 17));
  // Seat 1 has the edge in ordering, the last seat in ordering least.
  const PieEyedRace four = pie_eyed_race(turn_success(kPieEyedFiveDead), 4);
  CHECK(four.seat_role[0][0].value > four.seat_role[3][0].value);
}

TEST_CASE("pie-eyed refuses impossible games", "[dice][pie-eyed]") {
  CHECK_THROWS_AS(pie_eyed_race(Fraction(1, 9), 0), std::invalid_argument);
  CHECK_THROWS_AS(pie_eyed_race(Fraction(0), 3), std::invalid_argument);
  CHECK_THROWS_AS(pie_eyed_race(Fraction(1), 3), std::invalid_argument);
  CHECK_THROWS_AS(turn_success(PieEyedRules{"six dead of five", 5, 3, 6}), std::invalid_argument);
}
