#include "search/reference.h"

#include <algorithm>
#include <climits>
#include <map>
#include <tuple>

#include "games/rules.h"
#include "games/values.h"

namespace scarney {
namespace {

using Key = std::tuple<uint64_t, uint16_t, int, int, int>;

int value(const Position& p, std::map<Key, int>& memo) {
  // Only High-Low values depend on the spots already removed.
  const bool hl = p.game == Game::HighLow;
  const Key key{p.board.pawn_nibbles(), p.board.occupied(), static_cast<int>(p.phase),
                hl ? p.removed[0] : 0, hl ? p.removed[1] : 0};
  if (auto it = memo.find(key); it != memo.end()) return it->second;
  const auto moves = legal_moves(p);
  int best;
  if (moves.empty()) {
    best = end_value(p);
  } else {
    best = can_call(p) ? end_value(p) : INT_MIN;
    for (const Move& m : moves) {
      const Position q = play(p, m);
      const int v = move_value(p.game, value(q, memo), gain(p, m));
      best = std::max(best, v);
    }
  }
  memo.emplace(key, best);
  return best;
}

}  // namespace

int reference_value(const Position& p) {
  std::map<Key, int> memo;
  return value(p, memo);
}

}  // namespace scarney
