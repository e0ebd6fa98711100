#include "stats/deal_outcome.h"

#include <cstdlib>

#include "search/solver.h"

namespace scarney {

DealOutcome solve_deal(Solver& solver, Game game, const Board& board) {
  Position p = deal_position(game, board);
  DealOutcome o;
  if (value_kind(game) == ValueKind::Payoff) {
    const Solution s = solver.solve(p);
    o.value = s.value;
    o.starter_wins = s.to_move_wins.value_or(s.value > 0);
    return o;
  }
  o.value = solver.value(p);
  if (traits(game).calls_scarney) {
    // Without the call the same board is played out as Solitaire.
    p.game = Game::Solitaire;
    o.solitaire = solver.value(p);
  }
  return o;
}

int headline(Game game, const DealOutcome& o) {
  return value_kind(game) == ValueKind::Payoff ? std::abs(o.value) : o.value;
}

}  // namespace scarney
