// The High-Low threshold question against the full payoffs of the High-Low
// solver and of the plain reference: on complete boards, on positions in
// the middle of the removal (either side to move, with spots already
// removed), for thresholds around the value and far from it.
#include "search/highlow_threshold.h"

#include <catch2/catch.hpp>

#include "games/rules.h"
#include "placement/complete_boards.h"
#include "search/reference.h"
#include "search/solver.h"
#include "test_util.h"

using namespace scarney;

namespace {

// The removal game on b, as a High-Low game starts (games/rules.h).
Position removal_position(const Board& b) { return deal_position(Game::HighLow, b); }

// A position reached from a random complete board by `moves` random
// removals (fewer if the game ends first), the spots counted by play().
Position random_midgame(SplitMix64& rng, int moves) {
  Position p = removal_position(test::random_board(rng, 16));
  for (int i = 0; i < moves && !is_over(p); ++i) {
    const auto ms = legal_moves(p);
    p = play(p, ms[rng.below(ms.size())]);
  }
  return p;
}

// The pawn a best line ends on: black doubles the score.
bool ends_on_black(Solver& solver, const Position& p) {
  Position q = p;
  for (const Move& m : solver.solve(p).line) q = play(q, m);
  return is_black(q.board.pawn_on(first(q.board.occupied())));
}

// Checks the answer r of the test at t against the payoff v: the same
// side of t, and a true bound (fail-soft).
void check_test(HighLowThreshold& thr, const Position& p, int v, int t) {
  const int r = thr.payoff_test(p, t);
  INFO("payoff " << v << ", threshold " << t << ", answer " << r);
  CHECK((r >= t) == (v >= t));
  if (r >= t)
    CHECK(v >= r);
  else
    CHECK(v <= r);
}

// Thresholds around v, at it, and at random within the scores' range.
void check_around(HighLowThreshold& thr, SplitMix64& rng, const Position& p, int v) {
  for (int d = -3; d <= 3; ++d) check_test(thr, p, v, v + d);
  check_test(thr, p, v, static_cast<int>(rng.below(161)) - 80);
}

}  // namespace

TEST_CASE("High-Low threshold: complete boards against the payoff solver",
          "[highlow][threshold][cross-check][long]") {
  SplitMix64 rng(2026);
  HighLowThreshold thr;
  Solver solver;
  int wins = 0;
  const int boards = 500;
  for (int i = 0; i < boards; ++i) {
    const Position p = removal_position(test::random_board(rng, 16));
    const int v = solver.value(p);
    REQUIRE(thr.wins(p.board) == (v > 0));
    wins += v > 0;
    check_around(thr, rng, p, v);
  }
  // Both winners were met.
  CHECK(wins > boards / 5);
  CHECK(wins < boards * 4 / 5);
}

TEST_CASE("High-Low threshold: positions in the middle of the removal",
          "[highlow][threshold][cross-check][long]") {
  SplitMix64 rng(515);
  HighLowThreshold thr;
  Solver solver;
  int wins = 0, black = 0, removed = 0, tested = 0;
  for (int i = 0; i < 3000; ++i) {
    const Position p = random_midgame(rng, 1 + static_cast<int>(rng.below(12)));
    const int v = solver.value(p);
    INFO("board " << placement_line(p.board) << " removed " << p.removed[0] << "/" << p.removed[1]);
    REQUIRE(thr.wins(p.board) == solver.highlow_wins(p));
    ++tested;
    wins += thr.wins(p.board);
    removed += p.removed[0] > p.removed[1];
    black += ends_on_black(solver, p);
    check_around(thr, rng, p, v);
  }
  CHECK(wins > tested / 5);
  CHECK(wins < tested * 4 / 5);
  CHECK(removed > tested / 5);
  CHECK(removed < tested * 4 / 5);
  // Best lines seldom end on black (4 pawns of 16, and the loser avoids
  // them): about one in thirty here, enough to matter.
  CHECK(black > 50);
}

TEST_CASE("High-Low threshold: small boards against the plain reference",
          "[highlow][threshold][cross-check]") {
  SplitMix64 rng(93);
  HighLowThreshold thr;
  Solver solver;
  int black = 0;
  for (int i = 0; i < 400; ++i) {
    Position p = removal_position(test::random_board(rng, 1 + static_cast<int>(rng.below(8))));
    // Spots removed before, as a game would have them (40 in all).
    const int before = 40 - p.board.spots();
    p.removed[0] = static_cast<int>(rng.below(static_cast<uint64_t>(before) + 1));
    p.removed[1] = static_cast<int>(rng.below(static_cast<uint64_t>(before - p.removed[0]) + 1));
    const int v = reference_value(p);
    INFO("board " << placement_line(p.board) << " removed " << p.removed[0] << "/" << p.removed[1]
                  << " payoff " << v);
    check_around(thr, rng, p, v);
    black += ends_on_black(solver, p);
  }
  CHECK(black > 20);  // 35 with this seed
}

TEST_CASE("High-Low threshold: the least spots removed is where the score reaches k",
          "[highlow][threshold]") {
  SplitMix64 rng(8);
  HighLowThreshold thr;
  Solver solver;
  for (int i = 0; i < 60; ++i) {
    const Board b = test::random_board(rng, 6 + static_cast<int>(rng.below(7)));
    const int room = 40 - b.spots();  // spots removed before, at most
    Position p = removal_position(b);
    const bool mover_wins = thr.wins(p.board);
    // W's score with w removed (the loser removed nothing), for every w.
    const auto score = [&](int w) {
      p.removed = mover_wins ? std::array<int, 2>{w, 0} : std::array<int, 2>{0, w};
      const int v = solver.value(p);
      return mover_wins ? v : -v;
    };
    for (int k = 1; k <= 2 * room; k += 1 + static_cast<int>(rng.below(4))) {
      const int need = thr.least_removed(b, k);
      INFO("board " << placement_line(b) << " k " << k << " need " << need);
      if (need >= 0 && need <= room) CHECK(score(need) >= k);
      if (need >= 1 && need - 1 <= room) CHECK(score(need - 1) < k);
      if (need < 0) CHECK(score(0) >= k);
      if (need > room) CHECK(score(room) < k);
    }
  }
}

TEST_CASE("High-Low threshold: the end and the last pawn's multiplier", "[highlow][threshold]") {
  HighLowThreshold thr;
  // One black 3 left, the mover (the loser) removed 5 and the other 7: the
  // payoff is -14.
  Position p = test::parse_one("game: highlow\nplacement: B3 on C5\n");
  p.removed = {5, 7};
  for (int t : {-20, -15, -14, -13, 0, 5}) CHECK((thr.payoff_test(p, t) >= t) == (-14 >= t));
  CHECK(thr.least_removed(p.board, 14) == 7);
  CHECK(thr.least_removed(p.board, 15) == 8);
  CHECK(thr.least_removed(p.board, 16) == 8);
}

TEST_CASE("High-Low: a complete board's exact payoff by threshold questions (MTD(f))",
          "[highlow][threshold][cross-check][long]") {
  // CompleteBoards::value() asks questions until the bounds meet; it must
  // be the payoff solver's value for A (the starter), with bounds known
  // beforehand (a window question first) or not.
  SplitMix64 rng(77);
  CompleteBoards questions(Game::HighLow), full(Game::HighLow);
  full.use_full_payoffs(true);
  Solver solver;
  for (int i = 0; i < 250; ++i) {
    const Board b = test::random_board(rng, 16);
    const int v = solver.value(removal_position(b));
    REQUIRE(full.value(b) == v);
    if (i % 2) {
      const int t = v + static_cast<int>(rng.below(9)) - 4;
      const int w = questions.value_within(b, t - 1, t);
      REQUIRE((w >= t ? v >= w : v <= w));
    }
    REQUIRE(questions.value(b) == v);
  }
}
