#include "search/solitaire_solver.h"

#include <algorithm>
#include <array>
#include <bit>
#include <memory>
#include <stdexcept>
#include <cstdio>
#include <cstdlib>

#include "games/rules.h"
#include "games/scoring.h"

namespace scarney {
namespace {

// The final set of pawns is a non-empty subset of the pawns now on the
// board; a score above 40 - spots needs a bonus, so the ceiling is the best
// of: one pawn alone; all pawns of one colour, each on a corner; all pawns
// of one spot value, each on a corner.
int compute_ceiling(uint16_t material) {
  int best = 0;
  for (int p = 0; p < kPawns; ++p)
    if (material >> p & 1) {
      const int s = spots_of(static_cast<Pawn>(p));
      best = std::max(best, kTotalSpots - s + s * (is_black(static_cast<Pawn>(p)) ? 20 : 10));
    }
  for (int c = 0; c < kColours; ++c) {
    const int per = c == 0 ? 40 : 20;  // corner colour bonus per pawn
    int n = 0, gain = 0;
    for (int s = 1; s <= 4; ++s)
      if (material >> (c * 4 + s - 1) & 1) ++n, gain += per - s;
    if (n >= 2) best = std::max(best, kTotalSpots + gain);
  }
  for (int s = 1; s <= 4; ++s) {
    int n = 0, gain = 0;
    for (int c = 0; c < kColours; ++c)
      if (material >> (c * 4 + s - 1) & 1) ++n, gain += 20 - s;
    if (n >= 2) best = std::max(best, kTotalSpots + gain);
  }
  return best;
}

const std::array<int16_t, 65536>& ceilings() {
  static const auto table = [] {
    auto t = std::make_unique<std::array<int16_t, 65536>>();
    for (int m = 0; m < 65536; ++m) (*t)[m] = static_cast<int16_t>(compute_ceiling(static_cast<uint16_t>(m)));
    return t;
  }();
  return *table;
}

constexpr int kNoScore = -1;  // below every score (scores are >= 0)

// A jump moves a pawn two circles, so a pawn never leaves its parity class
// (row mod 2, column mod 2), and each class holds exactly one corner:
//   class of C1: C1 C3 C9 C11    class of C4: C2 C4 C10 C12
//   class of C13: C5 C7 C13 C15  class of C16: C6 C8 C14 C16
// So at most one pawn of each class can end on a corner. This refines the
// material ceiling with where the pawns stand.

constexpr Mask kClassMask[4] = {0x0505, 0x0A0A, 0x5050, 0xA0A0};
int classes(Mask m) {
  return ((m & kClassMask[0]) != 0) + ((m & kClassMask[1]) != 0) + ((m & kClassMask[2]) != 0) +
         ((m & kClassMask[3]) != 0);
}

struct MaterialTables {
  std::array<int16_t, 65536> single;  // best single-pawn finish
  std::array<int8_t, 16> nibble_spots;  // spots of a colour's pawns (bit s = s+1 spots)
};

const MaterialTables& material_tables() {
  static const auto t = [] {
    auto m = std::make_unique<MaterialTables>();
    for (int mat = 0; mat < 65536; ++mat) {
      int best = 0;
      for (int p = 0; p < kPawns; ++p)
        if (mat >> p & 1) {
          const int s = spots_of(static_cast<Pawn>(p));
          best = std::max(best, kTotalSpots - s + s * (is_black(static_cast<Pawn>(p)) ? 20 : 10));
        }
      m->single[mat] = static_cast<int16_t>(best);
    }
    for (int n = 0; n < 16; ++n) {
      int s = 0;
      for (int k = 0; k < 4; ++k)
        if (n >> k & 1) s += k + 1;
      m->nibble_spots[n] = static_cast<int8_t>(s);
    }
    return m;
  }();
  return *t;
}

int position_ceiling(const Board& b, uint16_t material) {
  const MaterialTables& t = material_tables();
  int best = t.single[material];
  for (int k = 0; k < kColours; ++k) {
    const unsigned nib = (material >> (4 * k)) & 15;
    const int n = std::popcount(nib);
    if (n >= 2) {
      const int per = k == 0 ? 20 : 10;
      best = std::max(best, kTotalSpots - t.nibble_spots[nib] +
                                per * (n + classes(b.colour_mask(static_cast<Colour>(k)))));
    }
  }
  for (int s = 1; s <= 4; ++s) {
    const Mask m = b.spot_mask(s);
    const int n = count(m);
    if (n >= 2) best = std::max(best, kTotalSpots - n * s + 10 * (n + classes(m)));
  }
  return best;
}

}  // namespace

int score_ceiling(uint16_t material) { return ceilings()[material]; }

SolitaireSolver::SolitaireSolver(bool early_call, int log2_table)
    : early_call_(early_call), table_(log2_table) {}

int SolitaireSolver::search(const Board& b, uint16_t material, int alpha, int beta) {
  ++nodes_;
  if (const TTEntry* e = table_.find(b.pawn_nibbles(), b.occupied(), 0)) {
    if (e->bound == Bound::Exact) return e->value;
    if (e->bound == Bound::Upper && e->value <= alpha) return e->value;
    if (e->bound == Bound::Lower && e->value >= beta) return e->value;
  }
  if (oracle_pawns_ && b.pawn_count() <= oracle_pawns_) {
    if (const auto v = oracle_->value(early_call_ ? Game::Singles : Game::Solitaire, b)) return *v;
  }
  if (ceilings()[material] <= alpha) return ceilings()[material];
  const int ceiling = position_ceiling(b, material);
  if (ceiling <= alpha) return ceiling;

  Jump jumps[48];
  const int n = b.pawn_count() >= 2 ? b.jumps(jumps) : 0;
  int best = (early_call_ || n == 0) ? final_score(b).total() : kNoScore;
  if (n > 0 && best < ceiling && best < beta) {
    // Try first the jumps whose material keeps the highest ceiling: a good
    // score found early lets the ceilings cut the rest.
    struct Child {
      int ceiling;
      int index;
      uint16_t material;
    } kids[48];
    for (int i = 0; i < n; ++i) {
      const uint16_t m = static_cast<uint16_t>(material & ~(1u << b.pawn_on(jumps[i].over)));
      kids[i] = {ceilings()[m], i, m};
    }
    std::sort(kids, kids + n, [](const Child& x, const Child& y) { return x.ceiling > y.ceiling; });
    for (int i = 0; i < n; ++i) {
      const int bound = std::max(alpha, best);
      if (kids[i].ceiling <= bound) {
        // Sorted: no later child can beat the bound. As an upper bound, the
        // result must still cover what those children might reach.
        best = std::max(best, kids[i].ceiling);
        break;
      }
      Board child = b;
      child.jump(jumps[kids[i].index]);
      const int v = search(child, kids[i].material, bound, beta);
      if (v > best) {
        best = v;
        if (best >= beta || best >= ceiling) break;
      }
    }
  }
  const Bound bound = best <= alpha ? Bound::Upper : best >= beta ? Bound::Lower : Bound::Exact;
  table_.store(b.pawn_nibbles(), b.occupied(), 0, best, bound);
  return best;
}

int SolitaireSolver::root(const Position& p, int alpha, int beta) {
  if (p.phase == Phase::Jump) return search(p.board, p.board.material(), alpha, beta);
  if (p.phase != Phase::TakeOff) throw std::logic_error("solitaire solver: unexpected phase");
  int best = kNoScore;
  const uint16_t material = p.board.material();
  for (const Move& m : legal_moves(p)) {
    Board child = p.board;
    const Pawn taken = p.board.pawn_on(m.circle);
    child.remove(m.circle);
    best = std::max(best, search(child, static_cast<uint16_t>(material & ~(1u << taken)),
                                 std::max(alpha, best), beta));
    if (best >= beta) break;
  }
  if (best == kNoScore) best = final_score(p.board).total();  // no take-off possible
  return best;
}

// The exact value by null-window tests "is the value at least t?", bisecting
// between what is proven reachable (lo) and what is proven out of reach
// (hi). A test with a high t is cheap because the ceilings cut nearly every
// position, and a test that succeeds stops at the first line that reaches t;
// the table keeps the bounds each test learnt for the next.
int SolitaireSolver::exact(const Position& p) {
  oracle_pawns_ = oracle_ ? oracle_->max_pawns(early_call_ ? Game::Singles : Game::Solitaire) : 0;
  int lo = 0;
  int hi = p.phase == Phase::Jump ? position_ceiling(p.board, p.board.material()) : 1000;
  while (lo < hi) {
    const int t = lo + (hi - lo + 1) / 2;
    const int v = root(p, t - 1, t);
    if (v >= t) lo = v;  // reached: value >= v
    else hi = v;         // failed: value <= v
  }
  return lo;
}

int SolitaireSolver::value(const Position& p) {
  table_.clear();
  return exact(p);
}

std::vector<MoveValue> SolitaireSolver::moves(const Position& p) {
  table_.clear();
  std::vector<MoveValue> out;
  for (const Move& m : legal_moves(p)) {
    const Position q = play(p, m);
    out.push_back({m, move_text(p.board, m), exact(q), std::nullopt});
  }
  if (early_call_ && can_call(p) && !out.empty())
    out.push_back({Move::call(), "call Scarney", final_score(p.board).total(), std::nullopt});
  std::stable_sort(out.begin(), out.end(),
                   [](const MoveValue& a, const MoveValue& b) { return a.value > b.value; });
  return out;
}

Solution SolitaireSolver::solve(const Position& start) {
  table_.clear();
  oracle_pawns_ = oracle_ ? oracle_->max_pawns(early_call_ ? Game::Singles : Game::Solitaire) : 0;
  Solution s;
  s.value = exact(start);
  Position p = start;
  int target = s.value;
  for (;;) {
    const auto ms = legal_moves(p);
    if (ms.empty()) break;
    // Singles: stop here when calling Scarney already achieves the value.
    if (early_call_ && can_call(p) && final_score(p.board).total() == target) {
      s.line.push_back(Move::call());
      s.line_text.push_back("call Scarney");
      break;
    }
    bool found = false;
    for (const Move& m : ms) {
      const Position q = play(p, m);
      if (root(q, target - 1, target) >= target) {
        s.line.push_back(m);
        s.line_text.push_back(move_text(p.board, m));
        p = q;
        found = true;
        break;
      }
    }
    if (!found) throw std::logic_error("solitaire solver: principal line lost");
  }
  return s;
}

}  // namespace scarney
