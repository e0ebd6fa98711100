#include "chance/dice/pie_eyed_simulation.h"

#include <stdexcept>

#include "chance/dice/dice_cup.h"
#include "chance/dice/scarney_die.h"

namespace scarney::dice {

int play_pie_eyed_turn(const PieEyedRules& rules, std::mt19937_64& rng) {
  int dead = 0;
  for (int t = 0; t < rules.throws && dead < rules.dice; ++t) {
    const int thrown = rules.dice - dead;
    for (int die = 0; die < thrown; ++die) {
      if (is_dead(throw_scarney_die(rng))) ++dead;
    }
  }
  return dead;
}

PieEyedTally simulate_pie_eyed(const PieEyedRules& rules, std::uint64_t games, int players,
                               std::mt19937_64& rng) {
  if (players < 1) throw std::invalid_argument("Pie-Eyed needs at least one player");
  PieEyedTally tally;
  tally.dead_dice.assign(rules.dice + 1, 0);
  tally.seat_role.assign(players, {0, 0, 0});
  for (std::uint64_t game = 0; game < games; ++game) {
    ++tally.games;
    int events = 0;
    std::uint64_t turn = 0;
    while (events < 3) {
      const int seat = static_cast<int>(turn % players);
      ++turn;
      const int dead = play_pie_eyed_turn(rules, rng);
      ++tally.turns;
      ++tally.dead_dice[dead];
      if (dead >= rules.dead_needed) {
        ++tally.events;
        ++tally.seat_role[seat][events];
        ++events;
      }
    }
    const std::uint64_t rounds = (turn + players - 1) / players;
    tally.rounds += rounds;
    tally.rounds_squared += static_cast<double>(rounds) * static_cast<double>(rounds);
  }
  return tally;
}

}  // namespace scarney::dice
