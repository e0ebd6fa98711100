#include "search/highlow_threshold.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <stdexcept>

#include "games/highlow_lines.h"
#include "games/values.h"

namespace scarney {
namespace {

constexpr int8_t kUnknown = -128;
// The most spots a game has (sixteen pawns of 1 to 4 spots in four
// colours): every score is within 2 x 40, every need within -80..80, and
// so fits a byte.
constexpr int kMostSpots = 40;

int ceil_div(int a, int b) { return a / b + (a % b != 0 && (a < 0) == (b < 0)); }

}  // namespace

HighLowThreshold::HighLowThreshold() = default;
HighLowThreshold::~HighLowThreshold() = default;

// The winner pass of `start`, kept while the questions are about the same
// board (the placement search asks who wins, then about the payoff).
bool HighLowThreshold::wins(const Board& start) {
  if (!prepared_ || !(start == start_)) {
    if (start.pawn_count() < 1) throw std::logic_error("high-low threshold: no pawn");
    start_ = start;
    prepared_ = true;
    removals_ready_ = false;
    winner_.wins(start);
    all_ = winner_.index_of(start.occupied());
  }
  return winner_.wins_index(all_);
}

// The winner pass and the removals of `start` in the pass's index bits.
void HighLowThreshold::prepare(const Board& start) {
  wins(start);
  if (removals_ready_) return;
  removals_ready_ = true;
  // The tables on the first question only: a Singles or Doubles placement
  // search keeps one of these unused.
  if (!need_) {
    need_.reset(new int8_t[65536]);
    bounds_.reset(new Bounds[65536]());
  }
  for (int i = 0; i < winner_.pawns(); ++i) {
    const Pawn p = start.pawn_on(winner_.circle_of(i));
    spots_[i] = spots_of(p);
    mult_[i] = highlow_multiplier(p);
  }
  for (uint32_t& m : with_spots_) m = 0;
  for (int i = 0; i < winner_.pawns(); ++i) with_spots_[spots_[i]] |= 1u << i;
  multi_.clear();
  StandingRemoval standing[kMaxRemovals];
  const int n = highlow_standing_removals(start, standing);
  for (int i = 0; i < n; ++i) {
    if (count(standing[i].circles) < 2) continue;  // single pawns are the bits of a subset
    int spots = 0;
    for (Circle c : circles(standing[i].circles)) spots += spots_of(start.pawn_on(c));
    multi_.push_back(
        {winner_.index_of(standing[i].circles), winner_.index_of(standing[i].blockers), spots});
  }
  // Bigger removals first, as the payoff search orders them.
  std::stable_sort(multi_.begin(), multi_.end(),
                   [](const Removal& a, const Removal& b) { return a.spots > b.spots; });
}

// need(s) of the header for the threshold k_, memoised in need_.
int HighLowThreshold::need(uint32_t s) {
  if (need_[s] != kUnknown) return need_[s];
  ++nodes_;
  int out;
  if (std::popcount(s) == 1) {
    out = ceil_div(k_, mult_[std::countr_zero(s)]);
  } else if (winner_.wins_index(s)) {
    // W to move: his winning moves, those that leave the opponent lost.
    out = 127;
    for (uint32_t rest = s; rest; rest &= rest - 1) {
      const uint32_t child = s & ~(rest & -rest);
      if (!winner_.wins_index(child))
        out = std::min(out, need(child) - spots_[std::countr_zero(rest)]);
    }
    for (const Removal& m : multi_) {
      const uint32_t child = s & ~m.pawns;
      if ((s & m.pawns) == m.pawns && !(s & m.blockers) && child && !winner_.wins_index(child))
        out = std::min(out, need(child) - m.spots);
    }
  } else {
    // The loser to move: all his moves lead to subsets W wins.
    out = -127;
    for (uint32_t rest = s; rest; rest &= rest - 1) out = std::max(out, need(s & ~(rest & -rest)));
    for (const Removal& m : multi_) {
      const uint32_t child = s & ~m.pawns;
      if ((s & m.pawns) == m.pawns && !(s & m.blockers) && child) out = std::max(out, need(child));
    }
  }
  need_[s] = static_cast<int8_t>(out);
  return out;
}

// Fail-soft: the answer r <= b proves need(s) <= r, r > b proves
// need(s) >= r. The bounds found are kept (they hold for this k_).
int HighLowThreshold::probe(uint32_t s, int b) {
  // One pawn left (a line of two taken from three): the end, the same for
  // every b.
  if (!(s & (s - 1))) return last_need_[std::countr_zero(s)];
  Bounds& e = bounds_[s];
  if (e.question != question_) e = {question_, -128, 127};
  if (e.upper <= b) return e.upper;
  if (e.lower > b) return e.lower;
  ++nodes_;
  const int r = std::popcount(s) == 2   ? two_left(s)
                : winner_.wins_index(s) ? probe_winner(s, b)
                                        : probe_loser(s, b);
  Bounds& f = bounds_[s];
  if (r <= b)
    f.upper = static_cast<int8_t>(r);
  else
    f.lower = static_cast<int8_t>(r);
  return r;
}

// need of two pawns i and j, exactly: one is removed (no move takes both),
// and the other ends the game. The winner takes i, leaving j, when j wins
// for him, that is when j lets the opponent, then to move, lose.
int HighLowThreshold::two_left(uint32_t s) const {
  const int i = std::countr_zero(s), j = std::countr_zero(s & (s - 1));
  if (!winner_.wins_index(s)) return std::max(last_need_[i], last_need_[j]);
  int best = 127;
  if (!winner_.wins_index(1u << j)) best = last_need_[j] - spots_[i];
  if (!winner_.wins_index(1u << i)) best = std::min(best, last_need_[i] - spots_[j]);
  return best;
}

// W to move: the least of need(S - m) - spots(m) over his winning moves,
// the biggest removals first (they raise his spots the most); he stops at
// the first that reaches b.
int HighLowThreshold::probe_winner(uint32_t s, int b) {
  int best = 127;
  for (const Removal& m : multi_) {
    const uint32_t child = s & ~m.pawns;
    if ((s & m.pawns) != m.pawns || (s & m.blockers) || !child || winner_.wins_index(child))
      continue;
    best = std::min(best, probe(child, b + m.spots) - m.spots);
    if (best <= b) return best;
  }
  for (int v = 4; v >= 1; --v)
    for (uint32_t rest = s & with_spots_[v]; rest; rest &= rest - 1) {
      const uint32_t child = s & ~(rest & -rest);
      if (winner_.wins_index(child)) continue;
      best = std::min(best, probe(child, b + v) - v);
      if (best <= b) return best;
    }
  return best;
}

// The loser to move: the most of need(S - m) over his moves, the biggest
// first (they leave W the least to take); he stops at the first that keeps
// W short of b.
int HighLowThreshold::probe_loser(uint32_t s, int b) {
  int best = -127;
  for (const Removal& m : multi_) {
    const uint32_t child = s & ~m.pawns;
    if ((s & m.pawns) != m.pawns || (s & m.blockers) || !child) continue;
    best = std::max(best, probe(child, b));
    if (best > b) return best;
  }
  for (int v = 4; v >= 1; --v)
    for (uint32_t rest = s & with_spots_[v]; rest; rest &= rest - 1) {
      best = std::max(best, probe(s & ~(rest & -rest), b));
      if (best > b) return best;
    }
  return best;
}

int HighLowThreshold::least_removed(const Board& start, int k) {
  prepare(start);
  if (k < -2 * kMostSpots || k > 2 * kMostSpots)
    throw std::logic_error("high-low threshold: threshold out of range");
  k_ = k;
  std::memset(need_.get(), kUnknown, size_t{1} << winner_.pawns());
  return need(all_);
}

// The payoff is W's score when the mover wins (W has removed[0]) and minus
// it when he loses (W has removed[1]): "payoff >= t" is "score >= t", or
// "score <= -t", that is not "score >= 1 - t".
int HighLowThreshold::payoff_test(const Position& p, int t) {
  prepare(p.board);
  const int most = 2 * (p.removed[0] + p.removed[1] + p.board.spots());
  if (most > 2 * kMostSpots) throw std::logic_error("high-low threshold: too many spots");
  // Beyond every score the answer needs no pass.
  if (t > most) return most;
  if (t <= -most) return -most;
  const bool mover_wins = winner_.wins_index(all_);
  const int w0 = p.removed[mover_wins ? 0 : 1];
  k_ = mover_wins ? t : 1 - t;
  for (int i = 0; i < winner_.pawns(); ++i) last_need_[i] = ceil_div(k_, mult_[i]);
  // A new question: the bounds of earlier ones (another k) lapse.
  if (++question_ == 0) {
    std::fill_n(bounds_.get(), 65536, Bounds{0, 0, 0});
    question_ = 1;
  }
  const int e = probe(all_, w0) - w0;
  return mover_wins ? t - e : t - 1 + e;
}

}  // namespace scarney
