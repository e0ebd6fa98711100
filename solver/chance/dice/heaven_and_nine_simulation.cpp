#include "chance/dice/heaven_and_nine_simulation.h"

#include <stdexcept>

#include "chance/dice/dice_cup.h"
#include "chance/dice/heaven_and_nine.h"

namespace scarney::dice {
namespace {

// A player's bet against a banker who did not settle every bet at once.
Settlement players_turn(const Hand& banker, HeavenAndNineTally& tally, std::mt19937_64& rng) {
  while (true) {
    ++tally.player_throws;
    const Hand& player = hand_of(throw_die(rng), throw_die(rng));
    const Settlement result = settle(banker, player);
    if (result != Settlement::kThrowAgain) return result;
  }
}

void count_bet(HeavenAndNineTally::Bets& bets, BankerThrow banker, Settlement settlement) {
  ++bets.bets;
  if (banker == BankerThrow::kWinsAll || settlement == Settlement::kBankerWins) {
    ++bets.banker_wins;
  } else if (banker == BankerThrow::kLosesAll || settlement == Settlement::kPlayerWins) {
    ++bets.banker_loses;
  } else {
    ++bets.stand_offs;
  }
}

}  // namespace

HeavenAndNineTally simulate_heaven_and_nine(std::uint64_t rounds, int players,
                                            std::mt19937_64& rng) {
  if (players < 2) {
    throw std::invalid_argument("Heaven and Nine needs a banker and at least one player");
  }
  HeavenAndNineTally tally;
  for (std::uint64_t round = 0; round < rounds; ++round) {
    ++tally.rounds;
    const Hand& banker = hand_of(throw_die(rng), throw_die(rng));
    const BankerThrow how = banker_throw(banker);
    HeavenAndNineTally::Bets& row = tally.by_banker_hand[chart_index(banker)];
    ++row.thrown;
    bool lost_a_bet = false;
    for (int player = 1; player < players; ++player) {
      const Settlement settlement = how == BankerThrow::kPlayersThrow
                                        ? players_turn(banker, tally, rng)
                                        : Settlement::kThrowAgain;  // settled by the banker's throw
      count_bet(row, how, settlement);
      count_bet(tally.all, how, settlement);
      if (how == BankerThrow::kLosesAll || settlement == Settlement::kPlayerWins) lost_a_bet = true;
    }
    if (!lost_a_bet) ++tally.rounds_kept;
  }
  return tally;
}

}  // namespace scarney::dice
