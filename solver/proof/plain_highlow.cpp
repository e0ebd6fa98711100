#include "proof/plain_highlow.h"

#include "games/highlow_lines.h"
#include "games/position.h"
#include "games/rules.h"

namespace scarney {

PlainHighLow::PlainHighLow() : won_(size_t{1} << kCircles, 0) {}

bool PlainHighLow::wins(const Board& start) {
  StandingRemoval removals[kMaxRemovals];
  const int n = highlow_standing_removals(start, removals);
  const Mask all = start.occupied();
  settled_ = 0;
  // Every non-empty subset of the start's circles in increasing order (a
  // removal leads to a smaller number, settled before).
  for (Mask left = 0;;) {
    left = static_cast<Mask>((left - all) & all);
    if (left == 0) break;
    bool any = false, won = false;
    for (int i = 0; i < n && !won; ++i) {
      const Mask taken = removals[i].circles;
      // Legal: its pawns all stand, nothing between them, and not the last.
      if ((left & taken) != taken || (left & removals[i].blockers) || left == taken) continue;
      any = true;
      won = !won_[left ^ taken];
    }
    if (!any) won = ended_won(start, left);
    won_[left] = won;
    ++settled_;
  }
  return won_[all];
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
