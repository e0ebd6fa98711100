#include "chance/dice/chemin_de_fer.h"

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "chance/dice/scarney_die.h"

namespace scarney::dice {
namespace {

constexpr int kMaxTotal = 6 * kCheminDeFerDice;

// ways[k][s]: of the 6^5 ways five dice fall, how many show k dead dice and
// numbered dice totalling s.
using DeadAndTotalWays = std::array<std::array<std::uint64_t, kMaxTotal + 1>, kCheminDeFerDice + 1>;

DeadAndTotalWays first_throw_ways() {
  DeadAndTotalWays ways{};
  ways[0][0] = 1;
  for (int die = 0; die < kCheminDeFerDice; ++die) {
    DeadAndTotalWays next{};
    for (int dead = 0; dead <= die; ++dead) {
      for (int total = 0; total <= kMaxTotal; ++total) {
        if (ways[dead][total] == 0) continue;
        for (int face : kScarneyFaces) {
          if (is_dead(face)) {
            next[dead + 1][total] += ways[dead][total];
          } else {
            next[dead][total + face] += ways[dead][total];
          }
        }
      }
    }
    ways = next;
  }
  return ways;
}

void check_faces(std::span<const int> faces, const char* what) {
  for (int face : faces) {
    if (std::find(kScarneyFaces.begin(), kScarneyFaces.end(), face) == kScarneyFaces.end()) {
      throw std::invalid_argument(std::string(what) +
                                  ": a Scarney die shows 1, 3, 4, 6 or dead (0), not " +
                                  std::to_string(face));
    }
  }
}

int count(std::span<const int> faces) {
  int total = 0;
  for (int face : faces) total += face;
  return total;
}

}  // namespace

int point_of(int count) {
  if (count < 0) throw std::invalid_argument("point_of: a count is never negative");
  return count % 10;
}

bool is_hit_number(int point) { return point <= 6; }

std::string_view point_name(int point) {
  switch (point) {
    case 9:
      return "La Grande";
    case 8:
      return "La Petite";
    case 7:
      return "Natural";
    default:
      return "Hit Number";
  }
}

int dice_to_draw(std::span<const int> first_throw) {
  if (first_throw.size() != kCheminDeFerDice) {
    throw std::invalid_argument("Chemin de Fer: the first throw is of five dice");
  }
  check_faces(first_throw, "Chemin de Fer first throw");
  if (!is_hit_number(point_of(count(first_throw)))) return 0;
  return static_cast<int>(std::count_if(first_throw.begin(), first_throw.end(), is_dead));
}

int final_point(std::span<const int> first_throw, std::span<const int> second_throw) {
  const int draw = dice_to_draw(first_throw);
  if (static_cast<int>(second_throw.size()) != draw) {
    throw std::invalid_argument("Chemin de Fer: the second throw must be of exactly " +
                                std::to_string(draw) + " dice, not " +
                                std::to_string(second_throw.size()));
  }
  check_faces(second_throw, "Chemin de Fer second throw");
  // The dead dice of the first throw count zero, so the new count is the
  // first count plus the second throw.
  return point_of(count(first_throw) + count(second_throw));
}

CheminDeFerOdds chemin_de_fer_odds() {
  const DeadAndTotalWays first = first_throw_ways();
  const std::uint64_t first_ways = ways_to_throw(kCheminDeFerDice);
  // Every turn counted out of 6^10 ways: the first throw's 6^5 and, for a turn
  // drawing k dice, the second throw's 6^k times 6^(5-k) for the dice not thrown.
  const std::uint64_t turn_ways = first_ways * first_ways;

  std::array<std::uint64_t, 10> first_point{}, final_point{};
  std::uint64_t draws = 0;
  for (int dead = 0; dead <= kCheminDeFerDice; ++dead) {
    const std::vector<std::uint64_t> second = scarney_total_ways(dead);
    const std::uint64_t unthrown = ways_to_throw(kCheminDeFerDice - dead);
    for (int total = 0; total <= kMaxTotal; ++total) {
      const std::uint64_t ways = first[dead][total];
      if (ways == 0) continue;
      const int point = point_of(total);
      first_point[point] += ways;
      if (dead == 0 || !is_hit_number(point)) {
        final_point[point] += ways * first_ways;
        continue;
      }
      draws += ways;
      for (std::size_t added = 0; added < second.size(); ++added) {
        final_point[point_of(total + static_cast<int>(added))] += ways * second[added] * unthrown;
      }
    }
  }

  CheminDeFerOdds odds;
  for (int p = 0; p < 10; ++p) {
    odds.first_point[p] = Fraction(first_point[p], first_ways);
    odds.final_point[p] = Fraction(final_point[p], turn_ways);
  }
  odds.draws = Fraction(draws, first_ways);
  for (int player = 0; player < 10; ++player) {
    for (int banker = 0; banker < 10; ++banker) {
      const Fraction both = odds.final_point[player] * odds.final_point[banker];
      if (player > banker) {
        odds.player_wins += both;
      } else if (player == banker) {
        odds.stand_off += both;
      } else {
        odds.banker_wins += both;
      }
    }
  }
  odds.player_expectation = odds.player_wins - odds.banker_wins;
  return odds;
}

std::array<Fraction, 31> five_dice_totals() {
  const std::vector<std::uint64_t> ways = scarney_total_ways(kCheminDeFerDice);
  const std::uint64_t all = ways_to_throw(kCheminDeFerDice);
  std::array<Fraction, 31> totals;
  for (int t = 0; t <= kMaxTotal; ++t) totals[t] = Fraction(ways[t], all);
  return totals;
}

Figure tie_for_highest(int players) {
  if (players < 2) throw std::invalid_argument("a tie for highest needs at least two players");
  const std::array<Fraction, 31> totals = five_dice_totals();
  return exact_if_possible([&]<class Number>() {
    // The highest total is t and thrown by one player alone: that player's
    // total is t (any of `players` seats) and everyone else's is below t.
    Number below(0), alone(0);
    for (int t = 0; t <= kMaxTotal; ++t) {
      const Number p = as<Number>(totals[t]);
      alone = alone + Number(players) * p * power(below, players - 1);
      below = below + p;
    }
    return Number(1) - alone;
  });
}

}  // namespace scarney::dice
