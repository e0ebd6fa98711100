#include "placement/complete_boards.h"

#include <algorithm>

#include "games/rules.h"

namespace scarney {

Position CompleteBoards::game_position(const Board& b) const { return deal_position(game_, b); }

// A complete board's pawns alone tell it (every circle is occupied).
BoardKey CompleteBoards::key(const Board& b) const {
  if (b.occupied() != kAllCircles) return canonical_key_all(b);
  const uint64_t nib = b.pawn_nibbles();
  RecentKey& r = recent_[(nib * 0x9E3779B97F4A7C15ull) >> 58];
  if (r.nibbles != nib || r.key.rest == 0) r = {nib, canonical_key_all(b)};
  return r.key;
}

CompleteBoards::Known& CompleteBoards::entry(const Board& b) { return memo_[key(b)]; }

const CompleteBoards::Known* CompleteBoards::find(const Board& b) const {
  const auto it = memo_.find(key(b));
  return it == memo_.end() ? nullptr : &it->second;
}

CompleteBoards::Known CompleteBoards::known(const Board& b) const {
  const Known* k = find(b);
  if (!k) return {};
  Known r = *k;
  if (r.value) r.lower = r.upper = *r.value;
  return r;
}

// High-Low: threshold questions until the value or a bound beyond the
// window is proven. A null window (alpha + 1 == beta) is one question at
// beta; the principal line's (v - 1, v + 1) two. A complete board's winner
// scores at least 1 (both sides remove a pawn at least), so the winner
// bounds the payoff before any question.
int CompleteBoards::highlow_within(const Board& b, int alpha, int beta) {
  const bool wins = a_wins(b);
  Known& k = entry(b);
  if (k.value) return *k.value;
  if (k.lower == -kUnbounded && k.upper == kUnbounded) ++payoffs_;
  int lo = std::max(k.lower, wins ? 1 : -kUnbounded);
  int hi = std::min(k.upper, wins ? kUnbounded : -1);
  const Position p = game_position(b);
  // Each question moves a bound past its threshold, which lies in (lo, hi];
  // wide windows from afar (rare in the search) take the full payoff
  // after a few.
  constexpr int kQuestions = 4;
  for (int asked = 0; lo < hi && lo < beta && hi > alpha; ++asked) {
    if (asked == kQuestions) {
      k.lower = lo, k.upper = hi;
      return value(b);
    }
    const int t = std::clamp(beta, lo + 1, hi);
    const int v = threshold_.payoff_test(p, t);
    if (v >= t)
      lo = v;
    else
      hi = v;
  }
  k.lower = lo;
  k.upper = hi;
  if (lo == hi) k.value = lo;
  return lo >= beta ? lo : hi <= alpha ? hi : lo;
}

int CompleteBoards::value_within(const Board& b, int alpha, int beta) {
  if (traits(game_).winner_only) return full_payoffs_ ? value(b) : highlow_within(b, alpha, beta);
  Known& k = entry(b);
  if (k.value) return *k.value;
  if (k.lower >= beta) return k.lower;
  if (k.upper <= alpha) return k.upper;
  if (k.lower == -kUnbounded && k.upper == kUnbounded) ++solved_;
  const int a = std::max(alpha, k.lower), z = std::min(beta, k.upper);
  // Doubles: the board's value is B's margin, minus A's (window turned round).
  const int v = b_moves_first() ? -solver_.value_within(game_position(b), -z, -a)
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

// High-Low's exact payoff by threshold questions (MTD(f)): each fail-soft
// answer moves a bound, from a first test at the middle of the winner's
// usual range, until the bounds meet. A few questions of about 0.3 ms
// against 8 ms for the full payoff table (measured in docs/placement.md).
int CompleteBoards::highlow_value(const Board& b) {
  const bool wins = a_wins(b);
  Known& k = entry(b);
  if (k.lower == -kUnbounded && k.upper == kUnbounded) ++payoffs_;
  int lo = std::max(k.lower, wins ? 1 : -kUnbounded);
  int hi = std::min(k.upper, wins ? kUnbounded : -1);
  const Position p = game_position(b);
  int t = wins ? 12 : -12;
  while (lo < hi) {
    t = std::clamp(t, lo + 1, hi);
    const int v = threshold_.payoff_test(p, t);
    if (v >= t) {
      lo = std::min(v, hi);
      t = lo + 1;
    } else {
      hi = std::max(v, lo);
      t = hi;
    }
  }
  k.lower = k.upper = lo;
  k.value = lo;
  return lo;
}

int CompleteBoards::value(const Board& b) {
  if (traits(game_).winner_only && !full_payoffs_) return highlow_value(b);
  Known& k = entry(b);
  if (!k.value) {
    if (!k.a_wins && k.lower == -kUnbounded && k.upper == kUnbounded) ++solved_;
    if (traits(game_).winner_only && k.lower == -kUnbounded && k.upper == kUnbounded) ++payoffs_;
    const int v = solver_.value(game_position(b));
    // Doubles: the value is the nonstarter's (B's) margin.
    k.value = b_moves_first() ? -v : v;
    if (traits(game_).winner_only) k.a_wins = v > 0;
  }
  return *k.value;
}

bool CompleteBoards::a_wins(const Board& b) {
  Known& k = entry(b);
  if (!k.a_wins) {
    if (!k.value) ++solved_;
    k.a_wins = threshold_.wins(game_position(b).board);
  }
  return *k.a_wins;
}

Solution CompleteBoards::solve(const Board& b) { return solver_.solve(game_position(b)); }

}  // namespace scarney
