#include "proof/plain_highlow.h"

#include <algorithm>

#include "games/highlow_lines.h"
#include "games/position.h"
#include "games/rules.h"

namespace scarney {

PlainHighLow::PlainHighLow() : won_(size_t{1} << kCircles, 0) {}

bool PlainHighLow::wins(const Board& start) {
  StandingRemoval removals[kMaxRemovals];
  const int n = highlow_standing_removals(start, removals);
  const Mask all = start.occupied();
  std::fill(won_.begin(), won_.end(), uint8_t{0});
  settled_ = 0;
  // Every non-empty subset of the start's circles in increasing order: a
  // removal leads to a smaller number, so a subset's children are settled
  // before it. A subset not yet marked won is lost (or ended).
  for (Mask left = 0;;) {
    left = static_cast<Mask>((left - all) & all);
    if (left == 0) break;
    ++settled_;
    if (won_[left]) continue;
    if (!has_removal(removals, n, left) && ended_won(start, left)) {
      won_[left] = 1;
      continue;
    }
    // Lost for the side to move: every subset with a legal removal to it
    // is won. (The removal's pawns stand there, nothing between them, and
    // `left` is not empty, so it does not take the last pawn.)
    for (int i = 0; i < n; ++i) {
      const Mask taken = removals[i].circles;
      if (!(left & (taken | removals[i].blockers))) won_[left | taken] = 1;
    }
  }
  return won_[all];
}

// Whether any removal is legal with the pawns on `left`: its pawns all
// stand, nothing between them, and it does not take the last pawn.
bool PlainHighLow::has_removal(const StandingRemoval* removals, int n, Mask left) {
  for (int i = 0; i < n; ++i) {
    const Mask taken = removals[i].circles;
    if ((left & taken) == taken && !(left & removals[i].blockers) && left != taken) return true;
  }
  return false;
}

// The game is over: its value for the side to move says who won. With both
// sides credited a spot, no ended game is worth 0 (the spots removed make
// the payoff's size, never its sign).
bool PlainHighLow::ended_won(const Board& start, Mask left) {
  Position end;
  end.game = Game::HighLow;
  end.phase = Phase::Removal;
  for (Circle c : circles(left)) end.board.place(start.pawn_on(c), c);
  end.removed = {1, 1};
  return end_value(end) > 0;
}

}  // namespace scarney
