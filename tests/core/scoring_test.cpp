#include "games/scoring.h"

#include <catch2/catch.hpp>

#include "test_util.h"

using namespace scarney;
using scarney::test::board_of;

// The book's worked bonus examples.
TEST_CASE("a lone red 3 scores 37 + 30 = 67", "[scoring][book]") {
  const Score s = final_score(board_of("R3 on C6"));
  CHECK(s.game == 37);
  CHECK(s.bonus == 30);
  CHECK(s.total() == 67);
}

TEST_CASE("a lone black 3 scores 37 + 60 = 97", "[scoring][book]") {
  CHECK(final_score(board_of("B3 on C6")).total() == 97);
  CHECK(final_score(board_of("B3 on C1")).total() == 97);  // no corner bonus for one pawn
}

TEST_CASE("green 1-2-3 scores 64, or 84 with two on corners", "[scoring][book]") {
  CHECK(final_score(board_of("G1 on C6, G2 on C7, G3 on C11")).total() == 64);
  CHECK(final_score(board_of("G1 on C1, G2 on C7, G3 on C16")).total() == 84);
}

TEST_CASE("black 1-2-3 scores 94, a black corner pawn earns 40", "[scoring][book]") {
  CHECK(final_score(board_of("B1 on C6, B2 on C7, B3 on C11")).total() == 94);
  CHECK(final_score(board_of("B1 on C1, B2 on C7, B3 on C11")).total() == 114);
}

TEST_CASE("four 4-spots score 24 + 40 = 64, corners double", "[scoring][book]") {
  CHECK(final_score(board_of("B4 on C6, R4 on C7, Y4 on C10, G4 on C11")).total() == 64);
  CHECK(final_score(board_of("B4 on C1, R4 on C7, Y4 on C10, G4 on C16")).total() == 84);
  // The number bonus is 10 a pawn even for a black one.
  CHECK(final_score(board_of("B2 on C6, R2 on C7")).total() == 36 + 20);
}

TEST_CASE("mixed pawns and five or more pawns earn no bonus", "[scoring]") {
  CHECK(final_score(board_of("B1 on C6, R2 on C7")).total() == 37);
  CHECK(final_score(board_of("G1 on C1, G2 on C2, G3 on C3, G4 on C4, R1 on C16")).bonus == 0);
  // The book's six-pawn end game ends with G3 and B1: 36, no bonus.
  CHECK(final_score(board_of("G3 on C9, B1 on C6")).total() == 36);
}

TEST_CASE("the book's rating tables", "[scoring][book]") {
  CHECK(game_rating(150) == "Perfect game");
  CHECK(game_rating(149) == "Excellent game");
  CHECK(game_rating(125) == "Excellent game");
  CHECK(game_rating(124) == "Par game");
  CHECK(game_rating(95) == "Par game");
  CHECK(game_rating(94) == "Good game");
  CHECK(game_rating(74) == "Fair game");
  CHECK(game_rating(54) == "Average game");
  CHECK(game_rating(34) == "Poor game");
  CHECK(game_rating(30) == "Poor game");
  CHECK(game_rating(29) == "Try again!");
  CHECK(match_rating(700) == "Perfect match");
  CHECK(match_rating(699) == "Excellent match");
  CHECK(match_rating(624) == "Par match");
  CHECK(match_rating(474) == "Good match");
  CHECK(match_rating(374) == "Fair match");
  CHECK(match_rating(274) == "Average match");
  CHECK(match_rating(174) == "Poor match");
  CHECK(match_rating(149) == "Try again!");
  CHECK(match_rating(99) == "You need practice!");
}
