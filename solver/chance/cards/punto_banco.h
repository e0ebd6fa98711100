// Punto banco: casino baccarat with a fixed tableau for both hands.
// The player draws on 0-5 and stands on 6-7. The banker, when the player
// stood, draws on 0-5; when the player drew a third card c, he draws on 0-2,
// on 3 unless c is 8, on 4 when c is 2-7, on 5 when c is 4-7, on 6 when c is
// 6-7, and stands on 7. An 8 or 9 in two cards ends the coup.
#pragma once

#include <cstdint>

#include "chance/cards/baccarat_shoe.h"
#include "chance/cards/coup_table.h"

namespace scarney::cards::baccarat {

// The tableau; `player_third` is the player's third card or kStood.
bool tableau_player_draws(int player);
bool tableau_banker_draws(int banker, int player_third);

struct PuntoBanco {
  Tally counts{};           // ordered six-card deals won by banker, player, or tied
  std::uint64_t total = 0;  // all ordered six-card deals

  double chance(Result r) const { return double(counts[r]) / double(total); }
  // The bettor's expectation per unit: the banker bet pays 19 to 20 (5%
  // commission), the player bet even money, the tie 8 to 1; ties return the
  // banker and player bets.
  double banker_bet(double commission = 0.05) const;
  double player_bet() const;
  double tie_bet(double pays = 8) const;
};

PuntoBanco punto_banco(const Shoe& shoe);

}  // namespace scarney::cards::baccarat
