#include "placement/placement_solver.h"

#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <cmath>
#include <optional>
#include <utility>

#include "placement/complete_boards.h"
#include "placement/estimate_error.h"
#include "placement/leaf_bias.h"
#include "placement/placement_symmetry.h"
#include "placement/random_completions.h"
#include "search/principal_line.h"
#include "util/hash_map.h"
#include "util/stable_order.h"

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
using Table = HashMap<BoardKey, Bounds, BoardKeyHash>;

// A's colour choice up to relabelling: with black ({black, red}) or
// without ({red, yellow}); the other four choices are images of these.
constexpr Colours kWithBlack = 0b0011, kWithoutBlack = 0b0110;
Colours representative(Colours cs) { return (cs & 1) ? kWithBlack : kWithoutBlack; }

int factorial(int n) { return n <= 1 ? 1 : n * factorial(n - 1); }

int floor_div(int a, int b) { return a / b - (a % b != 0 && (a < 0) != (b < 0)); }

}  // namespace

int plies_left(const PlacementState& s) { return s.pawns_left() + (s.choosing_colours() ? 1 : 0); }

bool ends_where_a_places(const PlacementState& s, int depth) {
  const int last = plies_left(s);
  return depth < last && (last - depth) % 2 == 0;
}

int odd_leaf_depth(const PlacementState& s, int depth, const ValueNet* net) {
  const bool learned = net && net->game == s.game;
  return learned && ends_where_a_places(s, depth) ? depth + 1 : depth;
}

int exact_horizon(Game g, bool winner_only) {
  // (Solitaire has no placement.) Who wins alone is searched deeper.
  static constexpr PerGame<int> kHorizon = {0, 11, 10, 10}, kWinnerOnly = {0, 11, 10, 12};
  return for_game(g, winner_only ? kWinnerOnly : kHorizon);
}

struct PlacementSolver::Impl {
  PlacementOptions opt;
  std::array<std::unique_ptr<CompleteBoards>, 4> boards;
  Table exact_table, limited_table;
  std::array<std::array<uint32_t, kCircles>, kPawns> history{};
  // The killer placements: the last two that cut off, for each number of
  // pawns left, in the board's own labels. Sibling positions differ by a
  // pawn or two and are mostly refuted by the same placement.
  std::array<std::array<PlacementMove, 2>, kPawns + 1> killers{};
  const Oracle* oracle = nullptr;
  uint64_t nodes = 0;
  int proven_lower = -kInf, proven_upper = kInf;  // of the last value() asked
  int exact_tail = 3;  // pawns left from which the limited search goes exact
  std::chrono::steady_clock::time_point last_report = std::chrono::steady_clock::now();
  // Set while a budgeted round runs (see deepening()).
  std::optional<std::chrono::steady_clock::time_point> deadline;

  explicit Impl(PlacementOptions o) : opt(std::move(o)) { set_samples(opt.samples); }

  // The random completions per estimated board, and the pawns left from
  // which a limited search goes exact (where every completion costs less
  // than the samples).
  void set_samples(int samples) {
    opt.samples = std::max(1, samples);
    exact_tail = 1;
    while (factorial(exact_tail + 1) <= opt.samples) ++exact_tail;
  }

  CompleteBoards& complete(Game g) {
    auto& b = boards[static_cast<int>(g)];
    if (!b) {
      b = std::make_unique<CompleteBoards>(g);
      b->set_oracle(oracle);
      b->use_full_payoffs(opt.full_payoffs);
    }
    return *b;
  }

  uint64_t solved() const {
    uint64_t n = 0;
    for (const auto& b : boards)
      if (b) n += b->solved();
    return n;
  }
  uint64_t payoffs() const {
    const auto& b = boards[static_cast<int>(Game::HighLow)];
    return b ? b->payoffs() : 0;
  }

  // A search halts when opt.stop is set (Ctrl-C) or the deadline has
  // passed: every search returns at once, storing nothing, so the tables
  // keep only what completed searches stored. A flag, not an exception:
  // the WebAssembly build has no unwinding (docs/architecture.md).
  enum class Halt { None, Stopped, OutOfTime };
  Halt halted = Halt::None;

  // A relaxed load and a clock read per node (or complete board): cheap
  // beside a node's table look-ups, and a Ctrl-C or the deadline is
  // answered within one node (or one complete board).
  bool halt() {
    if (halted == Halt::None) {
      if (opt.stop && opt.stop->load(std::memory_order_relaxed))
        halted = Halt::Stopped;
      else if (deadline && std::chrono::steady_clock::now() >= *deadline)
        halted = Halt::OutOfTime;
    }
    return halted != Halt::None;
  }

  // Counts the node; true when the search must halt.
  bool tick() {
    if (halt()) return true;
    if ((++nodes & 1023) || !opt.progress) return false;
    const auto now = std::chrono::steady_clock::now();
    if (now - last_report < std::chrono::seconds(1)) return false;
    last_report = now;
    opt.progress(nodes, solved());
    return false;
  }

  bool maximising(const PlacementState& s) const {
    // One player's score (Singles): cooperative placers both work for it.
    return s.to_move() == Placer::A || (!two_player(s.game) && opt.cooperative);
  }

  // A's value of the full board, fail-soft: High-Low first asks only who
  // wins, which settles the payoff's side of 0 (a win pays at least 1).
  int leaf(const PlacementState& s, int alpha, int beta) {
    CompleteBoards& c = complete(s.game);
    if (traits(s.game).winner_only) {
      const bool wins = c.a_wins(s.board);
      if (opt.winner_only || (wins && beta <= kTicks) || (!wins && alpha >= -kTicks))
        return wins ? kTicks : -kTicks;
    }
    // A window search of the board, in whole points around the window in
    // ticks (a bound beyond it stays a bound).
    const int a = alpha <= -kInf ? -kInf : floor_div(alpha, kTicks);
    const int b = beta >= kInf ? kInf : -floor_div(-beta, kTicks);
    return c.value_within(s.board, a, b) * kTicks;
  }

  // Below a search told to stop (depth 0: `moves` and the line at depth 0
  // ask for children all the same) the children are estimated too, never
  // searched to the end.
  static int next_depth(int depth) { return depth < 0 ? -1 : std::max(depth - 1, 0); }
  // The colour choice counts as a placement, but a search told to stop at
  // once still needs A's colours to estimate anything.
  static int choice_depth(int depth) { return depth < 0 ? -1 : std::max(depth - 1, 0); }

  // A state ready to search: its depth (exact near the end), and for boards
  // kept in a table their key and the relabelling that gives it.
  struct Node {
    PlacementState s;
    int depth = -1;
    bool tabled = false;
    BoardKey key;
    const Relabel* relabel = nullptr;
    std::optional<SquareImages> images;  // of tabled nodes
  };

  Node node(const PlacementState& s, int depth) {
    return node(s, depth, [&] { return SquareImages::of(s.board); });
  }
  // The child of n by placement m: its images follow from n's.
  Node child(const Node& n, const PlacementMove& m, int depth) {
    return node(play(n.s, m), depth, [&] {
      return n.images ? n.images->placed(m.pawn, m.circle) : SquareImages::of(play(n.s, m).board);
    });
  }
  template <class Images>
  Node node(const PlacementState& s, int depth, const Images& images) {
    Node n;
    n.s = s;
    n.depth = depth;
    if (s.choosing_colours() || s.pawns_left() == 0) return n;
    if (depth >= 0 && s.pawns_left() <= exact_tail) n.depth = -1;
    if (s.pawns_left() < 2) return n;  // the last placement is forced
    const auto& rs = relabellings_keeping(s.a_colours);
    size_t which = 0;
    n.images = images();
    n.key = canonical_key(
        *n.images, rs, static_cast<uint16_t>(s.a_colours | static_cast<int>(s.game) << 4), &which);
    n.relabel = &rs[which];
    n.tabled = true;
    return n;
  }

  Table& table_for(const Node& n) { return n.depth < 0 ? exact_table : limited_table; }

  // The estimate of a board beyond the search: shared completions fitted
  // to the board as the search reached it, or the board's own from its
  // canonical form, so that every image of a board gets the same.
  CompletionMean completions(const Node& n) {
    const uint64_t seed = opt.seed * 0x9E3779B97F4A7C15ull;
    const auto poll = [this] { halt(); };
    // Shared: the board as reached, the search's seed; own: the canonical
    // form, its key in the seed.
    const bool shared = opt.shared_completions && !plain_estimates;
    PlacementState s = n.s;
    if (!shared) s.board = relabel(n.s.board, *n.relabel);
    const uint64_t from = shared ? seed : board_key_bits(n.key) ^ seed;
    if (opt.lookahead_group > 0 && !plain_estimates && !opt.winner_only && !s.choosing_colours()) {
      const bool next_max = s.to_move() == Placer::A || opt.cooperative;
      return lookahead_of_completions(s, complete(s.game), opt.samples, from, shared, next_max,
                                      opt.lookahead_group, poll);
    }
    if (shared)
      return mean_of_shared_completions(s, complete(s.game), opt.samples, from, opt.winner_only,
                                        poll);
    return mean_of_random_completions(s, complete(s.game), opt.samples, from, opt.winner_only,
                                      poll);
  }
  // The mean, corrected against the side that placed last (leaf_bias.h)
  // unless the plain mean is asked for.
  int estimate(const Node& n) {
    if (opt.value_net && !plain_estimates && opt.value_net->covers(n.s))
      return static_cast<int>(std::lround(opt.value_net->value(n.s) * kTicks));
    double mean = completions(n).mean;
    if (opt.leaf_correction && !plain_estimates && !opt.winner_only) {
      const int m = n.s.pawns_left();
      mean -= opt.leaf_errors ? (*opt.leaf_errors)[static_cast<size_t>(m)]
                              : plain_estimate_error(n.s.game, m, opt.samples);
    }
    return static_cast<int>(std::lround(mean * kTicks));
  }
  bool plain_estimates = false;  // set while the exact search's first guess is estimated

  // With a table limit: the positions with the fewest pawns left forgotten,
  // one number of pawns left at a time, until at most half the limit is
  // left; the complete boards all at once. Whole classes go, never "the
  // first so many": the table's order is not the same from run to run, the
  // search's answers and certificates must be. Called where the search
  // holds no entry of either (a node's start).
  void keep_within_limit(Game g) {
    if (opt.table_limit == 0) return;
    complete(g).forget_if_over(opt.table_limit);
    for (Table* t : {&exact_table, &limited_table}) {
      if (t->size() <= opt.table_limit) continue;
      for (int left = 2; t->size() > opt.table_limit / 2 && left <= kPawns; ++left)
        forget_pawns_left(*t, left);
    }
  }

  static bool is_best(const Bounds& e, const PlacementMove& m, const Relabel& r) {
    return e.has_best && relabel_pawn(m.pawn, r) == e.best.pawn &&
           relabel_circle(m.circle, r) == e.best.circle;
  }

  // What is known of n's value without searching.
  Bounds peek(const Node& n) {
    if (n.tabled) {
      const Table& t = table_for(n);
      const auto it = t.find(n.key);
      return it == t.end() ? Bounds{} : it->second;
    }
    if (n.s.choosing_colours() || n.s.pawns_left() > 1) return {};
    Board full = n.s.board;
    if (n.s.pawns_left() == 1) {
      const PlacementMove m = placement_moves(n.s).front();
      full.place(m.pawn, m.circle);
    }
    Bounds b;
    const CompleteBoards::Known k = complete(n.s.game).known(full);
    if (k.value && !opt.winner_only) {
      b.lower = b.upper = *k.value * kTicks;
    } else if (!traits(n.s.game).winner_only) {
      // Bounds from window searches (wide when none).
      if (k.lower > -CompleteBoards::kUnbounded) b.lower = k.lower * kTicks;
      if (k.upper < CompleteBoards::kUnbounded) b.upper = k.upper * kTicks;
    } else if (const auto w = k.a_wins) {
      if (*w)
        b.lower = kTicks;
      else
        b.upper = -kTicks;
      if (opt.winner_only) {
        b.lower = b.upper = *w ? kTicks : -kTicks;
      } else {
        // And the bounds threshold questions proved.
        if (k.lower > -CompleteBoards::kUnbounded) b.lower = std::max(b.lower, k.lower * kTicks);
        if (k.upper < CompleteBoards::kUnbounded) b.upper = std::min(b.upper, k.upper * kTicks);
      }
    }
    return b;
  }

  // Stores what a search of n in (a0, b0) found: its bound and best move.
  static int store_bounds(Bounds& e, const Node& n, int a0, int b0, int best,
                          const PlacementMove& best_move) {
    if (best <= a0)
      e.upper = std::min(e.upper, best);
    else if (best >= b0)
      e.lower = std::max(e.lower, best);
    else
      e.lower = e.upper = best;
    e.has_best = true;
    e.best = PlacementMove::place(relabel_pawn(best_move.pawn, *n.relabel),
                                  relabel_circle(best_move.circle, *n.relabel));
    return best;
  }

  struct Child {
    PlacementMove move;
    Node node;
    int rank;
    int64_t weight;  // within a rank, larger first
  };

  // The children of n with what the tables know of them: a child known to
  // cut off settles the node at once (enhanced transposition cut-off: its
  // bound and move are returned); the others go to `children` to be
  // searched the table's best first, then the killers, then those known to
  // be good, then those the estimated first guess valued, best first, then
  // by the history of cut-offs, and those known to be no better than what
  // the node already has last.
  std::optional<std::pair<int, PlacementMove>> order_children(const Node& n, const Bounds& known,
                                                              int a0, int b0,
                                                              std::vector<Child>& children) {
    const PlacementState& s = n.s;
    const bool max_node = maximising(s);
    const auto& killer = killers[s.pawns_left()];
    for (const PlacementMove& m : placement_moves(s)) {
      Child c{m, child(n, m, next_depth(n.depth)), 3, history[m.pawn][m.circle]};
      const Bounds k = peek(c.node);
      if (max_node && k.lower >= b0) return std::pair{k.lower, m};
      if (!max_node && k.upper <= a0) return std::pair{k.upper, m};
      if (is_best(known, m, *n.relabel)) {
        c.rank = 0;
      } else if (m == killer[0] || m == killer[1]) {
        c.rank = 1;
        c.weight = m == killer[0];
      } else if (max_node ? k.lower > a0 : k.upper < b0) {
        c.rank = 2;
        c.weight = max_node ? k.lower : -int64_t{k.upper};
      } else if (max_node ? k.upper <= a0 : k.lower >= b0) {
        c.rank = 4;
      } else if (const auto e = estimated(c.node)) {
        c.weight = (max_node ? *e : -*e) + (int64_t{1} << 40);
      }
      children.push_back(c);
    }
    stable_sort_by(children, [](const Child& c) { return SortKey{c.rank, -c.weight}; });
    return std::nullopt;
  }

  // The estimate of an exact node's value, where the estimated first guess
  // searched it (the children of the root and of its children). Without
  // it, B's refutation of A's first test at the root of a Doubles position
  // 11 left was the 46th placement tried; with it, 73 s became 53 s.
  std::optional<int> estimated(const Node& n) const {
    if (n.depth >= 0 || !n.tabled || limited_table.empty()) return std::nullopt;
    const auto it = limited_table.find(n.key);
    if (it == limited_table.end() || it->second.lower != it->second.upper) return std::nullopt;
    return it->second.lower;
  }

  // A's value of n, fail-soft in (alpha, beta): exact when n.depth < 0,
  // otherwise with the boards n.depth placements on estimated.
  int search(const Node& n, int alpha, int beta) {
    if (tick()) return 0;
    const PlacementState& s = n.s;
    if (s.pawns_left() == 0) return leaf(s, alpha, beta);
    if (s.choosing_colours()) {
      int best = -kInf;
      for (Colours cs : {kWithBlack, kWithoutBlack}) {
        best = std::max(best, search(node(play(s, PlacementMove::take(cs)), choice_depth(n.depth)),
                                     std::max(alpha, best), beta));
        if (halted != Halt::None) return 0;
        if (best >= beta) break;
      }
      return best;
    }
    if (!n.tabled)  // one pawn, one circle: nothing to choose
      return search(node(play(s, placement_moves(s).front()), next_depth(n.depth)), alpha, beta);

    keep_within_limit(n.s.game);
    Table& table = table_for(n);
    Bounds known;
    if (auto it = table.find(n.key); it != table.end()) known = it->second;
    if (known.lower >= beta) return known.lower;
    if (known.upper <= alpha) return known.upper;
    if (known.lower == known.upper) return known.lower;
    if (n.depth == 0) {
      const int v = estimate(n);
      if (halted != Halt::None) return 0;
      Bounds& e = table[n.key];
      e.lower = e.upper = v;
      return v;
    }
    const int a0 = std::max(alpha, known.lower), b0 = std::min(beta, known.upper);
    const bool max_node = maximising(s);
    const auto store = [&](int best, const PlacementMove& best_move) {
      return store_bounds(table[n.key], n, a0, b0, best, best_move);
    };

    std::vector<Child> children;
    if (const auto cut = order_children(n, known, a0, b0, children))
      return store(cut->first, cut->second);
    int a = a0, b = b0;
    int best = max_node ? -kInf : kInf;
    PlacementMove best_move = children.front().move;
    for (const Child& c : children) {
      const int v = search(c.node, a, b);
      if (halted != Halt::None) return 0;
      if (max_node ? v > best : v < best) {
        best = v;
        best_move = c.move;
      }
      if (max_node)
        a = std::max(a, best);
      else
        b = std::min(b, best);
      if (a >= b) {
        history[c.move.pawn][c.move.circle] +=
            static_cast<uint32_t>(s.pawns_left() * s.pawns_left());
        auto& killer = killers[s.pawns_left()];
        if (!(c.move == killer[0])) killer = {c.move, killer[0]};
        break;
      }
    }
    return store(best, best_move);
  }

  int search(const PlacementState& s, int alpha, int beta, int depth) {
    return search(node(s, depth), alpha, beta);
  }

  // The full-window value of s. High-Low first settles who wins, with a
  // window that every board answers by its winner alone, and then needs
  // payoffs only on the winning side. With `estimate_first`, MTD(f) starts
  // from estimated_guess().
  int value(const PlacementState& s, int depth, bool estimate_first = false) {
    // Kept in the solver: what a stopped search has proven of A's value.
    int& lower = proven_lower;
    int& upper = proven_upper;
    lower = -kInf, upper = kInf;
    if (traits(s.game).winner_only) {
      const int r = search(s, -kTicks, kTicks, depth);
      if (halted != Halt::None) return 0;
      if (opt.winner_only || (r > -kTicks && r < kTicks)) return r;  // or an estimate
      if (r >= kTicks)
        lower = r;
      else
        upper = r;
    }
    // MTD(f): null-window tests from a first guess; in High-Low each is
    // answered with payoffs of the winning side only.
    const int side = lower > -kInf ? lower : upper;
    const std::optional<int> estimated = estimate_first ? estimated_guess(s, side) : std::nullopt;
    int g = estimated ? *estimated : guess(s, depth, side);
    if (halted != Halt::None) return 0;
    while (lower < upper) {
      const int beta = g == lower ? g + 1 : g;
      g = search(s, beta - 1, beta, depth);
      if (halted != Halt::None) return 0;
      if (g < beta)
        upper = g;
      else
        lower = g;
    }
    return g;
  }

  // A first guess for a big exact search: the estimate two placements deep
  // (High-Low: if it is on the side of 0 that r, the winner's bound, says).
  // Its search also orders the history and the killers for the top of the
  // tree. From 11 pawns left (opt.estimated_guess_from) it costs a few
  // percent of the exact search and saves more; below, it costs more than
  // it saves. The estimate favours whoever places last before its random
  // completions, here the mover's opponent (by 0.1-3.9 points, 2.6 on
  // average, on six Doubles positions 11 left; 3.9-9.1 in Singles), so
  // the guess moves back towards the mover: 2 points in Doubles, whose
  // margins are even, so that the first test lands on the value or the
  // step above it; 3 elsewhere (docs/placement.md).
  // Its samples are fixed, so that an exact search (its node counts) does
  // not depend on the engine's samples.
  std::optional<int> estimated_guess(const PlacementState& s, int r) {
    constexpr int kGuessSamples = 16;
    static constexpr PerGame<int> kBias = {3, 3, 2, 3};
    const int bias = for_game(s.game, kBias) * kTicks;
    const int samples = opt.samples;
    set_samples(kGuessSamples);
    plain_estimates = true;
    const int e = search(s, -kInf, kInf, 2) + (s.to_move() == Placer::A ? bias : -bias);
    plain_estimates = false;
    set_samples(samples);
    if (halted != Halt::None || (traits(s.game).winner_only && (e > 0) != (r > 0)))
      return std::nullopt;
    return e;
  }

  // A first guess at A's value: the board the table's (or the history's)
  // best placements lead to, or the estimate where the search stops.
  // High-Low: on the side of 0 that r, the winner's bound, says.
  int guess(PlacementState s, int depth, int r) {
    while (s.pawns_left() > 0) {
      if (depth >= 0 && s.pawns_left() <= exact_tail) depth = -1;
      if (depth == 0 && !s.choosing_colours()) {
        const int e = search(s, -kInf, kInf, 0);
        if (halted != Halt::None) return 0;
        return !traits(s.game).winner_only || (e > 0) == (r > 0) ? e : r;
      }
      const int next = s.choosing_colours() ? choice_depth(depth) : next_depth(depth);
      s = play(s, line_moves(s, depth).front());
      depth = next;
    }
    const int v = complete(s.game).value(s.board) * kTicks;
    return !traits(s.game).winner_only || (v > 0) == (r > 0) ? v : r;
  }

  // The value of s for whoever the game's value is reported for.
  static int reported(const PlacementState& s, Placer mover, int a_value) {
    // (Singles: A's score whoever places, games/game.h's valued_side.)
    return two_player(s.game) && mover == Placer::B ? -a_value : a_value;
  }

  // Moves of s for the principal line: the table's best first.
  std::vector<PlacementMove> line_moves(const PlacementState& s, int depth) {
    if (s.choosing_colours())
      return {PlacementMove::take(kWithBlack), PlacementMove::take(kWithoutBlack)};
    std::vector<PlacementMove> ms = placement_moves(s);
    const Node n = node(s, depth);
    if (!n.tabled) return ms;
    const Bounds e = peek(n);
    for (size_t i = 0; i < ms.size(); ++i)
      if (is_best(e, ms[i], *n.relabel)) {
        std::rotate(ms.begin(), ms.begin() + static_cast<long>(i),
                    ms.begin() + static_cast<long>(i) + 1);
        break;
      }
    return ms;
  }

  // Follows the best placements from s (A's value v) as far as the search
  // went: to the full board, or to the boards it estimated.
  PlacementState principal_line(const PlacementState& from, int v, int depth,
                                PlacementSolution& out) {
    int child_depth = depth;
    const auto moves = [&](const PlacementState& s) -> std::vector<PlacementMove> {
      if (s.pawns_left() == 0) return {};
      if (depth >= 0 && s.pawns_left() <= exact_tail) depth = -1;
      if (depth == 0 && !s.choosing_colours()) return {};  // the search estimated from here
      child_depth = s.choosing_colours() ? choice_depth(depth) : next_depth(depth);
      return line_moves(s, depth);
    };
    const auto keeps = [&](const PlacementState&, const PlacementMove&, const PlacementState& t) {
      return search(t, v - 1, v + 1, child_depth) == v;
    };
    const auto take = [&](const PlacementState& s, const PlacementMove& m, const PlacementState&) {
      out.line.push_back(m);
      out.line_text.push_back(placement_text(s, m));
      depth = child_depth;
    };
    // A lost line cannot happen (some move keeps the value); it stops there.
    const auto play_move = [](const PlacementState& s, const PlacementMove& m) {
      return play(s, m);
    };
    const PlacementState end = follow_principal_line(from, moves, play_move, keeps, take).first;
    if (end.pawns_left() == 0) {
      out.final_board = end.board;
      out.game_line = complete(end.game).solve(end.board).line_text;
    }
    return end;
  }

  // The placement a stopped search stands by at s: the tables' best where
  // a search of s has finished, else the one it tries first (where it was
  // looking). A's colour choice: the colours whose side has the better
  // proven lower bound, else those searched first.
  PlacementMove best_so_far(const PlacementState& s, int depth) {
    if (s.choosing_colours()) {
      PlacementMove pick = PlacementMove::take(kWithBlack);
      int best = -kInf;
      for (Colours cs : {kWithBlack, kWithoutBlack}) {
        const PlacementMove m = PlacementMove::take(cs);
        const Bounds b = peek(node(play(s, m), choice_depth(depth)));
        if (b.lower > best) pick = m, best = b.lower;
      }
      return pick;
    }
    return line_moves(s, depth).front();
  }

  // What a stopped solve() of `from` can still say: the line it stood by
  // and the bounds value() had proven.
  PlacementInterrupted interrupted(const PlacementState& from, int depth, uint64_t nodes0,
                                   uint64_t solved0) {
    PlacementInterrupted out;
    PlacementSolution& so = out.so_far;
    so.exact = false;
    so.nodes = nodes - nodes0;
    so.boards_solved = solved() - solved0;
    PlacementState s = from;
    while (s.pawns_left() > 0) {
      if (depth >= 0 && s.pawns_left() <= exact_tail) depth = -1;
      if (depth == 0 && !s.choosing_colours()) break;  // estimated from here
      const PlacementMove m = best_so_far(s, depth);
      so.line.push_back(m);
      so.line_text.push_back(placement_text(s, m));
      depth = s.choosing_colours() ? choice_depth(depth) : next_depth(depth);
      s = play(s, m);
    }
    if (s.pawns_left() == 0) so.final_board = s.board;
    // A's bounds, turned to the reported side (which may swap them).
    const Placer mover = from.to_move();
    if (proven_lower > -kInf) out.at_least = reported(from, mover, proven_lower) / double(kTicks);
    if (proven_upper < kInf) out.at_most = reported(from, mover, proven_upper) / double(kTicks);
    if (reported(from, mover, 1) < 0) std::swap(out.at_least, out.at_most);
    return out;
  }

  // Every move of s with its value, searched `depth` placements deep in
  // all (< 0: exact), best for the mover first. A's colour choice is
  // searched as its representative: the three with black, and the three
  // without, are worth the same.
  std::vector<PlacementMoveValue> move_values(const PlacementState& s, int depth) {
    const Placer mover = s.to_move();
    std::vector<PlacementMoveValue> out;
    for (const PlacementMove& mv : placement_moves(s)) {
      const PlacementMove searched =
          mv.is_choice() ? PlacementMove::take(representative(mv.colours)) : mv;
      const int v =
          value(play(s, searched), mv.is_choice() ? choice_depth(depth) : next_depth(depth));
      const int mine = reported(s, mover, v);
      PlacementMoveValue r{mv, placement_text(s, mv), static_cast<double>(mine) / kTicks, {}};
      if (traits(s.game).winner_only) r.wins = mine > 0;
      out.push_back(r);
    }
    // Best first for the mover; in Singles B (unless cooperative) wants A's
    // score low.
    const bool ascending = !two_player(s.game) && !maximising(s);
    stable_sort_by(out, [&](const PlacementMoveValue& m) {
      const auto ticks = static_cast<int64_t>(std::llround(m.value * kTicks));
      return SortKey{ascending ? ticks : -ticks};
    });
    return out;
  }

  // A's value of a move of s worth `reported_value` to the mover.
  static int a_value(const PlacementState& s, double reported_value) {
    return reported(s, s.to_move(), static_cast<int>(std::lround(reported_value * kTicks)));
  }

  // One search `depth` placements deep (< 0: exact; a root is searched at
  // least one placement deep, so that its value is its best move's).
  PlacementAnswer answer(const PlacementState& s, int depth, bool with_moves) {
    limited_table.clear();  // its entries hold for one root depth
    if (depth == 0) depth = 1;
    const uint64_t nodes0 = nodes, solved0 = solved(), payoffs0 = payoffs();
    PlacementAnswer out;
    PlacementSolution& sol = out.solution;
    sol.exact = depth < 0;
    sol.depth = depth;
    sol.samples = sol.exact ? 0 : opt.samples;
    PlacementState end;
    if (with_moves) {
      out.moves = move_values(s, depth);
      const PlacementMoveValue& best = out.moves.front();
      sol.value = best.value;
      // The line goes on from the best move (a colour choice's representative).
      const PlacementMove first = best.move.is_choice()
                                      ? PlacementMove::take(representative(best.move.colours))
                                      : best.move;
      sol.line.push_back(first);
      sol.line_text.push_back(placement_text(s, first));
      const PlacementState child = play(s, first);
      const int child_depth = first.is_choice() ? choice_depth(depth) : next_depth(depth);
      // (A full board ends the line there, with the game played on it.)
      end = principal_line(child, a_value(s, best.value), child_depth, sol);
    } else {
      const int v = value(s, depth, depth < 0 && s.pawns_left() >= opt.estimated_guess_from);
      sol.value = static_cast<double>(reported(s, s.to_move(), v)) / kTicks;
      end = principal_line(s, v, depth, sol);
    }
    if (traits(s.game).winner_only) sol.to_move_wins = sol.value > 0;
    sol.learned = !sol.exact && opt.value_net && opt.value_net->covers(end);
    if (sol.learned)
      sol.error = opt.value_net->error_at(end.pawns_left());
    else if (!sol.exact && end.pawns_left() > 0)
      sol.std_error = std_error_at(end);
    if (!sol.exact && !sol.learned && opt.leaf_correction && !opt.winner_only && !opt.leaf_errors)
      sol.error = estimate_error(s.game, end.pawns_left());
    sol.nodes = nodes - nodes0;
    sol.boards_solved = solved() - solved0;
    sol.payoffs = payoffs() - payoffs0;
    return out;
  }

  // The standard error of the estimate of the board where a line stops.
  double std_error_at(const PlacementState& end) {
    const Node n = node(end, 0);
    if (!n.tabled) return 0;
    // In hundredths, as the estimates are.
    return std::round(completions(n).std_error * kTicks) / kTicks;
  }

  // A depth a budgeted search passes over: with a learned evaluation (and
  // PlacementOptions::odd_leaves), one whose boards have A to place.
  bool skipped_depth(const PlacementState& s, int d) const {
    const bool net = opt.value_net && opt.value_net->game == s.game;
    return net && opt.odd_leaves && ends_where_a_places(s, d);
  }

  // Deepens one placement at a time while the budget lasts; the deepest
  // search that finished answers. The first round (one placement deep,
  // two samples) finishes whatever it takes, so that something answers;
  // each round's estimates are corrected for its samples (leaf_bias.h).
  // Halted by a Ctrl-C: nothing (analyse() says what was known).
  PlacementAnswer deepening(const PlacementState& s, bool with_moves) {
    const auto until = std::chrono::steady_clock::now() + opt.budget;
    const int last = plies_left(s);  // this deep, the search is exact
    const int most = opt.depth > 0 ? std::min(opt.depth, last) : last;
    const int samples = opt.samples;
    const uint64_t nodes0 = nodes, solved0 = solved(), payoffs0 = payoffs();
    std::vector<std::pair<int, int>> rounds;  // (depth, samples)
    // One placement deep with fewer samples first: an answer soon, and one
    // with 16 where a slower machine cannot finish the engine's 64 (the
    // complete boards of the first k samples are solved already).
    // With a learned evaluation: from the first depth whose boards it
    // values, unless that is too deep for a first round (then the boards
    // beyond its reach are estimated by random completions, as without it).
    int from = 1;
    if (opt.value_net && opt.value_net->game == s.game) {
      from = std::clamp(s.pawns_left() - opt.value_net->max_left, 1, most);
      if (from > kNetFirstDepth) from = 1;
    }
    if (last > 1 && from == 1 && !skipped_depth(s, 1))
      for (int k : {2, 16})
        if (k < samples) rounds.push_back({1, k});
    for (int d = from; d <= most; ++d)
      if (!skipped_depth(s, d) || (d == most && rounds.empty())) rounds.push_back({d, samples});
    std::optional<PlacementAnswer> best;
    bool spent = false;
    for (const auto& [d, k] : rounds) {
      opt.samples = k;
      if (best) deadline = until;
      PlacementAnswer a = answer(s, d >= last ? -1 : d, with_moves);
      if (halted != Halt::None) {
        spent = halted == Halt::OutOfTime;
        break;
      }
      best = std::move(a);
      if (d >= last) break;
    }
    opt.samples = samples;
    deadline.reset();
    if (halted == Halt::Stopped) return {};
    halted = Halt::None;
    PlacementSolution& sol = best->solution;
    sol.budget_spent = spent || std::chrono::steady_clock::now() > until;
    // The work of every round, the unfinished one included.
    sol.nodes = nodes - nodes0;
    sol.boards_solved = solved() - solved0;
    sol.payoffs = payoffs() - payoffs0;
    return *best;
  }
};

PlacementSolver::PlacementSolver(PlacementOptions options)
    : impl_(std::make_unique<Impl>(std::move(options))) {}
PlacementSolver::~PlacementSolver() = default;

bool PlacementSolver::exact_for(const PlacementState& s) const {
  return impl_->opt.depth < 0 || impl_->opt.depth >= plies_left(s);
}

PlacementAnswer PlacementSolver::analyse(const PlacementState& s, bool with_moves) {
  Impl& m = *impl_;
  if (s.pawns_left() == 0) return {};
  const int depth = exact_for(s) ? -1 : m.opt.depth;
  const uint64_t nodes0 = m.nodes, solved0 = m.solved();
  m.halted = Impl::Halt::None;
  PlacementAnswer a =
      m.opt.budget.count() > 0 ? m.deepening(s, with_moves) : m.answer(s, depth, with_moves);
  if (m.halted == Impl::Halt::Stopped) {
    m.deadline.reset();
    m.halted = Impl::Halt::None;
    throw m.interrupted(s, depth, nodes0, solved0);
  }
  return a;
}

std::optional<PlacementMove> PlacementSolver::winning_placement(const PlacementState& s) {
  Impl& m = *impl_;
  const bool a_moves = s.to_move() == Placer::A;
  m.halted = Impl::Halt::None;
  // The table's best first: after a solve() it is almost always the one.
  for (const PlacementMove& mv : m.line_moves(s, -1)) {
    // Winner-only values are +-1 point: a null window around 0 settles them.
    const int v = m.search(play(s, mv), -1, 1, -1);
    if (m.halted != Impl::Halt::None) {
      m.halted = Impl::Halt::None;
      throw PlacementInterrupted{};
    }
    if ((v > 0) == a_moves) return mv;
  }
  return std::nullopt;
}

PlacementSolution PlacementSolver::solve(const PlacementState& s) {
  return analyse(s, false).solution;
}

std::vector<PlacementMoveValue> PlacementSolver::moves(const PlacementState& s) {
  return analyse(s, true).moves;
}

void PlacementSolver::set_oracle(const Oracle* oracle) {
  impl_->oracle = oracle;
  for (auto& b : impl_->boards)
    if (b) b->set_oracle(oracle);
}

uint64_t PlacementSolver::nodes() const { return impl_->nodes; }
uint64_t PlacementSolver::boards_solved() const { return impl_->solved(); }

}  // namespace scarney
