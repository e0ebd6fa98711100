// Each rule of games/ (and the jump generator of board/) against a plain
// statement of it: the fast forms the solvers and the table builder use
// must agree with what the book says.
#include "games/rules.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <set>
#include <vector>

#include "board/board.h"
#include "games/highlow_lines.h"
#include "games/scoring.h"
#include "games/values.h"
#include "test_util.h"

using namespace scarney;
using scarney::test::board_of;

namespace {

// Every jump, circle by circle and direction by direction, in Board::jumps'
// order (East, West, South, North; then by circle).
std::vector<Jump> plain_jumps(const Board& b) {
  const int dr[] = {0, 0, 1, -1}, dc[] = {1, -1, 0, 0};
  std::vector<Jump> out;
  for (int d = 0; d < 4; ++d)
    for (int c = 0; c < kCircles; ++c) {
      const int r1 = row_of(c) + dr[d], c1 = column_of(c) + dc[d];
      const int r2 = r1 + dr[d], c2 = c1 + dc[d];
      if (r2 < 0 || r2 > 3 || c2 < 0 || c2 > 3) continue;
      const Circle from = static_cast<Circle>(c), over = circle_at(r1, c1), to = circle_at(r2, c2);
      if (b.empty_at(from) || b.empty_at(over) || !b.empty_at(to)) continue;
      if (colour_of(b.pawn_on(from)) == colour_of(b.pawn_on(over))) continue;
      out.push_back({from, over, to});
    }
  return out;
}

// The book's High-Low move, stated plainly: one pawn, or two or three
// pawns of one colour in one row or column with no pawn of another colour
// between the outermost two; never the last pawn.
bool plain_removal(const Board& b, Mask m) {
  const int k = count(m);
  if (k < 1 || k > 3 || k >= b.pawn_count() || (m & b.occupied()) != m) return false;
  if (k == 1) return true;
  std::vector<Circle> cs;
  for (Circle c : circles(m)) cs.push_back(c);
  const bool row =
      std::all_of(cs.begin(), cs.end(), [&](Circle c) { return row_of(c) == row_of(cs[0]); });
  const bool column =
      std::all_of(cs.begin(), cs.end(), [&](Circle c) { return column_of(c) == column_of(cs[0]); });
  if (!row && !column) return false;
  const Colour colour = colour_of(b.pawn_on(cs[0]));
  const int step = row ? 1 : 4;
  for (int c = cs.front(); c <= cs.back(); c += step)
    if (!b.empty_at(static_cast<Circle>(c)) &&
        colour_of(b.pawn_on(static_cast<Circle>(c))) != colour)
      return false;
  return true;
}

}  // namespace

TEST_CASE("the jump generator agrees with a plain circle-by-circle search", "[board][rules]") {
  SplitMix64 rng(5);
  for (int k = 0; k < 3000; ++k) {
    const Board b = test::random_board(rng, 1 + static_cast<int>(rng.below(16)));
    const std::vector<Jump> plain = plain_jumps(b);
    CHECK(b.jumps() == plain);
    CHECK(b.has_jump() == !plain.empty());
    CHECK(JumpMasks(b.colour_bits()).count() == static_cast<int>(plain.size()));
    Mask victims = 0;
    for (const Jump& j : plain) victims |= bit(j.over);
    CHECK(JumpMasks(b.colour_bits()).victims() == victims);
    // The colour bits after a jump, without the board, match the board's.
    for (const Jump& j : plain) {
      Board after = b;
      after.jump(j);
      const ColourBits fast = b.colour_bits().after(j), full = after.colour_bits();
      CHECK(fast.occupied == full.occupied);
      CHECK(fast.high == full.high);
      CHECK(fast.low == full.low);
    }
  }
}

TEST_CASE("the High-Low line moves are every pair and triple of a row or column", "[rules]") {
  std::set<Mask> plain;
  for (int m = 0; m < 0x10000; ++m) {
    const Mask mask = static_cast<Mask>(m);
    const int k = count(mask);
    if (k < 2 || k > 3) continue;
    bool row = true, column = true;
    for (Circle c : circles(mask)) {
      row &= row_of(c) == row_of(first(mask));
      column &= column_of(c) == column_of(first(mask));
    }
    if (row || column) plain.insert(mask);
  }
  std::set<Mask> table;
  for (const LineMove& m : highlow_lines()) {
    table.insert(m.circles);
    CHECK(m.first == first(m.circles));
    // The span runs from the first circle to the last along the line.
    const Circle last = static_cast<Circle>(15 - std::countl_zero(m.circles));
    const int step = row_of(m.first) == row_of(last) ? 1 : 4;
    Mask span = 0;
    for (int c = m.first; c <= last; c += step) span |= bit(static_cast<Circle>(c));
    CHECK(m.span == span);
  }
  CHECK(table == plain);
  CHECK(table.size() == static_cast<size_t>(kLineMoves));
}

TEST_CASE("High-Low removals are exactly the book's moves", "[rules]") {
  SplitMix64 rng(11);
  for (int k = 0; k < 1500; ++k) {
    const Board b = test::random_board(rng, 1 + static_cast<int>(rng.below(16)));
    std::vector<Mask> plain;
    for (int m = 1; m < 0x10000; ++m)
      if (plain_removal(b, static_cast<Mask>(m))) plain.push_back(static_cast<Mask>(m));
    std::vector<Mask> fast = highlow_removals(b);
    CHECK(std::set<Mask>(fast.begin(), fast.end()).size() == fast.size());
    std::sort(fast.begin(), fast.end());
    CHECK(fast == plain);
  }
  // Two reds with a green between them cannot go together; with a red between, all three can.
  const Board blocked = board_of("R1 on C1, G2 on C2, R3 on C3, Y1 on C16");
  const auto ms = highlow_removals(blocked);
  CHECK(std::find(ms.begin(), ms.end(), bit(0) | bit(2)) == ms.end());
  const Board open = board_of("R1 on C1, R2 on C2, R3 on C3, Y1 on C16");
  const auto os = highlow_removals(open);
  CHECK(std::find(os.begin(), os.end(), bit(0) | bit(1) | bit(2)) != os.end());
  // Never the last pawn: with two pawns left only single removals remain.
  CHECK(highlow_removals(board_of("R1 on C1, R2 on C2")).size() == 2);
}

TEST_CASE("High-Low's last pawn: a 3 or 4 wins for the last mover, black doubles", "[rules]") {
  const Pawn black3 = make_pawn(Colour::Black, 3), red1 = make_pawn(Colour::Red, 1);
  CHECK(last_mover_wins(black3));
  CHECK_FALSE(last_mover_wins(red1));
  CHECK(last_mover_wins(make_pawn(Colour::Green, 4)));
  CHECK_FALSE(last_mover_wins(make_pawn(Colour::Yellow, 2)));
  CHECK(highlow_multiplier(black3) == 2);
  CHECK(highlow_multiplier(red1) == 1);
  // The side to move (not the last mover) removed 5, the opponent 7.
  CHECK(highlow_end_value(black3, 5, 7) == -14);
  CHECK(highlow_end_value(red1, 5, 7) == 5);
  CHECK(highlow_end_value(make_pawn(Colour::Black, 1), 5, 7) == 10);
  Position p;
  p.game = Game::HighLow;
  p.phase = Phase::Removal;
  p.board = board_of("B3 on C6");
  p.removed = {5, 7};
  CHECK(end_value(p) == -14);
  p.board = board_of("R1 on C6");
  CHECK(end_value(p) == 5);
}

TEST_CASE("each game combines a child's value its own way", "[rules]") {
  CHECK(move_value(Game::Solitaire, 64, 3) == 64);
  CHECK(move_value(Game::Singles, 64, 3) == 64);
  CHECK(move_value(Game::Doubles, 5, 3) == -2);  // gain 3, then the opponent is 5 up
  CHECK(move_value(Game::HighLow, 12, 3) == -12);
  // Doubles: the last jumper, the side not to move, sweeps what is left.
  const Board left = board_of("R3 on C1, G4 on C16");
  CHECK(swept_spots(left) == 7);
  CHECK(doubles_end_value(left) == -7);
  Position p;
  p.game = Game::Doubles;
  p.phase = Phase::Jump;
  p.board = left;
  CHECK(end_value(p) == -7);
}

TEST_CASE("the bonus: single pawn, colour and number, corners doubling", "[scoring][rules]") {
  CHECK(bonus(board_of("B3 on C1")).kind == BonusKind::BlackSinglePawn);
  CHECK(bonus(board_of("B3 on C1")).points == 60);
  CHECK(bonus(board_of("R3 on C6")).points == 30);
  CHECK(bonus(board_of("G1 on C1, G2 on C7, G3 on C16")).kind == BonusKind::Colour);
  CHECK(bonus(board_of("G1 on C1, G2 on C7, G3 on C16")).points == 50);
  CHECK(bonus(board_of("B1 on C1, B2 on C7")).kind == BonusKind::BlackColour);
  CHECK(bonus(board_of("B1 on C1, B2 on C7")).points == 60);
  CHECK(bonus(board_of("B2 on C6, R2 on C16")).kind == BonusKind::Number);
  CHECK(bonus(board_of("B2 on C6, R2 on C16")).points == 30);
  CHECK(bonus(board_of("B2 on C6, R3 on C16")).points == 0);
  CHECK(bonus(board_of("B1 on C1, B2 on C2, B3 on C3, B4 on C4, R1 on C5")).points == 0);
  SplitMix64 rng(3);
  for (int k = 0; k < 2000; ++k) {
    const Board b = test::random_board(rng, static_cast<int>(rng.below(17)));
    const Score s = final_score(b);
    CHECK(s.total() == score_total(b));
    CHECK(s.bonus == bonus(b).points);
    CHECK(s.bonus_kind.empty() == (bonus(b).kind == BonusKind::None));
  }
}
