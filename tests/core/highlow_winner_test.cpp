#include "search/highlow_winner.h"

#include <catch2/catch.hpp>

#include "games/rules.h"
#include "search/reference.h"
#include "search/solver.h"
#include "test_util.h"

using namespace scarney;

namespace {

// The removal game on b, as a High-Low game starts (games/rules.h).
Position removal_position(const Board& b) { return deal_position(Game::HighLow, b); }

// The board b with only the pawns on `left`.
Board keep_only(Board b, Mask left) {
  for (Circle c : circles(static_cast<Mask>(b.occupied() & ~left))) b.remove(c);
  return b;
}

}  // namespace

TEST_CASE("High-Low winner pass: agrees with the search on complete boards and their subsets",
          "[highlow][cross-check]") {
  SplitMix64 rng(2027);
  HighLowWinner pass;
  Solver search;
  for (int i = 0; i < 2000; ++i) {
    const Board b = test::random_board(rng, 16);
    REQUIRE(pass.wins(b) == search.highlow_wins(removal_position(b)));
    // Every subset is settled by the same pass: a few at random.
    for (int k = 0; k < 4; ++k) {
      const auto left = static_cast<Mask>(rng.below(65535) + 1);
      CHECK(pass.wins_with(left) == search.highlow_wins(removal_position(keep_only(b, left))));
    }
  }
}

TEST_CASE("High-Low winner pass: agrees with the search on boards of every size",
          "[highlow][cross-check]") {
  SplitMix64 rng(7);
  HighLowWinner pass;
  Solver search;
  for (int i = 0; i < 3000; ++i) {
    const Board b = test::random_board(rng, 1 + static_cast<int>(rng.below(16)));
    REQUIRE(pass.wins(b) == search.highlow_wins(removal_position(b)));
  }
}

TEST_CASE("High-Low winner pass: agrees with the plain reference", "[highlow][cross-check]") {
  SplitMix64 rng(11);
  HighLowWinner pass;
  int decided = 0;
  for (int i = 0; i < 400; ++i) {
    const Board b = test::random_board(rng, 1 + static_cast<int>(rng.below(9)));
    const int ref = reference_value(removal_position(b));
    if (ref == 0) continue;  // a payoff of 0 does not say who wins
    ++decided;
    CHECK(pass.wins(b) == (ref > 0));
  }
  CHECK(decided > 300);
}

TEST_CASE("High-Low winner pass: the last-pawn rule and the end", "[highlow][rules]") {
  HighLowWinner pass;
  // One pawn left: the side to move faces the opponent's last pawn.
  CHECK(pass.wins(test::parse_one("game: highlow\nplacement: R2 on C5\n").board));
  CHECK_FALSE(pass.wins(test::parse_one("game: highlow\nplacement: R3 on C5\n").board));
  // Two reds in a row may not both go (the last pawn): leave the 4 and win.
  CHECK(pass.wins(test::parse_one("game: highlow\nplacement: R1 on C1, R4 on C2\n").board));
  // Two low pawns: whatever is left is low, the mover loses.
  CHECK_FALSE(pass.wins(test::parse_one("game: highlow\nplacement: R1 on C1, R2 on C2\n").board));
}

TEST_CASE("High-Low winner: only whether a pawn is high (3, 4) or low (1, 2) counts",
          "[highlow][rules]") {
  // Who wins asks only whether the last pawn is high or low; the moves do
  // not read spots. So swapping a colour's 1 and 2, or its 3 and 4, keeps
  // the winner (the proof's frontier positions 26 and 35 differ by Y3 and
  // Y4 and have the same certificate size), though not the payoff.
  SplitMix64 rng(35);
  HighLowWinner pass;
  Solver search;
  int payoff_changed = 0;
  for (int i = 0; i < 300; ++i) {
    const Board b = test::random_board(rng, 4 + static_cast<int>(rng.below(13)));
    const auto swapped_pairs = static_cast<unsigned>(rng.below(255) + 1);  // colour x {low, high}
    Board s;
    for (Circle c : circles(b.occupied())) {
      const Pawn p = b.pawn_on(c);
      const unsigned pair = 2 * static_cast<unsigned>(colour_of(p)) + (spots_of(p) >= 3 ? 1 : 0);
      s.place(static_cast<Pawn>((swapped_pairs >> pair) & 1 ? p ^ 1 : p), c);  // 1<->2, 3<->4
    }
    REQUIRE(pass.wins(s) == pass.wins(b));
    if (i < 60) {
      CHECK(search.highlow_wins(removal_position(s)) == search.highlow_wins(removal_position(b)));
      payoff_changed += search.value(removal_position(s)) != search.value(removal_position(b));
    }
  }
  CHECK(payoff_changed > 10);
}
