#include "search/doubles_solver.h"

#include <algorithm>
#include <stdexcept>

#include "games/rules.h"

namespace scarney {
namespace {
constexpr uint8_t kDoublesTag = 1;  // table entries of this solver
constexpr int kInfinity = 1000;
constexpr int kLookAheadPawns = 10;  // enhanced transposition cut-offs from here up
}  // namespace

DoublesSolver::DoublesSolver(int log2_table) : table_(log2_table) {}

int DoublesSolver::search(const Board& b, int alpha, int beta) {
  ++nodes_;
  const int spots = b.spots();
  // The mover can at best take every spot left, and at worst lose them all.
  if (spots <= alpha) return spots;
  if (-spots >= beta) return -spots;
  uint8_t hint = kNoMove;
  if (const TTEntry* e = table_.find(b.pawn_nibbles(), b.occupied(), kDoublesTag)) {
    if (e->bound == Bound::Exact) return e->value;
    if (e->bound == Bound::Upper && e->value <= alpha) return e->value;
    if (e->bound == Bound::Lower && e->value >= beta) return e->value;
    hint = e->move;
  }
  if (oracle_pawns_ && b.pawn_count() <= oracle_pawns_) {
    if (const auto v = oracle_->value(Game::Doubles, b)) return *v;
  }
  Jump jumps[48];
  const int n = b.pawn_count() >= 2 ? b.jumps(jumps) : 0;
  if (n == 0) return -spots;  // the opponent made the last move and sweeps

  // The table's best move first, then the biggest captures. On the way,
  // a child whose stored bound already refutes this window ends the search
  // here (enhanced transposition cut-off).
  // Looking the children up costs a probe each, and pays only where the
  // subtrees are big.
  const bool look_ahead = b.pawn_count() >= kLookAheadPawns;
  int order[48], key[48];
  for (int i = 0; i < n; ++i) {
    order[i] = i;
    const int g = spots_of(b.pawn_on(jumps[i].over));
    key[i] = i == hint ? 100 : g;
    if (!look_ahead) continue;
    Board child = b;
    child.jump(jumps[i]);
    if (const TTEntry* e = table_.find(child.pawn_nibbles(), child.occupied(), kDoublesTag)) {
      const int v = g - e->value;  // copied: storing below may reuse e's slot
      if ((e->bound == Bound::Upper || e->bound == Bound::Exact) && v >= beta) {
        table_.store(b.pawn_nibbles(), b.occupied(), kDoublesTag, v, Bound::Lower,
                     static_cast<uint8_t>(i));
        return v;
      }
    }
  }
  for (int i = 1; i < n; ++i)  // insertion sort: a handful of moves
    for (int j = i; j > 0 && key[order[j]] > key[order[j - 1]]; --j) std::swap(order[j], order[j - 1]);

  const int alpha0 = alpha;
  int best = -kInfinity;
  uint8_t best_move = kNoMove;
  for (int k = 0; k < n; ++k) {
    const int i = order[k];
    Board child = b;
    child.jump(jumps[i]);
    const int g = spots_of(b.pawn_on(jumps[i].over));
    const int v = g - search(child, g - beta, g - std::max(alpha, best));
    if (v > best) {
      best = v;
      best_move = static_cast<uint8_t>(i);
      if (best >= beta) break;
    }
  }
  const Bound bound = best <= alpha0 ? Bound::Upper : best >= beta ? Bound::Lower : Bound::Exact;
  table_.store(b.pawn_nibbles(), b.occupied(), kDoublesTag, best, bound, best_move);
  return best;
}

// MTD(f): a series of null-window searches converging on the value, each
// cheap, with the table carrying bounds and best moves from one to the next.
//
// A margin always has the parity of the spots on the board (every spot ends
// with one side or the other), so each test asks "at least beta?" for a
// beta of that parity and the answer moves a bound by two.
int DoublesSolver::exact(const Position& p, int guess) {
  const int parity = p.board.spots() & 1;
  const auto up = [parity](int v) { return (v & 1) == parity ? v : v + 1; };    // least >= v
  const auto down = [parity](int v) { return (v & 1) == parity ? v : v - 1; };  // most <= v
  int lo = -kInfinity, hi = kInfinity;  // the value lies in [lo, hi]
  int beta = up(guess);
  for (;;) {
    const int r = root(p, beta - 1, beta);
    if (r >= beta) lo = r;
    else hi = r;
    const int a = lo == -kInfinity ? lo : up(lo), b = hi == kInfinity ? hi : down(hi);
    if (a >= b) return a == -kInfinity ? b : a;
    beta = r >= beta ? a + 2 : b;
  }
}

// The take-off phases, with the table too (their own tags: the same board
// means something else before the jumps start), so that each MTD(f) step
// starts from the best take-offs of the last.
int DoublesSolver::root(const Position& p, int alpha, int beta) {
  if (p.phase == Phase::Jump) return search(p.board, alpha, beta);
  if (p.phase != Phase::TakeOff && p.phase != Phase::TakeOff2)
    throw std::logic_error("doubles solver: unexpected phase");
  const uint8_t tag = p.phase == Phase::TakeOff ? 2 : 3;
  const Board& b = p.board;
  uint8_t hint = kNoMove;
  if (const TTEntry* e = table_.find(b.pawn_nibbles(), b.occupied(), tag)) {
    if (e->bound == Bound::Exact) return e->value;
    if (e->bound == Bound::Upper && e->value <= alpha) return e->value;
    if (e->bound == Bound::Lower && e->value >= beta) return e->value;
    hint = e->move;
  }
  const auto moves = legal_moves(p);
  if (moves.empty()) return end_value(p);
  std::vector<int> order(moves.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
  if (hint < moves.size()) std::swap(order[0], order[hint]);
  int best = -kInfinity;
  uint8_t best_move = kNoMove;
  for (const int i : order) {
    const Move& m = moves[i];
    const int g = gain(p, m);
    const int v = g - root(play(p, m), g - beta, g - std::max(alpha, best));
    if (v > best) {
      best = v;
      best_move = static_cast<uint8_t>(i);
      if (best >= beta) break;
    }
  }
  const Bound bound = best <= alpha ? Bound::Upper : best >= beta ? Bound::Lower : Bound::Exact;
  table_.store(b.pawn_nibbles(), b.occupied(), tag, best, bound, best_move);
  return best;
}

int DoublesSolver::value(const Position& p) {
  table_.clear();
  oracle_pawns_ = oracle_ ? oracle_->max_pawns(Game::Doubles) : 0;
  // Over random deals the nonstarter loses by about 9 on average (see
  // docs/stats.md): a first guess near that saves MTD(f) steps.
  return exact(p, p.phase == Phase::TakeOff ? -8 : 0);
}

std::vector<MoveValue> DoublesSolver::moves(const Position& p) {
  table_.clear();
  oracle_pawns_ = oracle_ ? oracle_->max_pawns(Game::Doubles) : 0;
  std::vector<MoveValue> out;
  for (const Move& m : legal_moves(p)) {
    const int v = gain(p, m) - exact(play(p, m), 0);
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
