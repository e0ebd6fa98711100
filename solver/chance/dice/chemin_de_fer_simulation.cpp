#include "chance/dice/chemin_de_fer_simulation.h"

#include <algorithm>
#include <stdexcept>
#include <vector>

#include "chance/dice/chemin_de_fer.h"
#include "chance/dice/dice_cup.h"

namespace scarney::dice {
namespace {

std::vector<int> throw_dice(int n, std::mt19937_64& rng) {
  std::vector<int> faces(n);
  for (int& face : faces) face = throw_scarney_die(rng);
  return faces;
}

int shooters_turn(CheminDeFerTally& tally, std::mt19937_64& rng) {
  const std::vector<int> first = throw_dice(kCheminDeFerDice, rng);
  int count = 0;
  for (int face : first) count += face;
  const int draw = dice_to_draw(first);
  const int point = final_point(first, throw_dice(draw, rng));
  ++tally.turns;
  ++tally.first_point[point_of(count)];
  if (draw > 0) ++tally.draws;
  ++tally.final_point[point];
  return point;
}

}  // namespace

CheminDeFerTally simulate_chemin_de_fer(std::uint64_t rounds, int players, std::mt19937_64& rng) {
  if (players < 2)
    throw std::invalid_argument("Chemin de Fer needs a banker and at least one player");
  CheminDeFerTally tally;
  for (std::uint64_t round = 0; round < rounds; ++round) {
    ++tally.rounds;
    std::vector<int> totals;
    for (int player = 0; player < players; ++player) {
      int total = 0;
      for (int face : throw_dice(kCheminDeFerDice, rng)) total += face;
      ++tally.five_dice_total[total];
      totals.push_back(total);
    }
    const int highest = *std::max_element(totals.begin(), totals.end());
    if (std::count(totals.begin(), totals.end(), highest) > 1) ++tally.ties_for_highest;

    const int banker = shooters_turn(tally, rng);
    for (int player = 1; player < players; ++player) {
      const int point = shooters_turn(tally, rng);
      ++tally.bets;
      if (point > banker) {
        ++tally.player_wins;
      } else if (point == banker) {
        ++tally.stand_offs;
      } else {
        ++tally.banker_wins;
      }
    }
  }
  return tally;
}

}  // namespace scarney::dice
