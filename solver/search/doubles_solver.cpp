#include "search/doubles_solver.h"

#include <algorithm>
#include <bit>
#include <stdexcept>

#include "games/rules.h"

namespace scarney {
namespace {
constexpr uint8_t kDoublesTag = 1;  // table entries of this solver
constexpr int kInfinity = 1000;
constexpr int kLookAheadPawns = 10;  // enhanced transposition cut-offs from here up
}  // namespace

DoublesSolver::DoublesSolver(int log2_table) : table_(log2_table) {}

namespace {
// What the jumps depend on: the circles holding a pawn, and the two bits of
// each pawn's colour (black 00, red 01, yellow 10, green 11) as two masks.
struct Stand {
  uint32_t occupied, high, low;

  explicit Stand(const Board& b)
      : occupied(b.occupied()),
        high(b.colour_mask(Colour::Yellow) | b.colour_mask(Colour::Green)),
        low(b.colour_mask(Colour::Red) | b.colour_mask(Colour::Green)) {}
  Stand(uint32_t o, uint32_t h, uint32_t l) : occupied(o), high(h), low(l) {}
  // After the jump j, without making the whole board.
  Stand after(const Jump& j) const {
    const uint32_t gone = bit(j.from) | bit(j.over), to = bit(j.to);
    const auto move = [&](uint32_t m) { return (m & ~gone) | ((m >> j.from & 1) ? to : 0); };
    return {occupied ^ gone ^ to, move(high), move(low)};
  }
};

// The jumps open to the mover, as the circles jumping in each direction.
//
// Both directions of a line are found from one mask of its neighbour pairs
// of different colours: bit c is set when c and the circle after it (east,
// or south) hold pawns of two colours.
struct Jumpers {
  Mask dir[4];  // by Direction: East, West, South, North

  explicit Jumpers(const Stand& s) {
    const uint32_t occ = s.occupied, emp = static_cast<Mask>(~occ), high = s.high, low = s.low;
    const uint32_t row_pairs = occ & (occ >> 1) & ((high ^ (high >> 1)) | (low ^ (low >> 1)));
    const uint32_t column_pairs = occ & (occ >> 4) & ((high ^ (high >> 4)) | (low ^ (low >> 4)));
    dir[0] = static_cast<Mask>(row_pairs & (emp >> 2) & 0x3333);
    dir[1] = static_cast<Mask>((row_pairs << 1) & (emp << 2) & 0xCCCC);
    dir[2] = static_cast<Mask>(column_pairs & (emp >> 8) & 0x00FF);
    dir[3] = static_cast<Mask>((column_pairs << 4) & (emp << 8) & 0xFF00);
  }
  explicit Jumpers(const Board& b) : Jumpers(Stand(b)) {}
  bool any() const { return (dir[0] | dir[1] | dir[2] | dir[3]) != 0; }
  int count() const {
    return std::popcount(dir[0]) + std::popcount(dir[1]) + std::popcount(dir[2]) +
           std::popcount(dir[3]);
  }
  // The circles of the pawns that can be jumped.
  Mask victims() const {
    return static_cast<Mask>((dir[0] << 1) | (dir[1] >> 1) | (dir[2] << 4) | (dir[3] >> 4));
  }
  // The jumpers in direction d whose victim is a pawn of `spots` spots.
  template <Direction d>
  Mask taking(const Board& b, int spots) const {
    constexpr int s = step(d);
    const uint32_t m = b.spot_mask(spots);
    return static_cast<Mask>(dir[static_cast<int>(d)] & (s > 0 ? m >> s : m << -s));
  }
};

// A jump as one byte, for the table's best move: direction and circle.
constexpr uint8_t jump_code(Direction d, Circle from) {
  return static_cast<uint8_t>(static_cast<int>(d) << 4 | from);
}
constexpr Jump jump_of(uint8_t code) {
  constexpr int steps[] = {1, -1, 4, -4};
  const int from = code & 15, s = steps[code >> 4];
  return Jump{static_cast<Circle>(from), static_cast<Circle>(from + s),
              static_cast<Circle>(from + 2 * s)};
}

// The jumps of a position as codes, `first` (if one of them) leading, then
// the biggest captures (in direction order among equal captures).
struct JumpList {
  uint8_t code[48];
  uint8_t gain[48];
  int n = 0;

  JumpList(const Board& b, const Jumpers& j, uint8_t first) {
    if (first != kNoMove) add(first, spots_of(b.pawn_on(jump_of(first).over)));
    for (int g = 4; g >= 1; --g) {
      add_all<Direction::East>(j.taking<Direction::East>(b, g), g, first);
      add_all<Direction::West>(j.taking<Direction::West>(b, g), g, first);
      add_all<Direction::South>(j.taking<Direction::South>(b, g), g, first);
      add_all<Direction::North>(j.taking<Direction::North>(b, g), g, first);
    }
  }

 private:
  void add(uint8_t c, int g) {
    code[n] = c;
    gain[n++] = static_cast<uint8_t>(g);
  }
  template <Direction d>
  void add_all(Mask from, int g, uint8_t skip) {
    for (Circle c : circles(from))
      if (jump_code(d, c) != skip) add(jump_code(d, c), g);
  }
};

// The spots of the smallest pawn among `victims` (not empty).
int smallest(const Board& b, Mask victims) {
  for (int g = 1; g < 4; ++g)
    if (b.spot_mask(g) & victims) return g;
  return 4;
}
}  // namespace

int DoublesSolver::search(const Board& b, int alpha, int beta) {
  ++nodes_;
  const int spots = b.spots();
  // The mover can at best take every spot left, and at worst lose them all.
  if (spots <= alpha) return spots;
  if (-spots >= beta) return -spots;
  const Jumpers jumpers(b);
  if (!jumpers.any()) return -spots;  // the opponent made the last move and sweeps
  // The mover must jump, so he takes at least the smallest capture; every
  // spot goes to one side or the other.
  const int floor = 2 * smallest(b, jumpers.victims()) - spots;
  if (floor >= beta) return floor;

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

  // Every jump that leaves the opponent no reply is the best there is: the
  // mover takes the rest of the board. The others are tried the table's
  // best move first, then those leaving the opponent the fewest replies
  // (then the biggest captures): forcing lines are small and decide fast.
  const JumpList jumps(b, jumpers, hint);
  const int n = jumps.n;
  const bool look_ahead = b.pawn_count() >= kLookAheadPawns;
  const Stand stand(b);
  int order[48], replies[48];
  for (int i = 0; i < n; ++i) {
    const Jump jump = jump_of(jumps.code[i]);
    const Jumpers answers(stand.after(jump));
    if (!answers.any()) {
      table_.store(b.pawn_nibbles(), b.occupied(), kDoublesTag, spots, Bound::Exact, jumps.code[i]);
      return spots;
    }
    order[i] = i;
    replies[i] = i == 0 && hint != kNoMove ? -1 : answers.count();
    // A child whose stored bound already refutes this window ends the
    // search here (enhanced transposition cut-off). The probes pay only
    // where the subtrees are big.
    if (!look_ahead) continue;
    Board child = b;
    child.jump(jump);
    if (const TTEntry* e = table_.find(child.pawn_nibbles(), child.occupied(), kDoublesTag)) {
      const int v = jumps.gain[i] - e->value;  // copied: storing below may reuse e's slot
      if ((e->bound == Bound::Upper || e->bound == Bound::Exact) && v >= beta) {
        table_.store(b.pawn_nibbles(), b.occupied(), kDoublesTag, v, Bound::Lower, jumps.code[i]);
        return v;
      }
    }
  }
  for (int i = 1; i < n; ++i)  // insertion sort, stable: a handful of moves
    for (int j = i; j > 0 && replies[order[j]] < replies[order[j - 1]]; --j)
      std::swap(order[j], order[j - 1]);

  const int alpha0 = alpha;
  int best = -kInfinity;
  uint8_t best_move = kNoMove;
  for (int k = 0; k < n; ++k) {
    const int i = order[k];
    Board child = b;
    child.jump(jump_of(jumps.code[i]));
    const int g = jumps.gain[i];
    const int v = g - search(child, g - beta, g - std::max(alpha, best));
    if (v > best) {
      best = v;
      best_move = jumps.code[i];
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
  uint8_t hint = kNoMove;
  if (const TTEntry* e = table_.find(b.pawn_nibbles(), b.occupied(), tag)) {
    if (e->bound == Bound::Exact) return e->value;
    if (e->bound == Bound::Upper && e->value <= alpha) return e->value;
    if (e->bound == Bound::Lower && e->value >= beta) return e->value;
    hint = e->move;
  }
  const auto moves = legal_moves(p);
  if (moves.empty()) return end_value(p);
  // The table's best move first; then, for the last take-off before the
  // jumps, those leaving the opponent the fewest jumps (as in search()).
  std::vector<int> order(moves.size()), replies(moves.size(), 0);
  for (size_t i = 0; i < order.size(); ++i) {
    order[i] = static_cast<int>(i);
    if (i == hint) {
      replies[i] = -1;
    } else if (p.phase == Phase::TakeOff2) {
      Board after = b;
      after.remove(moves[i].circle);
      replies[i] = Jumpers(after).count();
    }
  }
  std::stable_sort(order.begin(), order.end(),
                   [&](int x, int y) { return replies[x] < replies[y]; });
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
  // docs/stats.md): a first guess near that saves MTD(f) steps. It sits a
  // little above, because with replies-first ordering the steps down (the
  // value is less) come cheaper than the steps up; higher still would
  // cost the typical deal more than it saves on the high-valued ones.
  return exact(p, p.phase == Phase::TakeOff ? -6 : 0);
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
