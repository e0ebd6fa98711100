#include <catch2/catch.hpp>

#include "games/rules.h"
#include "search/reference.h"
#include "search/solver.h"
#include "test_util.h"

using namespace scarney;

namespace {

Position doubles(const std::string& placement, const std::string& phase = "jump") {
  return test::parse_one("game: doubles\nphase: " + phase + "\nplacement: " + placement + "\n");
}
Position highlow(const std::string& placement, const std::string& removed = "0 0") {
  return test::parse_one("game: highlow\nremoved: " + removed + "\nplacement: " + placement + "\n");
}

// Replays a two-player line: the margin (Doubles) or payoff (High-Low) it
// gives the side to move at the start.
int replay(Position p, const Solution& s) {
  int sign = 1, margin = 0;
  for (const Move& m : s.line) {
    REQUIRE(is_legal(p, m));
    margin += sign * gain(p, m);
    p = play(p, m);
    sign = -sign;
  }
  REQUIRE(is_over(p));
  if (p.game == Game::Doubles) return margin + sign * end_value(p);
  return sign * end_value(p);
}

}  // namespace

TEST_CASE("Doubles: the player who made the last jump sweeps the pawns left", "[doubles][rules]") {
  // G3 jumps B2 (+2), then no jump is left: the mover also sweeps Y4 (+4)
  // and G3 (+3). Margin 2 + 7 = 9.
  const auto p = doubles("G3 on C11, B2 on C10, Y4 on C1");
  Solver solver;
  CHECK(solver.value(p) == 9);
  CHECK(reference_value(p) == 9);
  // No jump at all: the side to move did not make the last move, the
  // opponent sweeps everything.
  const auto dead = doubles("G3 on C1, B2 on C16");
  CHECK(solver.value(dead) == -5);
}

TEST_CASE("Doubles: a player who can jump must jump", "[doubles][rules]") {
  // The only jump gives the opponent a big capture; there is no passing.
  const auto p = doubles("R1 on C1, B1 on C2, B4 on C4, G4 on C8");
  const auto ms = legal_moves(p);
  REQUIRE(ms.size() >= 1);
  Solver solver;
  CHECK(solver.value(p) == reference_value(p));
}

TEST_CASE("Doubles: both take-offs are 1- or 2-spot pawns, each credited to its taker",
          "[doubles][rules]") {
  const auto p = test::parse_one("game: doubles\nplacement: " + placement_line(deal(3, 0)) + "\n");
  REQUIRE(p.phase == Phase::TakeOff);
  const auto ms = legal_moves(p);
  CHECK(ms.size() == 8);
  const Position q = play(p, ms[0]);
  CHECK(q.phase == Phase::TakeOff2);
  CHECK(legal_moves(q).size() == 7);
  CHECK(play(q, legal_moves(q)[0]).phase == Phase::Jump);
  CHECK(gain(p, ms[0]) == spots_of(p.board.pawn_on(ms[0].circle)));
}

TEST_CASE("Doubles solver agrees with the plain reference", "[doubles][cross-check]") {
  SplitMix64 rng(31);
  Solver solver;
  for (int i = 0; i < 300; ++i) {
    Position p;
    p.game = Game::Doubles;
    p.phase = Phase::Jump;
    p.board = test::random_board(rng, 2 + static_cast<int>(rng.below(9)));
    const int ref = reference_value(p);
    const Solution s = solver.solve(p);
    REQUIRE(s.value == ref);
    CHECK(replay(p, s) == ref);
    for (const auto& mv : solver.moves(p))
      CHECK(mv.value == gain(p, mv.move) - reference_value(play(p, mv.move)));
  }
  // Bigger positions, where the table fills up and entries get replaced.
  for (int i = 0; i < 12; ++i) {
    Position p;
    p.game = Game::Doubles;
    p.phase = Phase::Jump;
    p.board = test::random_board(rng, 11 + i % 2);
    REQUIRE(solver.value(p) == reference_value(p));
  }
  // Full games from the first take-off; margins are even (40 spots split).
  for (int i = 0; i < 3; ++i) {
    Position p;
    p.game = Game::Doubles;
    p.phase = Phase::TakeOff;
    p.board = deal(77, i);
    const Solution s = solver.solve(p);
    CHECK(s.value == reference_value(p));
    CHECK(replay(p, s) == s.value);
    CHECK((s.value + 40) % 2 == 0);
  }
}

TEST_CASE("High-Low: the last mover wins with a 3 or 4 left and loses with a 1 or 2",
          "[highlow][rules]") {
  Solver solver;
  // Two pawns: the mover removes one. He leaves R3 and wins 2 (removed R2).
  const auto p = highlow("R2 on C1, Y3 on C16");
  CHECK(solver.highlow_wins(p));
  CHECK(solver.value(p) == 2);
  // Both pawns low: whatever he leaves is a 1 or 2, he loses; the opponent
  // removed nothing, so the payoff is 0... minus the opponent's score 0.
  const auto q = highlow("R2 on C1, Y1 on C16", "3 5");
  CHECK_FALSE(solver.highlow_wins(q));
  CHECK(solver.value(q) == -5);
  // A black last pawn doubles the winner's score.
  const auto b = highlow("R2 on C1, B4 on C16", "3 5");
  CHECK(solver.value(b) == 2 * (3 + 2));
}

TEST_CASE(
    "High-Low removals: one pawn, or two or three of a colour in a line with no other colour "
    "between",
    "[highlow][rules]") {
  // R1 R2 . R3 in row 1: pairs and the triple are legal (an empty circle
  // between does not matter); with a green between them they are not.
  const auto open = highlow("R1 on C1, R2 on C2, R3 on C4, G1 on C16");
  // singles 4 + pairs 3 + triple 1
  CHECK(legal_moves(open).size() == 8);
  const auto blocked = highlow("R1 on C1, G2 on C2, R3 on C4, G1 on C16");
  CHECK(legal_moves(blocked).size() == 4);  // singles only
  // Same colour in between is fine: R1 and R3 may go, stepping over R2.
  bool found = false;
  for (const Move& m : legal_moves(open))
    if (m.removed == (bit(0) | bit(3))) found = true;
  CHECK(found);
  // No move may take the last pawn: two reds alone cannot both go.
  CHECK(legal_moves(highlow("R1 on C1, R2 on C2")).size() == 2);
  // Different lines: R1 on C1 and R2 on C6 are not in one row or column.
  CHECK(legal_moves(highlow("R1 on C1, R2 on C6, G1 on C16")).size() == 3);
}

TEST_CASE("High-Low solver agrees with the plain reference", "[highlow][cross-check]") {
  SplitMix64 rng(41);
  Solver solver;
  for (int i = 0; i < 300; ++i) {
    Position p;
    p.game = Game::HighLow;
    p.phase = Phase::Removal;
    p.board = test::random_board(rng, 1 + static_cast<int>(rng.below(9)));
    const int off = kTotalSpots - p.board.spots();
    p.removed[0] = static_cast<int>(rng.below(off + 1));
    p.removed[1] = static_cast<int>(rng.below(off - p.removed[0] + 1));
    const int ref = reference_value(p);
    const Solution s = solver.solve(p);
    REQUIRE(s.value == ref);
    CHECK(replay(p, s) == ref);
    CHECK(*s.to_move_wins == solver.highlow_wins(p));
    if (ref != 0) CHECK(*s.to_move_wins == (ref > 0));
    for (const auto& mv : solver.moves(p)) CHECK(mv.value == -reference_value(play(p, mv.move)));
  }
}

// The placement asks complete boards null-window questions right beside
// their value, where the window search's own order of the last take-off
// (line_relation, the table looked up first) decides most.
TEST_CASE("Doubles: null-window searches of complete boards agree with the exact value",
          "[doubles][cross-check]") {
  SplitMix64 rng(2611);
  Solver exact, windowed;
  for (int i = 0; i < 300; ++i) {
    Position p = deal_position(Game::Doubles, scarney::random_deal(rng));
    if (i % 2) p = play(p, legal_moves(p)[rng.below(legal_moves(p).size())]);  // B took off
    const int v = exact.value(p);
    INFO(placement_line(p.board) << " value " << v);
    for (const int t : {v - 11, v - 1, v, v + 1, v + 2, v + 11}) {
      const int w = windowed.value_within(p, t - 1, t);
      CHECK(test::fail_soft(v, w, t - 1, t));
    }
  }
}

TEST_CASE("Doubles: a window search is fail-soft around the exact value",
          "[doubles][cross-check]") {
  SplitMix64 rng(123);
  Solver exact, windowed;
  for (int i = 0; i < 150; ++i) {
    Position p;
    p.game = Game::Doubles;
    const int pawns = i % 3 == 0 ? 16 : 5 + static_cast<int>(rng.below(8));
    p.board = test::random_board(rng, pawns);
    p.phase = pawns == 16 ? Phase::TakeOff : Phase::Jump;
    const int v = exact.value(p);
    const int a = static_cast<int>(rng.below(60)) - 30, b = a + 1 + static_cast<int>(rng.below(20));
    const int w = windowed.value_within(p, a, b);
    INFO(placement_line(p.board) << " window " << a << " " << b);
    CHECK(test::fail_soft(v, w, a, b));
  }
}
