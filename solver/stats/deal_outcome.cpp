#include "stats/deal_outcome.h"

#include <cstdlib>

#include "search/solver.h"

namespace scarney {

DealOutcome solve_deal(Solver& solver, Game game, const Board& board) {
  Position p = deal_position(game, board);
  DealOutcome o;
  switch (game) {
    case Game::Solitaire:
    case Game::Doubles:
      o.value = solver.value(p);
      break;
    case Game::Singles:
      o.value = solver.value(p);
      p.game = Game::Solitaire;
      o.solitaire = solver.value(p);
      break;
    case Game::HighLow: {
      const Solution s = solver.solve(p);
      o.value = s.value;
      o.starter_wins = s.to_move_wins.value_or(s.value > 0);
      break;
    }
  }
  return o;
}

int headline(Game game, const DealOutcome& o) {
  return game == Game::HighLow ? std::abs(o.value) : o.value;
}

}  // namespace scarney
