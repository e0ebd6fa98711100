#include "placement/complete_boards.h"

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

int CompleteBoards::value(const Board& b) {
  Known& k = entry(b);
  if (!k.value) {
    if (!k.a_wins) ++solved_;
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
