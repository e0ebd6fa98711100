#include "search/doubles_solver.h"

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <stdexcept>

#include "games/rules.h"
#include "games/values.h"
#include "search/principal_line.h"
#include "util/stable_order.h"

namespace scarney {
namespace {
constexpr uint8_t kDoublesTag = 1;  // table entries of this solver
constexpr int kInfinity = 1000;
// Exact solves: enhanced transposition cut-offs from this many pawns up.
constexpr int kLookAheadPawns = 10;
// Window searches: no look-ahead, and the table only from this many pawns
// up; below, a probe costs more than the search it saves. Measured on the
// placement's questions (docs/placement.md): the table from 7 pawns, 6%
// less time for 3% more nodes; with the look-ahead gone and the keys,
// 22% less time a question in all.
constexpr int kWindowTabledPawns = 7;
}  // namespace

DoublesSolver::DoublesSolver(int log2_table) : table_(log2_table) {}

namespace {
// A jump as one byte, for the table's best move: direction and circle.
constexpr uint8_t jump_code(Direction d, Circle from) {
  return static_cast<uint8_t>(static_cast<int>(d) << 4 | from);
}
constexpr Jump jump_of(uint8_t code) {
  return jump_from(static_cast<Circle>(code & 15), static_cast<Direction>(code >> 4));
}

// A jump's place in the order to try it, as one number (smaller first):
//
//   bits 14..9  the replies it leaves the opponent (0 for the table's best)
//   bit  8      0 for the table's best move, 1 for the others
//   bits 7..6   4 - the spots it captures (the biggest captures first)
//   bits 5..0   its code: direction, then circle
//
// Bits 8..0 alone are the order of the list the search scans for sweeps and
// stored bounds; with the replies on top, the order the children are
// searched in. Keys are distinct, so the order is the same on every run.
constexpr uint16_t jump_key(uint8_t code, int gain, bool best, int replies) {
  return static_cast<uint16_t>((best ? 0 : replies << 9 | 1 << 8) | (4 - gain) << 6 | code);
}
constexpr uint8_t code_of(uint16_t key) { return key & 63; }
constexpr int gain_of(uint16_t key) { return 4 - (key >> 6 & 3); }

// The spots of the pawn the jump takes.
int capture(const Board& b, const Jump& j) { return spots_of(b.pawn_on(j.over)); }

// Where A's take-off y stands to B's take-off x, as the order to try it in:
// two circles from x in a line first (its pawn could jump over the one
// between into x's hole), then beside x (its pawn could be jumped over into
// it), then the rest. Each was A's best reply about half, a third and a
// twentieth of the time (1,000 random deals).
int line_relation(Circle x, Circle y) {
  const int dx = std::abs(x % 4 - y % 4), dy = std::abs(x / 4 - y / 4);
  if (dx != 0 && dy != 0) return 2;
  return dx + dy == 2 ? 0 : dx + dy == 1 ? 1 : 2;
}

// The spots of the smallest pawn among `victims` (not empty).
int smallest(const Board& b, Mask victims) {
  for (int g = 1; g < 4; ++g)
    if (b.spot_mask(g) & victims) return g;
  return 4;
}
}  // namespace

// A move gaining `gain` into the jump position `child` whose stored bound
// already reaches beta (enhanced transposition cut-off): its value, copied
// out because storing may reuse the entry's slot.
std::optional<int> DoublesSolver::cut_by_child(const Board& child, int gain, int beta) const {
  const TTEntry* e = table_.find(child.pawn_nibbles(), child.occupied(), kDoublesTag);
  if (!e || (e->bound != Bound::Upper && e->bound != Bound::Exact)) return std::nullopt;
  const int v = gain - e->value;
  return v >= beta ? std::optional<int>(v) : std::nullopt;
}

// Keys the jumps of b into `order`, unless one settles the node first: a
// jump leaving no reply sweeps the board, the best there is, and with
// look-ahead a child whose stored bound reaches beta cuts off. Without
// look-ahead any sweep settles the node alike; with it the jumps are
// looked at in list order (the keys' bits 8..0), so that the first sweep
// or cut-off found is the same whatever the generation order.
void DoublesSolver::order_jumps(const Board& b, const JumpMasks& jumpers, uint8_t hint, int beta,
                                JumpOrder& order) const {
  const ColourBits stand = b.colour_bits();
  const bool look_ahead = b.pawn_count() >= (window_order_ ? kCircles + 1 : kLookAheadPawns);
  const auto look = [&](uint8_t code) __attribute__((always_inline)) {
    const Jump jump = jump_of(code);
    const JumpMasks answers(stand.after(jump));
    if (!answers.any()) return order.settle(b.spots(), Bound::Exact, code);
    const int gain = capture(b, jump);
    if (look_ahead) {
      Board child = b;
      child.jump(jump);
      if (const auto v = cut_by_child(child, gain, beta))
        return order.settle(*v, Bound::Lower, code);
    }
    order.key[order.n++] = jump_key(code, gain, code == hint, answers.count());
    return false;
  };
  if (!look_ahead) {
    for (int d = 0; d < 4; ++d)
      for (Circle c : circles(jumpers.dir[d]))
        if (look(jump_code(static_cast<Direction>(d), c))) return;
    return;
  }
  uint8_t by_capture[4][48];
  int count[4] = {};
  for (int d = 0; d < 4; ++d)
    for (Circle c : circles(jumpers.dir[d])) {
      const uint8_t code = jump_code(static_cast<Direction>(d), c);
      if (code == hint) continue;
      const int g = capture(b, jump_of(code)) - 1;
      by_capture[g][count[g]++] = code;
    }
  if (hint != kNoMove && look(hint)) return;
  for (int g = 3; g >= 0; --g)
    for (int i = 0; i < count[g]; ++i)
      if (look(by_capture[g][i])) return;
}

int DoublesSolver::search(const Board& b, int alpha, int beta) {
  ++nodes_;
  const int spots = b.spots();
  // The mover can at best take every spot left, and at worst lose them all.
  if (spots <= alpha) return spots;
  if (-spots >= beta) return -spots;
  const JumpMasks jumpers(b.colour_bits());
  if (!jumpers.any()) return doubles_end_value(b);  // the opponent made the last move
  // The mover must jump, so he takes at least the smallest capture; every
  // spot goes to one side or the other.
  const int floor = 2 * smallest(b, jumpers.victims()) - spots;
  if (floor >= beta) return floor;

  const bool tabled = !window_order_ || b.pawn_count() >= kWindowTabledPawns;
  TranspositionTable::Probe known;
  if (tabled) known = table_.probe(b.pawn_nibbles(), b.occupied(), kDoublesTag, alpha, beta);
  if (known.settled) return known.value;
  if (oracle_pawns_ && b.pawn_count() <= oracle_pawns_) {
    if (const auto v = oracle_->value(Game::Doubles, b)) return *v;
  }
  const auto store = [&](int v, Bound bound, uint8_t move) {
    if (tabled) table_.store(b.pawn_nibbles(), b.occupied(), kDoublesTag, v, bound, move);
    return v;
  };
  // A sweep is the best there is: the mover takes the rest of the board.
  // The other jumps are tried the table's best move first, then those
  // leaving the opponent the fewest replies (then the biggest captures):
  // forcing lines are small and decide fast.
  JumpOrder order;
  order_jumps(b, jumpers, known.hint, beta, order);
  if (order.settled) return store(order.value, order.bound, order.move);
  const int alpha0 = alpha;
  int best = -kInfinity;
  uint8_t best_move = kNoMove;
  for (int k = 0; k < order.n; ++k) {
    const uint16_t key = order.next();
    Board child = b;
    child.jump(jump_of(code_of(key)));
    const int g = gain_of(key);
    const int v = g - search(child, g - beta, g - std::max(alpha, best));
    if (v > best) {
      best = v;
      best_move = code_of(key);
      if (best >= beta) break;
    }
  }
  return store(best,
               best <= alpha0 ? Bound::Upper
               : best >= beta ? Bound::Lower
                              : Bound::Exact,
               best_move);
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
    if (r >= beta)
      lo = r;
    else
      hi = r;
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
  const auto known = table_.probe(b.pawn_nibbles(), b.occupied(), tag, alpha, beta);
  if (known.settled) return known.value;
  const uint8_t hint = known.hint;
  const auto moves = legal_moves(p);
  if (moves.empty()) return end_value(p);
  // The table's best move first; then, for the last take-off before the
  // jumps, those leaving the opponent the fewest jumps (as in search()).
  // Window searches also look the jumps' starts up in the table (a bound
  // found under another first take-off may already refute this one) and
  // order by line_relation() first.
  std::vector<int> order(moves.size()), replies(moves.size(), 0);
  const Circle first_off = first(static_cast<Mask>(~b.occupied()));
  for (size_t i = 0; i < order.size(); ++i) {
    order[i] = static_cast<int>(i);
    if (i == hint) {
      replies[i] = -1;
    } else if (p.phase == Phase::TakeOff2) {
      Board after = b;
      after.remove(moves[i].circle);
      replies[i] = JumpMasks(after.colour_bits()).count();
      if (!window_order_) continue;
      if (const auto v = cut_by_child(after, gain(p, moves[i]), beta)) {
        table_.store(b.pawn_nibbles(), b.occupied(), tag, *v, Bound::Lower,
                     static_cast<uint8_t>(i));
        return *v;
      }
      replies[i] += 64 * line_relation(first_off, moves[i].circle);
    }
  }
  stable_sort_by(order, [&](int x) { return SortKey{replies[x]}; });
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
  window_order_ = false;
  oracle_pawns_ = oracle_ ? oracle_->max_pawns(Game::Doubles) : 0;
  // Over random deals the nonstarter loses by about 9 on average (see
  // docs/stats.md): a first guess near that saves MTD(f) steps. It sits a
  // little above, because with replies-first ordering the steps down (the
  // value is less) come cheaper than the steps up; higher still would
  // cost the typical deal more than it saves on the high-valued ones.
  return exact(p, p.phase == Phase::TakeOff ? -6 : 0);
}

int DoublesSolver::value_within(const Position& p, int alpha, int beta) {
  table_.clear();
  window_order_ = true;
  oracle_pawns_ = oracle_ ? oracle_->max_pawns(Game::Doubles) : 0;
  return root(p, alpha, beta);
}

std::vector<MoveValue> DoublesSolver::moves(const Position& p) {
  table_.clear();
  window_order_ = false;
  oracle_pawns_ = oracle_ ? oracle_->max_pawns(Game::Doubles) : 0;
  std::vector<MoveValue> out;
  for (const Move& m : legal_moves(p)) {
    const int v = gain(p, m) - exact(play(p, m), 0);
    out.push_back({m, move_text(p.board, m), v, std::nullopt});
  }
  stable_sort_by(out, [](const MoveValue& m) { return SortKey{-m.value}; });
  return out;
}

Solution DoublesSolver::solve(const Position& start) {
  Solution s;
  s.value = value(start);
  int target = s.value;  // the margin still to be made by the side to move
  // A move keeps the margin when the opponent's best after it is what
  // leaves the mover the target.
  const auto want = [&](const Position& p, const Move& m) { return gain(p, m) - target; };
  const auto keeps = [&](const Position& p, const Move& m, const Position& q) {
    const int w = want(p, m);
    return root(q, w - 1, w + 1) == w;
  };
  const auto take = [&](const Position& p, const Move& m, const Position&) {
    s.line.push_back(m);
    s.line_text.push_back(move_text(p.board, m));
    target = want(p, m);
  };
  if (!follow_principal_line(start, legal_moves, play, keeps, take).second)
    throw std::logic_error("doubles solver: principal line lost");
  return s;
}

}  // namespace scarney
