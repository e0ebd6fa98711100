// Chemin de fer under the Italian rules' drawing table, "gioco alla regola".
//
// The player ("la punta") draws on 0-4, chooses at 5 ("a volontà"), stands on
// 6-7 and shows 8-9. The banker shows 8-9; when the player stood he draws on
// 0-5 and stands on 6-7; when the player drew a third card c:
//
//   banker   c: 0 1 2 3 4 5 6 7 8 9
//     0-2       T T T T T T T T T T      T tira (draws)
//     3         T T T T T T T T S V      S sta (stands)
//     4         S S T T T T T T S S      V a volontà (at will)
//     5         S S S S V T T T S S
//     6         S S S S S S T T S S
//     7         S S S S S S S S S S
//
// An at-will cell left alone is played standing ("la regola applicata è stare").
#pragma once

#include <cstdint>

#include "chance/cards/coup_table.h"

namespace scarney::cards::baccarat {

struct AtWill {
  bool player_draws_on_5 = false;    // "avendo 5 di punta"
  bool banker_3_draws_on_9 = false;  // "avendo 3 di banco e dando 9"
  bool banker_5_draws_on_4 = false;  // "avendo 5 di banco e dando 4"
};

enum class Cell : char { draws = 'T', stands = 'S', at_will = 'V' };

// The table as printed; `third` is the player's third card or kStood.
Cell regola_cell(int banker, int third);
bool regola_player_draws(int player, const AtWill& at_will);
bool regola_banker_draws(int banker, int third, const AtWill& at_will);

struct Outcome {
  Tally counts{};  // ordered six-card deals won by banker, player, or tied
  std::uint64_t total = 0;
  double chance(Result r) const { return double(counts[r]) / double(total); }
  // The player's expectation per coup (even money, no commission): P(player) - P(banker).
  double player_expectation() const {
    return (double(counts[player_wins]) - double(counts[banker_wins])) / double(total);
  }
};

// Both sides playing the table, the at-will cells as given.
Outcome regola_outcome(const CoupTable& table, const AtWill& at_will);

// One cell of the banker's table: the coups that reach it and the banker's
// expectation (banker wins minus player wins, per coup reaching the cell) if
// he draws and if he stands.
struct BankerCell {
  double coups =
      0;  // ordered six-card deals reaching the cell (weighted by the player's choice at 5)
  double draw = 0, stand = 0;
  double chance = 0;  // of reaching the cell, per coup
};

// Every cell [banker 0-7][player's third card 0-9, or kStood], the player
// drawing on 0-4, standing on 6-7, and drawing at 5 with chance
// `player_draws_on_5` (0 or 1 for the table's two readings, or a mixed choice).
struct BankerCells {
  BankerCell cell[8][11];
};
BankerCells banker_cells(const CoupTable& table, double player_draws_on_5);

}  // namespace scarney::cards::baccarat
