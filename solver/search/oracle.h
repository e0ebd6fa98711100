// Exact values known from elsewhere (endgame tablebases). The solvers ask
// the oracle at every position with few enough pawns and stop searching
// there; an oracle must never be wrong, so a damaged table answers nothing.
#pragma once

#include <cstdint>
#include <optional>

#include "board/board.h"
#include "games/game.h"

namespace scarney {

class Oracle {
 public:
  virtual ~Oracle() = default;
  // Positions of game g with at most this many pawns are covered (0: none).
  virtual int max_pawns(Game g) const = 0;
  // The value, for the side to move, of the jump-phase position b of game g
  // (see games/rules.h): Solitaire and Singles the best score, Doubles the
  // margin. High-Low: the payoff with `removed: 0 0`.
  virtual std::optional<int> value(Game g, const Board& b) const = 0;
  // High-Low only: whether the side to move wins.
  virtual std::optional<bool> highlow_wins(const Board& b) const = 0;
};

// What every exact solver keeps besides its search: the positions it has
// visited and the oracle it asks.
class SolverCounters {
 public:
  uint64_t nodes() const { return nodes_; }
  // Positions the oracle covers are answered by it instead of searched.
  void set_oracle(const Oracle* oracle) { oracle_ = oracle; }

 protected:
  uint64_t nodes_ = 0;
  const Oracle* oracle_ = nullptr;
};

}  // namespace scarney
