// The few rules the table builder calls a billion times, without the
// allocations of games/rules.h and games/scoring.h. Tests check them against
// those (final_score, highlow_removals) on random boards.
#pragma once

#include "board/board.h"

namespace scarney::tablebase {

// final_score(b).total(): 40 - spots left + bonus.
int score_left(const Board& b);

// highlow_removals(b): writes the moves (circles emptied) to out (at most
// 16 + 80) and returns how many.
int removals(const Board& b, Mask* out);
inline constexpr int kMaxRemovals = 96;

}  // namespace scarney::tablebase
