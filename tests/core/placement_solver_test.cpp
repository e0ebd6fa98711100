// The placement solver against a plain minimax over every order of
// placements, the value conventions of each game, and the depth-limited
// search.
#include "placement/placement_solver.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <climits>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <map>

#include "board/symmetry.h"
#include "games/deal.h"
#include "games/rules.h"
#include "placement/estimate_error.h"
#include "placement/leaf_bias.h"
#include "placement/placement_symmetry.h"
#include "placement/random_placement.h"
#include "placement/value_net.h"
#include "sanitizers.h"
#include "search/solver.h"
#include "test_util.h"

using namespace scarney;

namespace {

// A plain minimax over placements, no table, no symmetry, no pruning:
// A's value (Singles: A's score; Doubles: A's margin; High-Low: A's payoff).
struct Reference {
  Game game;
  bool cooperative = false;
  Solver solver;
  std::map<std::pair<uint64_t, Mask>, int> leaves;

  explicit Reference(Game g, bool coop = false) : game(g), cooperative(coop) {}

  int leaf(const Board& b) {
    const auto key = std::make_pair(b.pawn_nibbles(), b.occupied());
    if (auto it = leaves.find(key); it != leaves.end()) return it->second;
    const int v = solver.value(deal_position(game, b));
    // Doubles: the value is the margin of the side to move, B.
    return leaves[key] = game == Game::Doubles ? -v : v;
  }

  int value(const PlacementState& s) {
    if (s.pawns_left() == 0) return leaf(s.board);
    const bool max = s.to_move() == Placer::A || (game == Game::Singles && cooperative);
    int best = max ? INT_MIN : INT_MAX;
    for (const PlacementMove& m : placement_moves(s)) {
      const int v = value(play(s, m));
      best = max ? std::max(best, v) : std::min(best, v);
    }
    return best;
  }
};

// A random placement position of game g with `left` pawns still to place.
PlacementState random_state(SplitMix64& rng, Game g, int left) {
  PlacementState s;
  s.game = g;
  auto choices = placement_moves(s);
  s = play(s, choices[rng.below(choices.size())]);
  while (s.pawns_left() > left) {
    const auto ms = placement_moves(s);
    s = play(s, ms[rng.below(ms.size())]);
  }
  return s;
}

// The solver's value turned back into A's value.
int a_value(const PlacementState& s, double reported) {
  const int v = static_cast<int>(reported);
  return s.game == Game::Singles || s.to_move() == Placer::A ? v : -v;
}

}  // namespace

TEST_CASE("placement: exact values agree with a plain minimax over placements",
          "[placement][cross-check]") {
  SplitMix64 rng(2024);
  for (Game g : {Game::Singles, Game::Doubles, Game::HighLow}) {
    Reference ref(g);
    PlacementSolver solver;
    for (int left = 1; left <= 4; ++left)
      // High-Low's payoffs are the slow boards: fewer of its positions.
      for (int i = 0; i < (g == Game::HighLow ? 1 : left == 4 ? 2 : 3); ++i) {
        const PlacementState s = random_state(rng, g, left);
        INFO(game_name(g) << " " << placement_line(s.board) << " hands " << hands_text(s));
        const PlacementSolution r = solver.solve(s);
        REQUIRE(r.exact);
        const int want = ref.value(s);
        CHECK(a_value(s, r.value) == want);
        CHECK(r.value == static_cast<int>(r.value));
        // The line is legal, fills the board, and ends on a board worth the value.
        PlacementState t = s;
        for (const PlacementMove& m : r.line) {
          const auto ms = placement_moves(t);
          REQUIRE(std::find(ms.begin(), ms.end(), m) != ms.end());
          t = play(t, m);
        }
        REQUIRE(r.final_board);
        CHECK(t.board == *r.final_board);
        CHECK(ref.leaf(t.board) == want);
        CHECK(r.line.size() == static_cast<size_t>(left));
        CHECK_FALSE(r.game_line.empty());
        if (g == Game::HighLow) CHECK(*r.to_move_wins == (r.value > 0));
      }
  }
}

TEST_CASE("placement: every move's value agrees with the plain minimax",
          "[placement][cross-check]") {
  SplitMix64 rng(77);
  for (Game g : {Game::Singles, Game::Doubles, Game::HighLow}) {
    Reference ref(g);
    PlacementSolver solver;
    const PlacementState s = random_state(rng, g, 3);  // B places: 2 pawns x 3 circles
    const auto ms = solver.moves(s);
    REQUIRE(ms.size() == 6);
    for (const auto& m : ms) {
      const int a = ref.value(play(s, m.move));
      // Singles values stay A's score; the others are the mover's (B's).
      CHECK(static_cast<int>(m.value) == (g == Game::Singles ? a : -a));
      if (g == Game::HighLow) CHECK(*m.wins == (m.value > 0));
    }
    // Best for the mover first: B keeps A's Singles score low, and wants
    // his own margin or payoff high.
    for (size_t i = 1; i < ms.size(); ++i) {
      const bool in_order =
          g == Game::Singles ? ms[i - 1].value <= ms[i].value : ms[i - 1].value >= ms[i].value;
      CHECK(in_order);
    }
    CHECK(ms.front().value == solver.solve(s).value);
  }
}

// MTD(f) from the estimate two placements deep (what exact solves do from
// 11 pawns left) against MTD(f) from the board the first placements lead
// to: the same values, and lines that end on boards worth them.
TEST_CASE("placement: an exact solve from an estimated first guess agrees with the plain start",
          "[placement][cross-check]") {
  SplitMix64 rng(1126);
  Solver games;
  for (Game g : {Game::Singles, Game::Doubles, Game::HighLow}) {
    for (int left : {4, 6}) {
      const PlacementState s = random_state(rng, g, left);
      INFO(game_name(g) << " " << placement_line(s.board) << " hands " << hands_text(s));
      PlacementOptions early;
      early.estimated_guess_from = 2;
      PlacementSolver plain, estimated(early);
      const PlacementSolution want = plain.solve(s), got = estimated.solve(s);
      REQUIRE(got.exact);
      CHECK(got.value == want.value);
      REQUIRE(got.final_board);
      const int board_value = games.value(deal_position(g, *got.final_board));
      CHECK(a_value(s, got.value) == (g == Game::Doubles ? -board_value : board_value));
      // The estimate's search is work of its own: it shows in the counts.
      CHECK(got.nodes != want.nodes);
    }
  }
}

namespace {

// The High-Low placement search with threshold questions on the complete
// boards against the same search with their full payoffs (the path before
// the threshold questions): the same values and winners, and a line that
// ends on a board worth the value.
// Positions A wins and positions A loses, alternately: the payoffs of
// boards A loses are asked only when he loses (a loss of the placement
// search's window settles the others), and random positions are mostly A's.
void check_highlow_paths(SplitMix64& rng, int left, int positions) {
  Solver games;
  PlacementOptions full, winner;
  full.full_payoffs = true;
  winner.winner_only = true;
  PlacementSolver who(winner);
  for (int i = 0; i < positions; ++i) {
    PlacementState s = random_state(rng, Game::HighLow, left);
    const auto a_wins = [&](const PlacementState& t) {
      return *who.solve(t).to_move_wins == (t.to_move() == Placer::A);
    };
    for (int tries = 0; tries < 500 && a_wins(s) != (i % 2 == 0); ++tries)
      s = random_state(rng, Game::HighLow, left);
    REQUIRE(a_wins(s) == (i % 2 == 0));
    INFO(placement_line(s.board) << " hands " << hands_text(s));
    PlacementSolver fast, slow(full);
    const PlacementSolution r = fast.solve(s);
    const PlacementSolution want = slow.solve(s);
    REQUIRE(r.exact);
    CHECK(r.value == want.value);
    CHECK(*r.to_move_wins == *want.to_move_wins);
    REQUIRE(r.final_board);
    const int board_value = games.value(deal_position(Game::HighLow, *r.final_board));
    CHECK(a_value(s, r.value) == board_value);
    CHECK(r.line.size() == static_cast<size_t>(left));
  }
}

}  // namespace

TEST_CASE("placement: High-Low threshold questions agree with full payoffs",
          "[placement][highlow][cross-check][long]") {
  SplitMix64 rng(3031);
  for (int left = 1; left <= 6; ++left) check_highlow_paths(rng, left, left < 6 ? 4 : 2);
  // Every move's value, B and A to place.
  for (int left : {3, 4}) {
    const PlacementState s = random_state(rng, Game::HighLow, left);
    PlacementOptions full;
    full.full_payoffs = true;
    PlacementSolver fast, slow(full);
    const auto got = fast.moves(s), want = slow.moves(s);
    REQUIRE(got.size() == want.size());
    // The same values in the same order (ties may list their moves otherwise).
    for (size_t i = 0; i < got.size(); ++i) {
      CHECK(got[i].value == want[i].value);
      CHECK(*got[i].wins == *want[i].wins);
    }
  }
}

// (At 8 left as well until 2026-11-27: one position A wins, 54-101 s of
// CI for a path the positions of 1 to 7 left take already, A's turn at
// 2, 4 and 6.)
TEST_CASE("placement: High-Low threshold questions agree with full payoffs at 7 left",
          "[placement][highlow][cross-check][slow]") {
  SplitMix64 rng(4047);
  check_highlow_paths(rng, 7, 2);  // one A wins, one he loses
}

TEST_CASE("placement: cooperative Singles maximises with both placers",
          "[placement][cross-check]") {
  SplitMix64 rng(5);
  Reference hinder(Game::Singles), help(Game::Singles, true);
  PlacementOptions o;
  o.cooperative = true;
  PlacementSolver cooperative(o), opposed;
  for (int i = 0; i < 3; ++i) {
    const PlacementState s = random_state(rng, Game::Singles, 3);
    const int best = help.value(s), guaranteed = hinder.value(s);
    CHECK(cooperative.solve(s).value == best);
    CHECK(opposed.solve(s).value == guaranteed);
    CHECK(best >= guaranteed);
  }
}

TEST_CASE("placement: High-Low winner only agrees with a plain minimax of who wins",
          "[placement][cross-check]") {
  SplitMix64 rng(41);
  Solver games;
  // Does A win? A plain minimax over placements on the boards' winners.
  std::function<bool(const PlacementState&)> a_wins = [&](const PlacementState& s) {
    if (s.pawns_left() == 0) return games.highlow_wins(deal_position(Game::HighLow, s.board));
    const bool a_moves = s.to_move() == Placer::A;
    for (const PlacementMove& m : placement_moves(s))
      if (a_wins(play(s, m)) == a_moves) return a_moves;
    return !a_moves;
  };
  PlacementOptions o;
  o.winner_only = true;
  PlacementSolver solver(o);
  for (int left = 2; left <= 4; ++left)
    for (int i = 0; i < 3; ++i) {
      const PlacementState s = random_state(rng, Game::HighLow, left);
      const PlacementSolution r = solver.solve(s);
      CHECK(r.exact);
      CHECK(*r.to_move_wins == (a_wins(s) == (s.to_move() == Placer::A)));
      CHECK(std::abs(r.value) == 1);
      REQUIRE(r.final_board);
      // The line ends on a board the side to move wins, if he can win.
      const bool a_wins_line = games.highlow_wins(deal_position(Game::HighLow, *r.final_board));
      CHECK(a_wins_line == a_wins(s));
    }
}

TEST_CASE("placement: the value conventions of each game", "[placement][signs]") {
  SplitMix64 rng(99);
  Solver games;
  PlacementSolver solver;
  SECTION("Singles: A's score, whoever places") {
    const PlacementState s = random_state(rng, Game::Singles, 1);
    REQUIRE(s.to_move() == Placer::B);
    const Board full = play(s, placement_moves(s).front()).board;
    CHECK(solver.solve(s).value == games.value(deal_position(Game::Singles, full)));
  }
  SECTION("Doubles: B placed the 16th pawn and takes off first") {
    const PlacementState s = random_state(rng, Game::Doubles, 1);
    const Board full = play(s, placement_moves(s).front()).board;
    // B is to place and then the nonstarter: the board's Doubles value is his margin.
    CHECK(solver.solve(s).value == games.value(deal_position(Game::Doubles, full)));
    // One placement earlier A is to place: his margin is minus B's.
    const PlacementState a = random_state(rng, Game::Doubles, 2);
    REQUIRE(a.to_move() == Placer::A);
    int best = INT_MIN;
    for (const auto& m : placement_moves(a)) {
      const PlacementState t = play(a, m);
      best = std::max(
          best, -games.value(deal_position(Game::Doubles, play(t, placement_moves(t)[0]).board)));
    }
    CHECK(solver.solve(a).value == best);
  }
  SECTION("High-Low: A removes first; values for the side to place") {
    const PlacementState s = random_state(rng, Game::HighLow, 1);
    const Board full = play(s, placement_moves(s).front()).board;
    const Position g = deal_position(Game::HighLow, full);  // A to remove
    const PlacementSolution r = solver.solve(s);            // B to place
    CHECK(r.value == -games.value(g));
    CHECK(*r.to_move_wins == !games.highlow_wins(g));
  }
}

TEST_CASE("placement: relabelled boards have equal values", "[placement][symmetry]") {
  // Every symmetry of the square with every permutation of red, yellow and
  // green keeps the value of a complete board in each game.
  Solver games;
  const Board b = deal(11, 3);
  for (Game g : {Game::Singles, Game::Doubles, Game::HighLow}) {
    const int v = games.value(deal_position(g, b));
    const auto& all = all_relabellings();
    for (size_t i = 0; i < all.size(); ++i) {
      const Position q = deal_position(g, relabel(b, all[i]));
      // High-Low's payoff is the slow one: who wins on all, the payoff on some.
      if (g == Game::HighLow) REQUIRE(games.highlow_wins(q) == (v > 0));
      if (g != Game::HighLow || i % 7 == 0) REQUIRE(games.value(q) == v);
    }
  }
  // Partial boards: the relabellings that keep A's colours keep the value,
  // and give one canonical key.
  SplitMix64 rng(8);
  PlacementSolver solver;
  for (Game g : {Game::Singles, Game::Doubles}) {
    const PlacementState s = random_state(rng, g, 3);
    const auto rs = relabellings_keeping(s.a_colours);
    REQUIRE(rs.size() == 16);
    const double v = solver.solve(s).value;
    for (size_t i : {size_t{3}, size_t{9}, size_t{14}}) {
      PlacementState t = s;
      t.board = relabel(s.board, rs[i]);
      CHECK(canonical_key(t.board, rs, 0) == canonical_key(s.board, rs, 0));
      CHECK(solver.solve(t).value == v);
    }
  }
}

// The plain way: every relabelling's board made pawn by pawn, the least key
// kept (the first relabelling that gives it).
static BoardKey plain_least_key(const Board& b, const std::vector<Relabel>& rs, uint16_t tag,
                                size_t* which) {
  BoardKey best{~uint64_t{0}, ~uint32_t{0}};
  for (size_t i = 0; i < rs.size(); ++i) {
    const Board image = relabel(b, rs[i]);
    const BoardKey k{image.pawn_nibbles(), image.occupied() | uint32_t{tag} << 16};
    if (k < best) {
      best = k;
      *which = i;
    }
  }
  return best;
}

TEST_CASE("placement: the fast canonical keys are the least image, found the plain way",
          "[placement][symmetry]") {
  SplitMix64 rng(4242);
  const auto& all = all_relabellings();
  for (int i = 0; i < 3000; ++i) {
    const Board b = test::random_board(rng, 1 + static_cast<int>(rng.below(16)));
    // The square's images, swapped nibbles against circle by circle.
    const SquareImages images = SquareImages::of(b);
    for (int s = 0; s < kSymmetries; ++s) {
      REQUIRE(images.nibbles[s] == transform(b, s).pawn_nibbles());
      REQUIRE(images.occupied[s] == transform(b, s).occupied());
    }
    size_t plain_which = 0, which = 0;
    const BoardKey k = canonical_key_all(b);
    REQUIRE(k == plain_least_key(b, all, 0, &plain_which));
    REQUIRE(canonical_key(b, all, 0) == k);
    const auto& keeping = relabellings_keeping(static_cast<Colours>(rng.below(16)));
    const uint16_t tag = static_cast<uint16_t>(rng.below(16));
    REQUIRE(canonical_key(b, keeping, tag, &which) ==
            plain_least_key(b, keeping, tag, &plain_which));
    CHECK(which == plain_which);
    // Every image has the same key, and the first relabelling that makes
    // it is the one a plain search finds.
    const Relabel& r = all[rng.below(all.size())];
    const Board image = relabel(b, r);
    CHECK(canonical_key_all(image) == k);
    const auto first = first_relabelling(b, image, all);
    REQUIRE(first);
    size_t plain_first = 0;
    while (relabel(b, all[plain_first]) != image) ++plain_first;
    CHECK(*first == plain_first);
  }
  CHECK_FALSE(first_relabelling(test::random_board(rng, 5), test::random_board(rng, 6), all));
}

TEST_CASE("placement: the depth-limited search is marked and bounded", "[placement][depth]") {
  SplitMix64 rng(3);
  const PlacementState s = random_state(rng, Game::Singles, 3);
  // Depth 0 counts as 1 (a root's value is its best move's): one placement
  // searched, then one random completion of each board.
  PlacementOptions o;
  o.depth = 0;
  o.samples = 1;
  PlacementSolver estimate(o);
  CHECK_FALSE(estimate.exact_for(s));
  const PlacementSolution r = estimate.solve(s);
  CHECK_FALSE(r.exact);
  CHECK(r.depth == 1);
  CHECK(r.samples == 1);
  REQUIRE(r.line.size() == 1);
  CHECK_FALSE(r.final_board);
  // The value is the value of one completion of the board the line leads to.
  Solver games;
  const PlacementState t = play(s, r.line[0]);
  bool is_a_completion = false;
  for (const auto& m2 : placement_moves(t)) {
    const PlacementState u = play(t, m2);
    const Board full = play(u, placement_moves(u)[0]).board;
    is_a_completion |= games.value(deal_position(Game::Singles, full)) == r.value;
  }
  CHECK(is_a_completion);
  CHECK(PlacementSolver(o).solve(s).value == r.value);  // the same every time
  // Deep enough, the limited search is the exact one.
  o.depth = 3;
  PlacementSolver deep(o);
  CHECK(deep.exact_for(s));
  CHECK(deep.solve(s).exact);
  CHECK(deep.solve(s).value == PlacementSolver().solve(s).value);
}

TEST_CASE("placement: a position's value is its best move's, at every depth",
          "[placement][depth][consistency]") {
  SplitMix64 rng(808);
  for (Game g : {Game::Singles, Game::Doubles, Game::HighLow})
    for (int depth : {-1, 0, 1, 2, 3}) {
      // Exact searches on few pawns; estimates further from the end
      // (High-Low's payoffs are the slow boards: not so deep).
      if (g == Game::HighLow && depth > 1) continue;
      const PlacementState s = random_state(rng, g, depth < 0 ? 4 : 6);
      PlacementOptions o;
      o.depth = depth;
      o.samples = 3;
      INFO(game_name(g) << " depth " << depth << " " << placement_line(s.board) << " hands "
                        << hands_text(s));
      const PlacementAnswer a = PlacementSolver(o).analyse(s, true);
      REQUIRE(!a.moves.empty());
      CHECK(a.solution.value == a.moves.front().value);
      CHECK(a.solution.exact == (depth < 0));
      // The line starts with the best move.
      REQUIRE(!a.solution.line.empty());
      CHECK(a.solution.line.front() == a.moves.front().move);
      // A search without the moves gives the same value and first move.
      const PlacementSolution alone = PlacementSolver(o).solve(s);
      CHECK(alone.value == a.solution.value);
      CHECK(alone.depth == a.solution.depth);
      if (depth >= 0) {
        CHECK(alone.std_error);
        CHECK(*alone.std_error >= 0);
      }
    }
}

TEST_CASE("placement: a time budget deepens and holds", "[placement][depth][budget]") {
  // 14 pawns left: far beyond what a budget of 0.4 s searches to the end.
  const PositionRecord r = test::parse_record(
      "game: doubles\nphase: placement\nplacement: G3 on C1, R1 on C6\n"
      "hands: A=G1 G2 G4 B1 B2 B3 B4 B=R2 R3 R4 Y1 Y2 Y3 Y4\n");
  const PlacementState s = placement_state(r);
  PlacementOptions o;
  o.samples = 4;
  // The tables and networks a process reads once, read first, so that what
  // is timed is the budget (they take 0.1 s under the sanitizers).
  o.budget = std::chrono::milliseconds(1);
  PlacementSolver(o).analyse(s, true);
  o.budget = std::chrono::milliseconds(400);
  const auto t0 = std::chrono::steady_clock::now();
  const PlacementAnswer a = PlacementSolver(o).analyse(s, true);
  const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  // The budget and a tenth; under the sanitizers, whose every step is about
  // three times slower, the part of a round that cannot stop takes longer.
  CHECK(took < 0.44 + (SCARNEY_ASAN ? 0.2 : 0));
  CHECK_FALSE(a.solution.exact);
  CHECK(a.solution.budget_spent);
  CHECK(a.solution.depth >= 1);
  CHECK(a.solution.value == a.moves.front().value);
  // The answer is the one a search of that depth gives without a budget.
  PlacementOptions fixed;
  fixed.samples = a.solution.samples;
  fixed.depth = a.solution.depth;
  const PlacementAnswer same = PlacementSolver(fixed).analyse(s, true);
  CHECK(same.solution.value == a.solution.value);
  CHECK(same.moves.size() == a.moves.size());
  // Near the end the budget is enough to search to the end: exact.
  SplitMix64 rng(5);
  const PlacementState near = random_state(rng, Game::Singles, 4);
  o.budget = std::chrono::seconds(20);
  const PlacementSolution exact = PlacementSolver(o).solve(near);
  CHECK(exact.exact);
  CHECK_FALSE(exact.budget_spent);
  CHECK(exact.value == PlacementSolver().solve(near).value);
}

TEST_CASE("placement: with a learned evaluation a budget stops where B is to place",
          "[placement][depth][budget]") {
  // The networks are off by more where A places (even pawns left): a
  // budgeted search deepens only to depths whose boards have B to place,
  // and the answer is the fixed-depth search of that depth.
  for (Game g : {Game::Singles, Game::Doubles})
    for (int left : {11, 12, 13, 14}) {
      const PlacementState s = random_placement(g, left, 9, 0);
      PlacementOptions o;
      o.value_net = committed_net(g);
      REQUIRE(o.value_net);
      o.budget = std::chrono::milliseconds(150);
      const PlacementAnswer a = PlacementSolver(o).analyse(s, true);
      CAPTURE(game_name(g), left, a.solution.depth);
      REQUIRE_FALSE(a.solution.exact);
      CHECK((left - a.solution.depth) % 2 == 1);
      PlacementOptions fixed = o;
      fixed.budget = std::chrono::milliseconds(0);
      fixed.depth = a.solution.depth;
      CHECK(PlacementSolver(fixed).analyse(s, true).solution.value == a.solution.value);
      // Every depth, as before: the first rounds are one placement deep.
      o.odd_leaves = false;
      o.budget = std::chrono::milliseconds(1);
      CHECK(PlacementSolver(o).analyse(s, true).solution.depth == 1);
    }
}

TEST_CASE("placement: A's choice of colours", "[placement][depth]") {
  PlacementState s;
  s.game = Game::Doubles;
  PlacementOptions o;
  o.depth = 1;
  o.samples = 2;
  PlacementSolver solver(o);
  const auto ms = solver.moves(s);
  REQUIRE(ms.size() == 6);
  // Red, yellow and green are interchangeable: the three choices with black
  // are worth the same, and so are the three without.
  std::map<bool, std::vector<double>> by_black;
  for (const auto& m : ms) {
    CHECK(m.text.rfind("A takes ", 0) == 0);
    by_black[(m.move.colours & 1) != 0].push_back(m.value);
  }
  for (auto& [black, vs] : by_black) {
    REQUIRE(vs.size() == 3);
    CHECK(vs[0] == vs[1]);
    CHECK(vs[1] == vs[2]);
  }
  const PlacementSolution r = solver.solve(s);
  CHECK_FALSE(r.exact);
  REQUIRE(r.line_text.size() == 1);
  CHECK(r.line_text[0].rfind("A takes ", 0) == 0);
  CHECK(r.value == ms.front().value);
}

TEST_CASE("placement: depth 1 estimates every move, never searches to the end",
          "[placement][depth]") {
  // 14 pawns left to place: searched exactly this would take hours; at
  // depth 1 each move's board is estimated by random completions.
  const PositionRecord r = test::parse_record(
      "game: doubles\nphase: placement\nplacement: G3 on C1, R1 on C6\n"
      "hands: A=G1 G2 G4 B1 B2 B3 B4 B=R2 R3 R4 Y1 Y2 Y3 Y4\n");
  PlacementOptions o;
  o.depth = 1;
  o.samples = 2;
  PlacementSolver solver(o);
  const PlacementState s = placement_state(r);
  CHECK_FALSE(solver.exact_for(s));
  const auto moves = solver.moves(s);
  CHECK(moves.size() == placement_moves(s).size());
  CHECK(solver.boards_solved() < 5000);
}

// The leaf correction (placement/leaf_bias.h): each estimated board's value
// is the plain mean of its completions less the error expected of it, in
// A's terms, against the side that placed last: at depth 1 the mover.
TEST_CASE("placement: the leaf correction takes the expected error off each estimate",
          "[placement][depth][leaf-correction]") {
  SplitMix64 rng(77);
  for (Game g : {Game::Singles, Game::Doubles, Game::HighLow})
    for (int left : {9, 10}) {
      const PlacementState s = random_state(rng, g, left);
      const bool a_places = s.to_move() == Placer::A;
      const double error = plain_estimate_error(g, left - 1, 4);
      INFO(game_name(g) << " " << left << " left, expected error " << error);
      // The fitted games have a correction there.
      CHECK(error != 0);
      PlacementOptions o;
      o.depth = 1;
      o.samples = 4;
      PlacementOptions plain_o = o;
      plain_o.leaf_correction = false;
      PlacementSolver corrected(o), plain(plain_o);
      const auto with = corrected.moves(s), without = plain.moves(s);
      REQUIRE(with.size() == without.size());
      for (const PlacementMoveValue& m : without) {
        const auto it = std::find_if(with.begin(), with.end(),
                                     [&](const PlacementMoveValue& x) { return x.move == m.move; });
        REQUIRE(it != with.end());
        // The mover's value: A's in Singles, else turned for B.
        const double a_without = g == Game::Singles || a_places ? m.value : -m.value;
        const double a_with = g == Game::Singles || a_places ? it->value : -it->value;
        CHECK(a_with == Approx(a_without - error).margin(0.011));
      }
    }
}

// The measured error beside an estimate (placement/estimate_error.h): that
// of the boards where its line stops; none for the plain mean, which the
// table does not measure, nor for an exact answer.
TEST_CASE("placement: an estimate carries the measured error of its leaves",
          "[placement][depth][leaf-correction]") {
  for (Game g : {Game::Singles, Game::Doubles, Game::HighLow}) {
    CHECK(estimate_error(g, 0) == 0);
    for (int left = 4; left <= 15; ++left) CHECK(estimate_error(g, left) > 0);
    CHECK(estimate_error(g, 16) == estimate_error(g, 15));  // only the colours chosen
  }
  SplitMix64 rng(78);
  for (Game g : {Game::Singles, Game::Doubles, Game::HighLow})
    for (int depth : {1, 2}) {
      const PlacementState s = random_state(rng, g, 10);
      PlacementOptions o;
      o.depth = depth;
      o.samples = 4;
      const PlacementSolution sol = PlacementSolver(o).solve(s);
      INFO(game_name(g) << " depth " << depth);
      REQUIRE_FALSE(sol.exact);
      REQUIRE(sol.error);
      CHECK(*sol.error == estimate_error(g, 10 - static_cast<int>(sol.line.size())));
      o.leaf_correction = false;
      CHECK_FALSE(PlacementSolver(o).solve(s).error);
    }
  PlacementOptions exact;
  CHECK_FALSE(PlacementSolver(exact).solve(random_state(rng, Game::Doubles, 6)).error);
}

// The correction for samples between and beyond the table's rows
// (placement/leaf_bias.h): b + c / sqrt(samples) through the two rows, so
// that a search's first round (2 samples) is corrected for the larger
// optimism of its noisier means.
TEST_CASE("placement: the leaf correction follows the samples", "[placement][leaf-correction]") {
  for (Game g : {Game::Singles, Game::Doubles, Game::HighLow})
    for (int left = 5; left <= 15; ++left) {
      INFO(game_name(g) << " " << left << " left");
      const double e16 = plain_estimate_error(g, left, 16);
      const double e64 = plain_estimate_error(g, left, 64);
      const double e32 = plain_estimate_error(g, left, 32);
      const double e2 = plain_estimate_error(g, left, 2);
      CHECK(e16 != 0);
      // Fewer samples: further the same way (or equal with one row).
      CHECK(std::abs(e32 - e64) <= std::abs(e16 - e64) + 1e-9);
      CHECK((e2 - e16) * (e16 - e64) >= 0);
      if (e16 != e64) {
        const double c = (e16 - e64) / (0.25 - 0.125);
        CHECK(e32 == Approx(e64 + c * (1 / std::sqrt(32.0) - 0.125)));
        CHECK(e2 == Approx(e64 + c * (1 / std::sqrt(2.0) - 0.125)));
      }
    }
  // The engine's samples have a row of their own.
  for (Game g : {Game::Singles, Game::Doubles, Game::HighLow})
    CHECK(plain_estimate_error(g, 13, engine_samples(g)) != 0);
}
