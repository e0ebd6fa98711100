// Who wins High-Low on a board, by the two oracles the certificate
// checker's leaf passes are tested against.
#pragma once

#include <cstdint>
#include <vector>

#include "board/board.h"
#include "games/deal.h"
#include "games/rules.h"
#include "search/reference.h"

namespace scarney::test {

// The reference's payoff with a spot credited to each side: never 0, so
// its sign says who wins.
inline bool reference_wins(const Board& b) {
  Position p = deal_position(Game::HighLow, b);
  p.removed = {1, 1};
  return reference_value(p) > 0;
}

// Who wins, the plainest way: a search on the rules interface alone
// (legal_moves, play, end_value), with a memo by the circles still occupied.
// (memo: 0 unknown, 1 won, 2 lost)
inline bool rules_wins(const Position& p, std::vector<uint8_t>& memo) {
  if (const uint8_t known = memo[p.board.occupied()]) return known == 1;
  const auto moves = legal_moves(p);
  bool won = moves.empty() ? end_value(p) > 0 : false;
  for (const Move& m : moves)
    if (!won) won = !rules_wins(play(p, m), memo);
  memo[p.board.occupied()] = won ? 1 : 2;
  return won;
}
inline bool rules_wins(const Board& b) {
  Position p = deal_position(Game::HighLow, b);
  p.removed = {1, 1};
  std::vector<uint8_t> memo(size_t{1} << kCircles, 0);
  return rules_wins(p, memo);
}

}  // namespace scarney::test
