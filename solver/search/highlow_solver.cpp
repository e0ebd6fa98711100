#include "search/highlow_solver.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>

#include "games/highlow_lines.h"
#include "games/rules.h"
#include "games/values.h"
#include "search/principal_line.h"
#include "util/stable_order.h"

namespace scarney {
namespace {
// Payoff arrays: kStride bytes a subset; entries 0..40 are used, and the
// rest is padding so that the merge loop has a fixed length (kLanes) the
// compiler turns into vector instructions.
constexpr int kStride = 64;
constexpr int kLanes = 48;
constexpr int8_t kLose = -127;
}  // namespace

HighLowSolver::HighLowSolver()
    : win_(new uint8_t[65536]),
      payoffs_(new int8_t[65536 * kStride]),
      have_payoff_(new uint8_t[65536]) {}
HighLowSolver::~HighLowSolver() = default;

void HighLowSolver::prepare(const Position& p) {
  if (p.game != Game::HighLow || p.phase != Phase::Removal)
    throw std::logic_error("high-low solver: not a High-Low removal position");
  start_ = p.board;
  start_spots_ = p.board.spots();
  removed_total_ = p.removed[0] + p.removed[1];
  removals_.clear();
  StandingRemoval standing[kMaxRemovals];
  const int n = highlow_standing_removals(start_, standing);
  for (int i = 0; i < n; ++i) {
    int spots = 0;
    for (Circle c : circles(standing[i].circles)) spots += spots_of(start_.pawn_on(c));
    removals_.push_back({standing[i].circles, standing[i].blockers, static_cast<int8_t>(spots)});
  }
  // Bigger removals first: they end the game sooner, and so cut sooner.
  stable_sort_by(removals_, [](const Removal& m) { return SortKey{-count(m.circles)}; });
  multi_.clear();
  for (const Removal& m : removals_)
    if (count(m.circles) > 1) multi_.push_back(m);
  high_ = 0;
  for (Circle c : circles(start_.occupied()))
    if (last_mover_wins(start_.pawn_on(c))) high_ |= bit(c);
  std::memset(win_.get(), 0, 65536);
  std::memset(have_payoff_.get(), 0, 65536);
}

bool HighLowSolver::win(Mask s) {
  uint8_t& w = win_[s];
  if (w) return w == 1;
  ++nodes_;
  bool result = false;
  const int n = count(s);
  if (n == 1) {
    // The opponent made the last move (high_: the pawns he wins with).
    result = !(s & high_);
  } else if (n == 2) {
    // Remove one pawn; leaving one of high_ wins.
    result = (s & high_) != 0;
  } else {
    // First a child already known to be lost (no search), then search. The
    // single-pawn removals are the bits of s; the others are listed.
    for (Circle c : circles(s))
      if (win_[s & ~bit(c)] == 2) return (w = 1) == 1;
    for (const Removal& m : multi_)
      if (legal(m, s) && win_[s & ~m.circles] == 2) return (w = 1) == 1;
    for (const Removal& m : multi_)
      if (legal(m, s) && !win(static_cast<Mask>(s & ~m.circles))) return (w = 1) == 1;
    for (Circle c : circles(s))
      if (!win(static_cast<Mask>(s & ~bit(c)))) return (w = 1) == 1;
  }
  w = result ? 1 : 2;
  return result;
}

// The payoffs of subset s for the side to move, stored reversed:
// out[k] is the payoff when the side to move has removed taken(s) - k spots
// and the opponent k. (Reversed because the roles swap at every move: the
// parent's r-th entry is then the child's entry g + r, a contiguous run.)
const int8_t* HighLowSolver::payoff(Mask s) {
  int8_t* out = payoffs_.get() + static_cast<size_t>(s) * kStride;
  if (have_payoff_[s]) return out;
  ++nodes_;
  int on_board = 0;
  for (Circle c : circles(s)) on_board += spots_of(start_.pawn_on(c));
  const int taken = removed_total_ + start_spots_ - on_board;  // by both sides so far
  alignas(64) int8_t fwd[kStride];                             // fwd[r]: the mover has removed r
  if (count(s) == 1) {
    const Pawn last = start_.pawn_on(first(s));
    for (int r = 0; r < kStride; ++r)
      fwd[r] = r > taken ? 0 : static_cast<int8_t>(highlow_end_value(last, r, taken - r));
  } else {
    const bool winning = win(s);
    for (int r = 0; r < kStride; ++r) fwd[r] = kLose;
    for (const Removal& m : removals_) {
      if (!legal(m, s)) continue;
      const Mask child = static_cast<Mask>(s & ~m.circles);
      if (winning && win(child)) continue;  // a winner plays only winning moves
      // In the child the opponent is to move having removed taken - r, and
      // we have removed r + m.spots: child entry (reversed) g + r.
      const int8_t* c = payoff(child) + m.spots;
      for (int r = 0; r < kLanes; ++r)
        fwd[r] = std::max<int8_t>(fwd[r], static_cast<int8_t>(-c[r]));
    }
  }
  for (int k = 0; k < kStride; ++k) out[k] = k <= taken ? fwd[taken - k] : 0;
  have_payoff_[s] = 1;
  return out;
}

int HighLowSolver::payoff_of(Mask s, int removed_by_mover) {
  int on_board = 0;
  for (Circle c : circles(s)) on_board += spots_of(start_.pawn_on(c));
  const int taken = removed_total_ + start_spots_ - on_board;
  return payoff(s)[taken - removed_by_mover];
}

bool HighLowSolver::wins(const Position& p) {
  prepare(p);
  if (oracle_ && oracle_->max_pawns(Game::HighLow) >= p.board.pawn_count())
    if (const auto w = oracle_->highlow_wins(p.board)) return *w;
  return win(p.board.occupied());
}

int HighLowSolver::value(const Position& p) {
  prepare(p);
  return payoff_of(p.board.occupied(), p.removed[0]);
}

std::vector<MoveValue> HighLowSolver::moves(const Position& p) {
  prepare(p);
  std::vector<MoveValue> out;
  for (const Move& m : legal_moves(p)) {
    const Position q = play(p, m);
    const Mask child = q.board.occupied();
    const int v = -payoff_of(child, q.removed[0]);
    out.push_back({m, move_text(p.board, m), v, !win(child)});
  }
  // Winning moves first, then by payoff.
  stable_sort_by(out, [](const MoveValue& m) { return SortKey{*m.wins ? 0 : 1, -m.value}; });
  return out;
}

Solution HighLowSolver::solve(const Position& start) {
  prepare(start);
  Solution s;
  const Mask s0 = start.board.occupied();
  s.to_move_wins = win(s0);
  s.value = payoff_of(s0, start.removed[0]);
  int target = s.value;
  bool winning = *s.to_move_wins;
  // A winner keeps the win (a loser has no choice), and the payoff.
  const auto keeps = [&](const Position&, const Move&, const Position& q) {
    const Mask child = q.board.occupied();
    return win(child) != winning &&
           move_value(Game::HighLow, payoff_of(child, q.removed[0]), 0) == target;
  };
  const auto take = [&](const Position& p, const Move& m, const Position&) {
    s.line.push_back(m);
    s.line_text.push_back(move_text(p.board, m));
    target = -target;
    winning = !winning;
  };
  if (!follow_principal_line(start, legal_moves, play, keeps, take).second)
    throw std::logic_error("high-low solver: principal line lost");
  return s;
}

}  // namespace scarney
