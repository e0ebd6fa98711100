#include "search/highlow_solver.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>

#include "games/rules.h"

namespace scarney {
namespace {
constexpr int kR = kTotalSpots + 1;  // r = 0..40
constexpr int kLose = -128;
}  // namespace

HighLowSolver::HighLowSolver()
    : win_(new uint8_t[65536]),
      payoffs_(new int8_t[65536 * kR]),
      have_payoff_(new uint8_t[65536]) {}
HighLowSolver::~HighLowSolver() = default;

void HighLowSolver::prepare(const Position& p) {
  if (p.game != Game::HighLow || p.phase != Phase::Removal)
    throw std::logic_error("high-low solver: not a High-Low removal position");
  start_ = p.board;
  start_spots_ = p.board.spots();
  removed_total_ = p.removed[0] + p.removed[1];
  removals_.clear();
  // Every removal legal on the start board, with its blockers: pawns of
  // another colour between the outermost removed pawns.
  const Mask occ = start_.occupied();
  for (Circle c : circles(occ)) removals_.push_back({bit(c), 0, static_cast<int8_t>(spots_of(start_.pawn_on(c)))});
  for (int line = 0; line < 8; ++line) {
    Circle cs[4];
    for (int i = 0; i < 4; ++i) cs[i] = line < 4 ? circle_at(line, i) : circle_at(i, line - 4);
    for (int sub = 1; sub < 16; ++sub) {
      const int k = std::popcount(static_cast<unsigned>(sub));
      if (k < 2 || k > 3) continue;
      int lo = -1, hi = -1, spots = 0;
      Mask m = 0;
      bool ok = true;
      Colour col{};
      for (int i = 0; i < 4 && ok; ++i)
        if (sub >> i & 1) {
          if (start_.empty_at(cs[i])) ok = false;
          else {
            const Pawn pw = start_.pawn_on(cs[i]);
            if (lo < 0) col = colour_of(pw);
            else if (colour_of(pw) != col) ok = false;
            if (lo < 0) lo = i;
            hi = i;
            m |= bit(cs[i]);
            spots += spots_of(pw);
          }
        }
      if (!ok) continue;
      Mask blockers = 0;
      for (int i = lo; i <= hi; ++i)
        if (!start_.empty_at(cs[i]) && colour_of(start_.pawn_on(cs[i])) != col) blockers |= bit(cs[i]);
      removals_.push_back({m, blockers, static_cast<int8_t>(spots)});
    }
  }
  // Bigger removals first: they end the game sooner, and so cut sooner.
  std::stable_sort(removals_.begin(), removals_.end(),
                   [](const Removal& a, const Removal& b) { return count(a.circles) > count(b.circles); });
  std::memset(win_.get(), 0, 65536);
  std::memset(have_payoff_.get(), 0, 65536);
}

bool HighLowSolver::win(Mask s) {
  uint8_t& w = win_[s];
  if (w) return w == 1;
  ++nodes_;
  bool result = false;
  if (count(s) == 1) {
    // The opponent made the last move: he wins with a 3 or a 4 left.
    result = spots_of(start_.pawn_on(first(s))) <= 2;
  } else {
    for (const Removal& m : removals_)
      if (legal(m, s) && !win(static_cast<Mask>(s & ~m.circles))) {
        result = true;
        break;
      }
  }
  w = result ? 1 : 2;
  return result;
}

// payoff(s)[r]: the payoff for the side to move in s having removed r spots
// himself, the opponent having removed the rest of what is off the board.
const int8_t* HighLowSolver::payoff(Mask s) {
  int8_t* out = payoffs_.get() + static_cast<size_t>(s) * kR;
  if (have_payoff_[s]) return out;
  ++nodes_;
  const int taken = removed_total_ + start_spots_ - [&] {
    int sp = 0;
    for (Circle c : circles(s)) sp += spots_of(start_.pawn_on(c));
    return sp;
  }();  // spots removed by both sides so far
  if (count(s) == 1) {
    const Pawn last = start_.pawn_on(first(s));
    const int mult = is_black(last) ? 2 : 1;
    for (int r = 0; r <= taken; ++r)
      out[r] = static_cast<int8_t>(spots_of(last) >= 3 ? -(taken - r) * mult : r * mult);
  } else {
    const bool winning = win(s);
    for (int r = 0; r <= taken; ++r) out[r] = kLose;
    for (const Removal& m : removals_) {
      if (!legal(m, s)) continue;
      const Mask child = static_cast<Mask>(s & ~m.circles);
      if (winning && win(child)) continue;  // a winner plays only winning moves
      const int8_t* c = payoff(child);
      // In the child the opponent is to move, having removed taken - r; the
      // mover has removed r + m.spots.
      for (int r = 0; r <= taken; ++r) out[r] = std::max<int8_t>(out[r], static_cast<int8_t>(-c[taken - r]));
    }
  }
  have_payoff_[s] = 1;
  return out;
}

bool HighLowSolver::wins(const Position& p) {
  prepare(p);
  if (oracle_ && oracle_->max_pawns(Game::HighLow) >= p.board.pawn_count())
    if (const auto w = oracle_->highlow_wins(p.board)) return *w;
  return win(p.board.occupied());
}

int HighLowSolver::value(const Position& p) {
  prepare(p);
  return payoff(p.board.occupied())[p.removed[0]];
}

std::vector<MoveValue> HighLowSolver::moves(const Position& p) {
  prepare(p);
  std::vector<MoveValue> out;
  for (const Move& m : legal_moves(p)) {
    const Position q = play(p, m);
    const Mask child = q.board.occupied();
    const int v = -payoff(child)[q.removed[0]];
    out.push_back({m, move_text(p.board, m), v, !win(child)});
  }
  std::stable_sort(out.begin(), out.end(), [](const MoveValue& a, const MoveValue& b) {
    if (*a.wins != *b.wins) return *a.wins;
    return a.value > b.value;
  });
  return out;
}

Solution HighLowSolver::solve(const Position& start) {
  prepare(start);
  Solution s;
  const Mask s0 = start.board.occupied();
  s.to_move_wins = win(s0);
  s.value = payoff(s0)[start.removed[0]];
  Position p = start;
  int target = s.value;
  bool winning = *s.to_move_wins;
  for (;;) {
    const auto ms = legal_moves(p);
    if (ms.empty()) break;
    bool found = false;
    for (const Move& m : ms) {
      const Position q = play(p, m);
      const Mask child = q.board.occupied();
      if (win(child) == winning) continue;  // a winner keeps the win; a loser has no choice
      if (-payoff(child)[q.removed[0]] != target) continue;
      s.line.push_back(m);
      s.line_text.push_back(move_text(p.board, m));
      p = q;
      target = -target;
      winning = !winning;
      found = true;
      break;
    }
    if (!found) throw std::logic_error("high-low solver: principal line lost");
  }
  return s;
}

}  // namespace scarney
