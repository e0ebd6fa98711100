// One random deal solved exactly: what perfect play makes of it in each game.
#pragma once

#include <cstdint>

#include "board/board.h"
#include "games/game.h"
#include "games/position.h"
#include "games/rules.h"  // deal_position

namespace scarney {

class Solver;

struct DealOutcome {
  // Solitaire, Singles: the best score. Doubles: the nonstarter's margin
  // (he makes the first take-off). High-Low: the starter's payoff (he
  // removes first): his score if he wins, minus the other's if he loses.
  int value = 0;
  int solitaire = 0;          // Singles: the best score without the early call
  bool starter_wins = false;  // High-Low
};

// Solves the deal with `solver` (one per thread: a Solver is not thread-safe).
DealOutcome solve_deal(Solver& solver, Game game, const Board& board);

// The statistic the histogram counts: the best score (Solitaire, Singles),
// the nonstarter's margin (Doubles), the winner's score (High-Low).
int headline(Game game, const DealOutcome& o);

}  // namespace scarney
