#include "board/board.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <set>

#include "board/symmetry.h"
#include "games/scoring.h"
#include "test_util.h"

using namespace scarney;
using scarney::test::board_of;

TEST_CASE("pawns and circles have the book's names", "[board]") {
  CHECK(pawn_name(make_pawn(Colour::Black, 1)) == "B1");
  CHECK(pawn_name(make_pawn(Colour::Green, 4)) == "G4");
  CHECK(parse_pawn("y3") == make_pawn(Colour::Yellow, 3));
  CHECK_FALSE(parse_pawn("B5"));
  CHECK_FALSE(parse_pawn("B0"));
  CHECK_FALSE(parse_pawn("X1"));
  CHECK_FALSE(parse_pawn("B12"));
  CHECK(circle_name(0) == "C1");
  CHECK(parse_circle("C16") == Circle{15});
  CHECK(parse_circle("c1") == Circle{0});
  CHECK_FALSE(parse_circle("C17"));
  CHECK_FALSE(parse_circle("C0"));
  CHECK_FALSE(parse_circle("C01"));
  int total = 0;
  for (int p = 0; p < kPawns; ++p) total += spots_of(static_cast<Pawn>(p));
  CHECK(total == kTotalSpots);
  CHECK(count(kCorners) == 4);
  CHECK(is_corner(0));
  CHECK(is_corner(3));
  CHECK(is_corner(12));
  CHECK(is_corner(15));
}

TEST_CASE("a jump goes over an adjacent pawn of another colour onto an empty circle",
          "[board][rules]") {
  // G3 on C11 next to B2 on C10, C9 empty: G3 jumps B2 onto C9.
  Board b = board_of("G3 on C11, B2 on C10");
  auto js = b.jumps();
  REQUIRE(js.size() == 2);  // G3 west over B2, and B2 east over G3 onto C12
  b.jump(Jump{10, 9, 8});
  CHECK(b.pawn_count() == 1);
  CHECK(b.at(8) == make_pawn(Colour::Green, 3));
  CHECK(b.empty_at(9));
  CHECK(b.empty_at(10));
}

TEST_CASE("no jump over a pawn of the same colour", "[board][rules]") {
  CHECK(board_of("R1 on C1, R2 on C2").jumps().empty());
  CHECK(board_of("R1 on C1, Y2 on C2").jumps().size() == 1);
}

TEST_CASE("no jump onto an occupied circle, off the board, diagonally or over a gap",
          "[board][rules]") {
  // Every landing circle is occupied.
  CHECK(board_of("R1 on C1, Y2 on C2, G3 on C3, R4 on C4").jumps().empty());
  CHECK(board_of("R1 on C1, Y2 on C2, G3 on C3").jumps().size() == 1);  // Y2 over G3 onto C4
  CHECK(board_of("R1 on C3, Y2 on C4").jumps().size() == 1);  // only Y2 west over R1 onto C2
  CHECK(board_of("R1 on C4, Y2 on C5").jumps().empty());      // C4 and C5 are not neighbours
  CHECK(board_of("R1 on C1, Y2 on C6").jumps().empty());      // diagonal
  CHECK(board_of("R1 on C1, Y2 on C3").jumps().empty());      // not adjacent
  CHECK(board_of("R1 on C1, Y2 on C5").jumps().size() == 1);  // R1 south over Y2 onto C9
}

// A plain jump generator from the rule's words, to check the shifts.
static std::vector<Jump> plain_jumps(const Board& b) {
  std::vector<Jump> out;
  const int dr[4] = {0, 0, 1, -1}, dc[4] = {1, -1, 0, 0};
  for (int d = 0; d < 4; ++d)
    for (int c = 0; c < kCircles; ++c) {
      const int r1 = row_of(c) + dr[d], c1 = column_of(c) + dc[d];
      const int r2 = row_of(c) + 2 * dr[d], c2 = column_of(c) + 2 * dc[d];
      if (r2 < 0 || r2 > 3 || c2 < 0 || c2 > 3) continue;
      const Circle over = circle_at(r1, c1), to = circle_at(r2, c2);
      if (b.empty_at(c) || b.empty_at(over) || !b.empty_at(to)) continue;
      if (colour_of(b.pawn_on(c)) == colour_of(b.pawn_on(over))) continue;
      out.push_back({static_cast<Circle>(c), over, to});
    }
  return out;
}

TEST_CASE("shifted jump generation equals the plain rule on random boards", "[board][rules]") {
  SplitMix64 rng(7);
  for (int i = 0; i < 2000; ++i) {
    const Board b = test::random_board(rng, 1 + static_cast<int>(rng.below(16)));
    auto fast = b.jumps(), plain = plain_jumps(b);
    auto key = [](const Jump& j) { return j.from * 256 + j.over * 16 + j.to; };
    std::sort(fast.begin(), fast.end(), [&](auto& x, auto& y) { return key(x) < key(y); });
    std::sort(plain.begin(), plain.end(), [&](auto& x, auto& y) { return key(x) < key(y); });
    REQUIRE(fast == plain);
    CHECK(b.has_jump() == !plain.empty());
  }
}

TEST_CASE("a mask's image is the images of its circles", "[board][symmetry]") {
  for (int s = 0; s < kSymmetries; ++s)
    for (uint32_t m = 0; m < 65536; ++m) {
      Mask want = 0;
      for (Circle c : circles(static_cast<Mask>(m))) want |= bit(transform(c, s));
      REQUIRE(transform(static_cast<Mask>(m), s) == want);
    }
}

TEST_CASE("each of the 8 symmetries round-trips and keeps the rules", "[board][symmetry]") {
  SplitMix64 rng(11);
  std::set<std::array<Circle, kCircles>> distinct;
  for (int s = 0; s < kSymmetries; ++s) {
    distinct.insert(symmetry_map(s));
    CHECK(transform(kCorners, s) == kCorners);
    for (int c = 0; c < kCircles; ++c)
      CHECK(transform(transform(static_cast<Circle>(c), s), inverse_symmetry(s)) == c);
  }
  CHECK(distinct.size() == 8);
  for (int i = 0; i < 300; ++i) {
    const Board b = test::random_board(rng, 1 + static_cast<int>(rng.below(16)));
    for (int s = 0; s < kSymmetries; ++s) {
      const Board t = transform(b, s);
      CHECK(transform(t, inverse_symmetry(s)) == b);
      CHECK(t.jumps().size() == b.jumps().size());
      CHECK(final_score(t).total() == final_score(b).total());
      // neighbours stay neighbours
      for (int c = 0; c + 1 < kCircles; ++c) {
        const Circle a = transform(static_cast<Circle>(c), s);
        if (column_of(c) < 3) {
          const Circle n = transform(static_cast<Circle>(c + 1), s);
          CHECK(std::abs(row_of(a) - row_of(n)) + std::abs(column_of(a) - column_of(n)) == 1);
        }
      }
    }
  }
}

TEST_CASE("diagram and placement line name every pawn", "[board]") {
  const Board b = board_of("Y4 on C2, B2 on C10");
  CHECK(placement_line(b) == "Y4 on C2, B2 on C10");
  CHECK(diagram(b) == " . Y4  .  .\n .  .  .  .\n . B2  .  .\n .  .  .  .\n");
  CHECK(b.circle_of(make_pawn(Colour::Black, 2)) == Circle{9});
  CHECK_FALSE(b.circle_of(make_pawn(Colour::Black, 1)));
}
