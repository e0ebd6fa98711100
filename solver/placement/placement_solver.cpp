#include "placement/placement_solver.h"

#include <absl/container/flat_hash_map.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>

#include "games/deal.h"
#include "placement/complete_boards.h"
#include "placement/placement_symmetry.h"

namespace scarney {
namespace {

// Values inside the search are A's, in hundredths of a point, so that the
// mean of random completions needs no floating point.
constexpr int kTicks = 100;
constexpr int kInf = 1 << 28;

struct Bounds {
  int lower = -kInf;
  int upper = kInf;
  bool has_best = false;
  PlacementMove best;  // in the canonical board's labels
};
using Table = absl::flat_hash_map<BoardKey, Bounds, BoardKeyHash>;

// A's colour choice up to relabelling: with black ({black, red}) or
// without ({red, yellow}); the other four choices are images of these.
Colours representative(Colours cs) { return (cs & 1) ? 0b0011 : 0b0110; }

int factorial(int n) { return n <= 1 ? 1 : n * factorial(n - 1); }

}  // namespace

int plies_left(const PlacementState& s) { return s.pawns_left() + (s.choosing_colours() ? 1 : 0); }

int exact_horizon(Game g) {
  switch (g) {
    case Game::Singles:
      return 8;
    case Game::Doubles:
      return 8;
    case Game::HighLow:
      return 8;
    default:
      return 0;
  }
}

struct PlacementSolver::Impl {
  PlacementOptions opt;
  std::array<std::unique_ptr<CompleteBoards>, 4> boards;
  std::array<std::vector<Relabel>, 16> keeping;
  Table exact_table, limited_table;
  std::array<std::array<uint32_t, kCircles>, kPawns> history{};
  const Oracle* oracle = nullptr;
  uint64_t nodes = 0;
  int exact_tail = 3;  // pawns left from which the limited search goes exact
  std::chrono::steady_clock::time_point last_report = std::chrono::steady_clock::now();

  explicit Impl(PlacementOptions o) : opt(std::move(o)) {
    if (opt.samples < 1) opt.samples = 1;
    exact_tail = 1;
    while (factorial(exact_tail + 1) <= opt.samples) ++exact_tail;
  }

  CompleteBoards& complete(Game g) {
    auto& b = boards[static_cast<int>(g)];
    if (!b) {
      b = std::make_unique<CompleteBoards>(g);
      b->set_oracle(oracle);
    }
    return *b;
  }

  const std::vector<Relabel>& relabellings(Colours a) {
    auto& r = keeping[a];
    if (r.empty()) r = relabellings_keeping(a);
    return r;
  }

  uint64_t solved() const {
    uint64_t n = 0;
    for (const auto& b : boards)
      if (b) n += b->solved();
    return n;
  }

  void tick() {
    if ((++nodes & 1023) || !opt.progress) return;
    const auto now = std::chrono::steady_clock::now();
    if (now - last_report < std::chrono::seconds(1)) return;
    last_report = now;
    opt.progress(nodes, solved());
  }

  bool maximising(const PlacementState& s) const {
    return s.to_move() == Placer::A || (s.game == Game::Singles && opt.cooperative);
  }

  // A's value of the full board, fail-soft: High-Low first asks only who
  // wins, which settles the payoff's side of 0 (a win pays at least 1).
  int leaf(const PlacementState& s, int alpha, int beta) {
    CompleteBoards& c = complete(s.game);
    if (s.game == Game::HighLow) {
      const bool wins = c.a_wins(s.board);
      if (wins && beta <= kTicks) return kTicks;
      if (!wins && alpha >= -kTicks) return -kTicks;
    }
    return c.value(s.board) * kTicks;
  }

  // The mean of random completions of b (in its canonical labels, so every
  // image of a board gets the same estimate).
  int estimate(const PlacementState& canonical, const BoardKey& key) {
    SplitMix64 rng(BoardKeyHash{}(key) ^ (opt.seed * 0x9E3779B97F4A7C15ull));
    std::vector<Pawn> pawns;
    const uint16_t left = canonical.hand(Placer::A) | canonical.hand(Placer::B);
    for (int p = 0; p < kPawns; ++p)
      if (left >> p & 1) pawns.push_back(static_cast<Pawn>(p));
    std::vector<Circle> empty;
    for (Circle c : circles(canonical.board.empty())) empty.push_back(c);
    CompleteBoards& c = complete(canonical.game);
    int64_t sum = 0;
    for (int i = 0; i < opt.samples; ++i) {
      for (size_t j = pawns.size(); j > 1; --j) std::swap(pawns[j - 1], pawns[rng.below(j)]);
      Board b = canonical.board;
      for (size_t j = 0; j < pawns.size(); ++j) b.place(pawns[j], empty[j]);
      sum += c.value(b);
    }
    return static_cast<int>(std::lround(static_cast<double>(sum) * kTicks / opt.samples));
  }

  // Moves of s, the table's best first, then by history.
  std::vector<PlacementMove> ordered(const PlacementState& s, const Bounds* e, const Relabel& r) {
    std::vector<PlacementMove> ms = placement_moves(s);
    std::stable_sort(ms.begin(), ms.end(), [&](const PlacementMove& x, const PlacementMove& y) {
      return history[x.pawn][x.circle] > history[y.pawn][y.circle];
    });
    if (e && e->has_best) {
      for (size_t i = 0; i < ms.size(); ++i)
        if (relabel_pawn(ms[i].pawn, r) == e->best.pawn &&
            relabel_circle(ms[i].circle, r) == e->best.circle) {
          std::rotate(ms.begin(), ms.begin() + static_cast<long>(i),
                      ms.begin() + static_cast<long>(i) + 1);
          break;
        }
    }
    return ms;
  }

  static int next_depth(int depth) { return depth < 0 ? -1 : depth - 1; }
  // The colour choice counts as a placement, but a search told to stop at
  // once still needs A's colours to estimate anything.
  static int choice_depth(int depth) { return depth < 0 ? -1 : std::max(depth - 1, 0); }

  // A's value of s, fail-soft in (alpha, beta). depth < 0: exact; otherwise
  // the placements searched before estimating.
  int search(const PlacementState& s, int alpha, int beta, int depth) {
    tick();
    if (s.pawns_left() == 0) return leaf(s, alpha, beta);
    if (s.choosing_colours()) {
      int best = -kInf;
      for (Colours cs : {Colours{0b0011}, Colours{0b0110}}) {
        best = std::max(best, search(play(s, PlacementMove::take(cs)), std::max(alpha, best), beta,
                                     choice_depth(depth)));
        if (best >= beta) break;
      }
      return best;
    }
    if (depth >= 0 && s.pawns_left() <= exact_tail) depth = -1;
    if (s.pawns_left() == 1)  // one pawn, one circle: nothing to choose
      return search(play(s, placement_moves(s).front()), alpha, beta, next_depth(depth));

    Table& table = depth < 0 ? exact_table : limited_table;
    const auto& rs = relabellings(s.a_colours);
    size_t which = 0;
    const BoardKey key = canonical_key(
        s.board, rs, static_cast<uint16_t>(s.a_colours | static_cast<int>(s.game) << 4), &which);
    const Relabel& r = rs[which];
    Bounds known;
    if (auto it = table.find(key); it != table.end()) known = it->second;
    if (known.lower >= beta) return known.lower;
    if (known.upper <= alpha) return known.upper;
    if (known.lower == known.upper) return known.lower;
    if (depth == 0) {
      PlacementState canonical = s;
      canonical.board = relabel(s.board, r);
      const int v = estimate(canonical, key);
      Bounds& e = table[key];
      e.lower = e.upper = v;
      return v;
    }
    const int a0 = std::max(alpha, known.lower), b0 = std::min(beta, known.upper);
    int a = a0, b = b0;
    const bool max_node = maximising(s);
    int best = max_node ? -kInf : kInf;
    PlacementMove best_move{};
    for (const PlacementMove& m : ordered(s, &known, r)) {
      const int v = search(play(s, m), a, b, next_depth(depth));
      if (max_node ? v > best : v < best) {
        best = v;
        best_move = m;
      }
      if (max_node)
        a = std::max(a, best);
      else
        b = std::min(b, best);
      if (a >= b) {
        history[m.pawn][m.circle] += static_cast<uint32_t>(s.pawns_left() * s.pawns_left());
        break;
      }
    }
    Bounds& e = table[key];
    if (best <= a0)
      e.upper = std::min(e.upper, best);
    else if (best >= b0)
      e.lower = std::max(e.lower, best);
    else
      e.lower = e.upper = best;
    e.has_best = true;
    e.best =
        PlacementMove::place(relabel_pawn(best_move.pawn, r), relabel_circle(best_move.circle, r));
    return best;
  }

  // The value of s for whoever the game's value is reported for.
  static int reported(const PlacementState& s, Placer mover, int a_value) {
    if (s.game == Game::Singles || mover == Placer::A) return a_value;
    return -a_value;
  }

  // Follows the best placements from s (A's value v) as far as the search
  // went: to the full board, or to the boards it estimated.
  void principal_line(PlacementState s, int v, int depth, PlacementSolution& out) {
    while (s.pawns_left() > 0) {
      if (depth >= 0 && s.pawns_left() <= exact_tail) depth = -1;
      if (depth == 0 && !s.choosing_colours()) break;
      std::vector<PlacementMove> ms;
      if (s.choosing_colours()) {
        ms = {PlacementMove::take(0b0011), PlacementMove::take(0b0110)};
      } else {
        const auto& rs = relabellings(s.a_colours);
        size_t which = 0;
        const BoardKey key = canonical_key(
            s.board, rs, static_cast<uint16_t>(s.a_colours | static_cast<int>(s.game) << 4),
            &which);
        const Table& table = depth < 0 ? exact_table : limited_table;
        const auto it = table.find(key);
        ms = ordered(s, it == table.end() ? nullptr : &it->second, rs[which]);
      }
      const int child_depth = s.choosing_colours() ? choice_depth(depth) : next_depth(depth);
      bool found = false;
      for (const PlacementMove& m : ms) {
        const PlacementState t = play(s, m);
        if (search(t, v - 1, v + 1, child_depth) == v) {
          out.line.push_back(m);
          out.line_text.push_back(placement_text(s, m));
          s = t;
          found = true;
          break;
        }
      }
      if (!found) break;  // cannot happen: some move keeps the value
      depth = child_depth;
    }
    if (s.pawns_left() == 0) {
      out.final_board = s.board;
      out.game_line = complete(s.game).solve(s.board).line_text;
    }
  }
};

PlacementSolver::PlacementSolver(PlacementOptions options)
    : impl_(std::make_unique<Impl>(std::move(options))) {}
PlacementSolver::~PlacementSolver() = default;

bool PlacementSolver::exact_for(const PlacementState& s) const {
  return impl_->opt.depth < 0 || impl_->opt.depth >= plies_left(s);
}

PlacementSolution PlacementSolver::solve(const PlacementState& s) {
  Impl& m = *impl_;
  m.limited_table.clear();
  const int depth = exact_for(s) ? -1 : m.opt.depth;
  const uint64_t nodes0 = m.nodes, solved0 = m.solved();
  PlacementSolution out;
  out.exact = depth < 0;
  if (s.pawns_left() == 0) return out;
  const int v = m.search(s, -kInf, kInf, depth);
  const int mine = Impl::reported(s, s.to_move(), v);
  out.value = static_cast<double>(mine) / kTicks;
  if (s.game == Game::HighLow) out.to_move_wins = mine > 0;
  m.principal_line(s, v, depth, out);
  out.nodes = m.nodes - nodes0;
  out.boards_solved = m.solved() - solved0;
  return out;
}

std::vector<PlacementMoveValue> PlacementSolver::moves(const PlacementState& s) {
  Impl& m = *impl_;
  m.limited_table.clear();
  const int depth = exact_for(s) ? -1 : m.opt.depth;
  const Placer mover = s.to_move();
  std::vector<PlacementMoveValue> out;
  for (const PlacementMove& mv : placement_moves(s)) {
    const PlacementMove searched =
        mv.is_choice() ? PlacementMove::take(representative(mv.colours)) : mv;
    const int v = m.search(play(s, searched), -kInf, kInf,
                           mv.is_choice() ? Impl::choice_depth(depth) : Impl::next_depth(depth));
    const int mine = Impl::reported(s, mover, v);
    PlacementMoveValue r{mv, placement_text(s, mv), static_cast<double>(mine) / kTicks, {}};
    if (s.game == Game::HighLow) r.wins = mine > 0;
    out.push_back(r);
  }
  // Best first for the mover; in Singles B (unless cooperative) wants A's
  // score low.
  const bool ascending = s.game == Game::Singles && !m.maximising(s);
  std::stable_sort(out.begin(), out.end(), [&](const auto& x, const auto& y) {
    return ascending ? x.value < y.value : x.value > y.value;
  });
  return out;
}

void PlacementSolver::set_oracle(const Oracle* oracle) {
  impl_->oracle = oracle;
  for (auto& b : impl_->boards)
    if (b) b->set_oracle(oracle);
}

uint64_t PlacementSolver::nodes() const { return impl_->nodes; }
uint64_t PlacementSolver::boards_solved() const { return impl_->solved(); }

}  // namespace scarney
