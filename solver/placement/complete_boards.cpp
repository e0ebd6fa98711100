#include "placement/complete_boards.h"

#include <algorithm>

#include "games/rules.h"

namespace scarney {

Position CompleteBoards::game_position(const Board& b) const { return deal_position(game_, b); }

CompleteBoards::Known& CompleteBoards::entry(const Board& b) { return memo_[canonical_key_all(b)]; }

const CompleteBoards::Known* CompleteBoards::find(const Board& b) const {
  const auto it = memo_.find(canonical_key_all(b));
  return it == memo_.end() ? nullptr : &it->second;
}

std::optional<int> CompleteBoards::known_value(const Board& b) const {
  const Known* k = find(b);
  return k ? k->value : std::nullopt;
}

std::optional<bool> CompleteBoards::known_wins(const Board& b) const {
  const Known* k = find(b);
  return k ? k->a_wins : std::nullopt;
}

std::pair<int, int> CompleteBoards::known_bounds(const Board& b) const {
  const Known* k = find(b);
  if (!k) return {-kUnbounded, kUnbounded};
  if (k->value) return {*k->value, *k->value};
  return {k->lower, k->upper};
}

int CompleteBoards::value_within(const Board& b, int alpha, int beta) {
  if (game_ == Game::HighLow) return value(b);
  Known& k = entry(b);
  if (k.value) return *k.value;
  if (k.lower >= beta) return k.lower;
  if (k.upper <= alpha) return k.upper;
  if (k.lower == -kUnbounded && k.upper == kUnbounded) ++solved_;
  const int a = std::max(alpha, k.lower), z = std::min(beta, k.upper);
  // Doubles: the board's value is B's margin, minus A's (window turned round).
  const int v = game_ == Game::Doubles ? -solver_.value_within(game_position(b), -z, -a)
                                       : solver_.value_within(game_position(b), a, z);
  if (v <= a)
    k.upper = v;
  else if (v >= z)
    k.lower = v;
  else
    k.lower = k.upper = v;
  if (k.lower == k.upper) k.value = v;
  return v;
}

int CompleteBoards::value(const Board& b) {
  Known& k = entry(b);
  if (!k.value) {
    if (!k.a_wins && k.lower == -kUnbounded && k.upper == kUnbounded) ++solved_;
    if (game_ == Game::HighLow) ++payoffs_;
    const int v = solver_.value(game_position(b));
    // Doubles: the value is the nonstarter's (B's) margin.
    k.value = game_ == Game::Doubles ? -v : v;
    if (game_ == Game::HighLow) k.a_wins = v > 0;
  }
  return *k.value;
}

bool CompleteBoards::a_wins(const Board& b) {
  Known& k = entry(b);
  if (!k.a_wins) {
    if (!k.value) ++solved_;
    k.a_wins = winner_.wins(game_position(b).board);
  }
  return *k.a_wins;
}

Solution CompleteBoards::solve(const Board& b) { return solver_.solve(game_position(b)); }

}  // namespace scarney
