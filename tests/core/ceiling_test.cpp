#include <catch2/catch.hpp>

#include "games/rules.h"
#include "games/scoring.h"
#include "search/reference.h"
#include "search/solitaire_ceiling.h"
#include "test_util.h"

using namespace scarney;

TEST_CASE("a jump never changes the rule-of-three signature or a pawn's parity class",
          "[ceiling]") {
  SplitMix64 rng(17);
  for (int i = 0; i < 3000; ++i) {
    const Board b = test::random_board(rng, 2 + static_cast<int>(rng.below(14)));
    for (const Jump& j : b.jumps()) {
      Board c = b;
      c.jump(j);
      CHECK(signature(c.occupied()) == signature(b.occupied()));
      CHECK((row_of(j.from) & 1) == (row_of(j.to) & 1));
      CHECK((column_of(j.from) & 1) == (column_of(j.to) & 1));
    }
  }
}

TEST_CASE("the score ceilings are never below the exact value", "[ceiling][cross-check]") {
  SplitMix64 rng(23);
  int tight = 0, sharp_tight = 0;
  CeilingContext ctx;  // reset for each root, as the solver does
  for (int i = 0; i < 400; ++i) {
    Position p;
    p.game = i % 2 ? Game::Singles : Game::Solitaire;
    p.phase = Phase::Jump;
    p.board = test::random_board(rng, 1 + static_cast<int>(rng.below(10)));
    const int v = reference_value(p);
    const int c = position_ceiling(p.board);
    REQUIRE(c >= v);
    CHECK(material_ceiling(p.board.material()) >= c);
    ctx.reset(p.board);
    const int sharp = ctx.sharp(p.board, p.board.material());
    REQUIRE(sharp >= v);
    CHECK(sharp <= c);
    tight += c == v;
    sharp_tight += sharp == v;
  }
  CHECK(tight > 40);  // the bound is exact often enough to cut
  CHECK(sharp_tight >= tight);
}

TEST_CASE("a lone pawn cannot end where the invariants forbid", "[ceiling]") {
  // Two pawns in a row: the only jump leaves the jumper two circles on.
  const Board b = test::board_of("B4 on C1, R1 on C2");
  // B4 jumps R1 to C3: B4 alone, 36 + 80 = 116. R1 cannot be the one left.
  CHECK(position_ceiling(b) >= 116);
  Position p;
  p.board = b;
  p.phase = Phase::Jump;
  CHECK(reference_value(p) == 116);
}

TEST_CASE("the per-root ceiling tables equal the direct ceiling on descendants", "[ceiling]") {
  SplitMix64 rng(29);
  CeilingContext ctx;  // one context, reset for each root as the solver does
  for (int i = 0; i < 200; ++i) {
    Board b = test::random_board(rng, 4 + static_cast<int>(rng.below(12)));
    ctx.reset(b);
    for (int step = 0; step < 12; ++step) {
      CHECK(ctx(b.material(), signature(b.occupied())) == position_ceiling(b));
      const auto js = b.jumps();
      if (js.empty()) break;
      b.jump(js[rng.below(js.size())]);
    }
  }
}
