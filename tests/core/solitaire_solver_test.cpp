#include "search/solitaire_solver.h"

#include <algorithm>
#include <catch2/catch.hpp>

#include "games/rules.h"
#include "games/scoring.h"
#include "search/reference.h"
#include "search/solver.h"
#include "search/transposition_table.h"
#include "test_util.h"

using namespace scarney;

namespace {

Position endgame(const std::string& placement) {
  return test::parse_one("game: solitaire\nphase: jump\nplacement: " + placement + "\n");
}

// Replays a solution's line with the rules and returns the final score.
int replay(Position p, const Solution& s) {
  for (const Move& m : s.line) {
    if (m.kind == MoveKind::Call) {
      REQUIRE(can_call(p));
      return final_score(p.board).total();
    }
    REQUIRE(is_legal(p, m));
    p = play(p, m);
  }
  REQUIRE(is_over(p));
  return final_score(p.board).total();
}

}  // namespace

// The book's four Solitaire end games. Their exact values; where the solver
// beats the book the line is replayed here move by move (and see
// positions/book for the published lines).
TEST_CASE("the book's six-pawn end game: best score 36", "[solitaire][book]") {
  const auto p = endgame("Y4 on C2, B2 on C10, B1 on C14, Y3 on C5, G3 on C11, R4 on C15");
  Solver solver;
  const auto s = solver.solve(p);
  CHECK(s.value == 36);
  CHECK(replay(p, s) == 36);
  CHECK(reference_value(p) == 36);
}

TEST_CASE("the book's seven-pawn end game: best score 63", "[solitaire][book]") {
  const auto p = endgame("G3 on C1, R1 on C3, Y4 on C6, B3 on C8, R4 on C9, B4 on C10, G4 on C12");
  Solver solver;
  const auto s = solver.solve(p);
  CHECK(s.value == 63);
  CHECK(replay(p, s) == 63);
  CHECK(reference_value(p) == 63);
}

TEST_CASE("the book's eight-pawn end game: perfect play beats the book's 63 with 94",
          "[solitaire][book]") {
  const auto p =
      endgame("G3 on C2, Y1 on C3, B4 on C6, G4 on C7, R4 on C11, Y2 on C12, B2 on C15, R1 on C16");
  Solver solver;
  const auto s = solver.solve(p);
  CHECK(s.value == 94);
  CHECK(replay(p, s) == 94);
  CHECK(reference_value(p) == 94);
  // Checked by hand: G3 jumps Y1 (C2->C4), R1 jumps Y2 (C16->C8), G3 jumps R1
  // (C4->C12), B4 jumps G4 (C6->C8), B4 jumps G3 (C8->C16), B2 jumps R4
  // (C15->C7): B4 on the corner C16 and B2 are left, 34 + 40 + 20 = 94.
  Position q = p;
  const Jump hand[] = {{1, 2, 3}, {15, 11, 7}, {3, 7, 11}, {5, 6, 7}, {7, 11, 15}, {14, 10, 6}};
  for (const Jump& j : hand) {
    REQUIRE(is_legal(q, Move::of(j)));
    q = play(q, Move::of(j));
  }
  CHECK(is_over(q));
  CHECK(final_score(q.board).total() == 94);
}

TEST_CASE("the book's twelve-pawn end game: best score 116", "[solitaire][book]") {
  const auto p = endgame(
      "G4 on C1, G2 on C3, R3 on C4, B1 on C5, R4 on C7, G3 on C8, R2 on C11, Y3 on C12, Y2 on "
      "C13, "
      "B4 on C14, Y4 on C15, G1 on C16");
  Solver solver;
  const auto s = solver.solve(p);
  CHECK(s.value == 116);
  CHECK(replay(p, s) == 116);
}

TEST_CASE("the first move is a take-off of a 1- or 2-spot pawn", "[solitaire][rules]") {
  SplitMix64 rng(1);
  Position p;
  p.board = random_deal(rng);
  p.phase = Phase::TakeOff;
  const auto ms = legal_moves(p);
  CHECK(ms.size() == 8);
  for (const Move& m : ms) {
    CHECK(m.kind == MoveKind::TakeOff);
    CHECK(spots_of(p.board.pawn_on(m.circle)) <= 2);
    CHECK(play(p, m).phase == Phase::Jump);
  }
}

TEST_CASE("Solitaire ends only when no jump is left, Singles may call Scarney",
          "[singles][rules]") {
  // No jump is possible here (every landing circle is taken), so the game is over.
  const auto stuck = endgame("B4 on C1, R1 on C2, B3 on C3, R2 on C4");
  CHECK(is_over(stuck));
  CHECK_FALSE(can_call(stuck));  // Solitaire has no call
  // Singles is never worse than Solitaire, never worse than calling at
  // once, and strictly better in some positions.
  SplitMix64 rng(99);
  SolitaireSolver solitaire(false), singles(true);
  int better = 0;
  for (int i = 0; i < 300; ++i) {
    Position p;
    p.board = test::random_board(rng, 2 + static_cast<int>(rng.below(8)));
    p.phase = Phase::Jump;
    const int a = solitaire.value(p);
    p.game = Game::Singles;
    const int b = singles.value(p);
    CHECK(b >= a);
    CHECK(b >= final_score(p.board).total());
    better += b > a;
  }
  CHECK(better > 0);  // the early call matters in some positions
}

TEST_CASE("fast solver agrees with the plain reference search",
          "[solitaire][singles][cross-check]") {
  SplitMix64 rng(2026);
  Solver solver;
  for (int i = 0; i < 400; ++i) {
    Position p;
    p.game = i % 2 ? Game::Singles : Game::Solitaire;
    p.board = test::random_board(rng, 2 + static_cast<int>(rng.below(10)));
    p.phase = Phase::Jump;
    const int ref = reference_value(p);
    const Solution s = solver.solve(p);
    REQUIRE(s.value == ref);
    CHECK(replay(p, s) == ref);
    const auto ms = solver.moves(p);
    if (!ms.empty()) CHECK(ms.front().value == ref);
    for (const auto& mv : ms) {
      if (mv.move.kind == MoveKind::Call) {
        CHECK(mv.value == final_score(p.board).total());
        continue;
      }
      CHECK(mv.value == reference_value(play(p, mv.move)));
    }
  }
}

TEST_CASE("full deals from the take-off agree with the reference", "[solitaire][cross-check]") {
  Solver solver;
  for (int i = 0; i < 4; ++i) {
    Position p;
    p.game = i % 2 ? Game::Singles : Game::Solitaire;
    p.board = deal(42, i);
    p.phase = Phase::TakeOff;
    const Solution s = solver.solve(p);
    CHECK(s.value == reference_value(p));
    CHECK(replay(p, s) == s.value);
  }
}

TEST_CASE("a fresh solver (no reachability tables yet) agrees with a warm one",
          "[solitaire][startup]") {
  // The first positions a solver sees are searched without the tables that
  // take 0.1 s to build; the values must not depend on it.
  SplitMix64 rng(77);
  Solver warm;
  warm.use_tables_now();
  for (int i = 0; i < 30; ++i) {
    Position p;
    p.game = i % 2 ? Game::Singles : Game::Solitaire;
    p.phase = Phase::TakeOff;
    p.board = random_deal(rng);
    Solver cold;
    CHECK(cold.value(p) == warm.value(p));
    const Solution s = cold.solve(p);
    CHECK(s.value == warm.value(p));
  }
}

TEST_CASE("entries kept from earlier deals: the same values, fewer nodes on neighbours",
          "[solitaire][cross-check]") {
  // An exhaustive shard solves deals that differ only in their last
  // circles, one solver after the other; the table's entries from the
  // deals before still answer (transposition_table.h).
  Board base = deal(9, 0);
  int circles[4] = {12, 13, 14, 15};  // C13-C16
  Pawn pawns[4];
  for (int i = 0; i < 4; ++i) pawns[i] = base.pawn_on(static_cast<Circle>(circles[i]));
  std::sort(pawns, pawns + 4);
  Solver kept;
  kept.use_tables_now();
  uint64_t fresh_nodes = 0;
  int deals = 0;
  for (Game g : {Game::Solitaire, Game::Singles}) {
    Pawn order[4];
    std::copy(pawns, pawns + 4, order);
    do {
      Position p;
      p.game = g;
      p.phase = Phase::TakeOff;
      p.board = base;
      for (int i = 0; i < 4; ++i) {
        p.board.remove(static_cast<Circle>(circles[i]));
        p.board.place(order[i], static_cast<Circle>(circles[i]));
      }
      Solver fresh;
      fresh.use_tables_now();
      CHECK(kept.value(p) == fresh.value(p));
      fresh_nodes += fresh.nodes();
      ++deals;
    } while (std::next_permutation(order, order + 4));
  }
  CHECK(deals == 48);
  CHECK(kept.nodes() < fresh_nodes);
}

TEST_CASE("the table forgets at clear, or keeps earlier entries as bounds", "[solitaire]") {
  for (bool keep : {false, true}) {
    TranspositionTable t(8);
    t.keep_earlier(keep);
    t.store(0x1234, 0x00ff, 0, 70, Bound::Exact, 3);
    CHECK(t.probe(0x1234, 0x00ff, 0, 10, 11).settled);
    t.clear();
    const auto p = t.probe(0x1234, 0x00ff, 0, 10, 11);
    CHECK(p.settled == keep);
    if (keep) CHECK(p.value == 70);
    // A new entry for the same board replaces the kept one.
    t.store(0x1234, 0x00ff, 0, 60, Bound::Upper);
    const auto q = t.probe(0x1234, 0x00ff, 0, 65, 66);
    CHECK(q.settled);
    CHECK(q.value == 60);
  }
}

TEST_CASE("a window search is fail-soft around the exact value", "[solitaire][cross-check]") {
  // Full deals after the take-off phase and jump positions, Solitaire and
  // Singles: inside the window the exact value, outside a true bound.
  SplitMix64 rng(99);
  Solver exact, windowed;
  for (int i = 0; i < 120; ++i) {
    Position p;
    p.game = i % 2 ? Game::Singles : Game::Solitaire;
    const int pawns = i % 3 == 0 ? 16 : 6 + static_cast<int>(rng.below(8));
    p.board = test::random_board(rng, pawns);
    p.phase = pawns == 16 ? Phase::TakeOff : Phase::Jump;
    const int v = exact.value(p);
    const int a = static_cast<int>(rng.below(160)), b = a + 1 + static_cast<int>(rng.below(40));
    const int w = windowed.value_within(p, a, b);
    INFO(game_name(p.game) << " " << placement_line(p.board) << " window " << a << " " << b);
    CHECK(test::fail_soft(v, w, a, b));
  }
}
