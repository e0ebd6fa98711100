// Chemin de fer as a two-person zero-sum game (Kemeny and Snell 1957; for a
// finite shoe, Downton and Lockwood 1975). The player's only choice is at a
// two-card 5: draw or stand (by the total, not the cards). The banker chooses
// in each cell of his table: his two-card point 0-7 against the player's
// third card, or against the player having stood. Payoff: even money, no
// commission; everything is counted exactly over the ordered deals.
//
// Whatever the banker does, the player's payoff is linear in his chance x of
// drawing at 5, cell by cell, and the banker's cells are independent, so the
// value of the game for the player is V(x) = naturals + sum over cells of
// min(draw line, stand line): concave and piecewise linear. The maximum is
// found exactly among the crossing points (rationals over the integer
// counts); a cell whose lines cross at the maximum is where the banker mixes,
// in the proportion that leaves the player indifferent.
#pragma once

#include <string>

#include "chance/cards/coup_table.h"

namespace scarney::cards::baccarat {

struct GameSolution {
  double draw_on_5 = 0;         // the player's optimal chance of drawing at 5
  std::string draw_on_5_exact;  // the same as a reduced fraction
  double value = 0;             // the player's expectation per coup under optimal play
  double banker_draws[8][11] =
      {};  // the banker's optimal chance of drawing, [point][third card or kStood]
  double value_standing_on_5 = 0;  // the player always stands at 5, the banker replies best
  double value_drawing_on_5 = 0;   // the player always draws at 5, the banker replies best
};

GameSolution solve_chemin_de_fer(const CoupTable& table);

}  // namespace scarney::cards::baccarat
