#include "search/doubles_solver.h"

#include <algorithm>
#include <stdexcept>

#include "games/rules.h"

namespace scarney {
namespace {
constexpr uint8_t kDoublesTag = 1;  // table entries of this solver
constexpr int kInfinity = 1000;
}  // namespace

DoublesSolver::DoublesSolver(int log2_table) : table_(log2_table) {}

int DoublesSolver::search(const Board& b, int alpha, int beta) {
  ++nodes_;
  const int spots = b.spots();
  // The mover can at best take every spot left, and at worst lose them all.
  if (spots <= alpha) return spots;
  if (-spots >= beta) return -spots;
  if (const TTEntry* e = table_.find(b.pawn_nibbles(), b.occupied(), kDoublesTag)) {
    if (e->bound == Bound::Exact) return e->value;
    if (e->bound == Bound::Upper && e->value <= alpha) return e->value;
    if (e->bound == Bound::Lower && e->value >= beta) return e->value;
  }
  if (oracle_pawns_ && b.pawn_count() <= oracle_pawns_) {
    if (const auto v = oracle_->value(Game::Doubles, b)) return *v;
  }
  Jump jumps[48];
  const int n = b.pawn_count() >= 2 ? b.jumps(jumps) : 0;
  if (n == 0) return -spots;  // the opponent made the last move and sweeps

  // Biggest captures first.
  int order[48], gains[48];
  for (int i = 0; i < n; ++i) {
    order[i] = i;
    gains[i] = spots_of(b.pawn_on(jumps[i].over));
  }
  std::sort(order, order + n, [&](int x, int y) { return gains[x] > gains[y]; });

  const int alpha0 = alpha;
  int best = -kInfinity;
  for (int k = 0; k < n; ++k) {
    const int i = order[k];
    Board child = b;
    child.jump(jumps[i]);
    const int g = gains[i];
    const int v = g - search(child, g - beta, g - std::max(alpha, best));
    if (v > best) {
      best = v;
      if (best >= beta) break;
    }
  }
  const Bound bound = best <= alpha0 ? Bound::Upper : best >= beta ? Bound::Lower : Bound::Exact;
  table_.store(b.pawn_nibbles(), b.occupied(), kDoublesTag, best, bound);
  return best;
}

int DoublesSolver::root(const Position& p, int alpha, int beta) {
  if (p.phase == Phase::Jump) return search(p.board, alpha, beta);
  if (p.phase != Phase::TakeOff && p.phase != Phase::TakeOff2)
    throw std::logic_error("doubles solver: unexpected phase");
  int best = -kInfinity;
  for (const Move& m : legal_moves(p)) {
    const int g = gain(p, m);
    const int v = g - root(play(p, m), g - beta, g - std::max(alpha, best));
    if (v > best) {
      best = v;
      if (best >= beta) break;
    }
  }
  return best == -kInfinity ? end_value(p) : best;
}

int DoublesSolver::value(const Position& p) {
  table_.clear();
  oracle_pawns_ = oracle_ ? oracle_->max_pawns(Game::Doubles) : 0;
  return root(p, -kInfinity, kInfinity);
}

std::vector<MoveValue> DoublesSolver::moves(const Position& p) {
  table_.clear();
  oracle_pawns_ = oracle_ ? oracle_->max_pawns(Game::Doubles) : 0;
  std::vector<MoveValue> out;
  for (const Move& m : legal_moves(p)) {
    const int v = gain(p, m) - root(play(p, m), -kInfinity, kInfinity);
    out.push_back({m, move_text(p.board, m), v, std::nullopt});
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const MoveValue& a, const MoveValue& b) { return a.value > b.value; });
  return out;
}

Solution DoublesSolver::solve(const Position& start) {
  Solution s;
  s.value = value(start);
  Position p = start;
  int target = s.value;  // the margin still to be made by the side to move
  for (;;) {
    const auto ms = legal_moves(p);
    if (ms.empty()) break;
    bool found = false;
    for (const Move& m : ms) {
      const int g = gain(p, m);
      // The move keeps the margin when the opponent's best is g - target.
      const Position q = play(p, m);
      const int want = g - target;
      if (root(q, want - 1, want + 1) == want) {
        s.line.push_back(m);
        s.line_text.push_back(move_text(p.board, m));
        p = q;
        target = want;
        found = true;
        break;
      }
    }
    if (!found) throw std::logic_error("doubles solver: principal line lost");
  }
  return s;
}

}  // namespace scarney
