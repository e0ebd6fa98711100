// `scarney solve` and `scarney moves` on placement positions.
#include <catch2/catch.hpp>

#include "test_util.h"

using scarney::test::run_scarney;

namespace {

// Fourteen pawns placed; A (black, red) holds R4, B (yellow, green) G4.
const std::string kTwoLeft =
    "game: doubles\nphase: placement\n"
    "placement: B1 on C1, Y1 on C2, B2 on C3, Y2 on C4, B3 on C5, Y3 on C6, B4 on C7, Y4 on C8, "
    "R1 on C9, G1 on C10, R2 on C11, G2 on C12, R3 on C13, G3 on C14\n"
    "hands: A=R4 B=G4\nto-move: A\n";

}  // namespace

TEST_CASE("scarney solve on a placement position gives the exact value and line",
          "[cli][placement]") {
  const auto r = run_scarney("solve --json -", kTwoLeft);
  REQUIRE(r.status == 0);
  CHECK(r.out.find("\"phase\":\"placement\"") != std::string::npos);
  CHECK(r.out.find("\"exact\":true") != std::string::npos);
  CHECK(r.out.find("\"to_move\":\"A\"") != std::string::npos);
  CHECK(r.out.find("\"line\":[\"A places R4 on C") != std::string::npos);
  CHECK(r.out.find("\"B places G4 on C") != std::string::npos);
  CHECK(r.out.find("\"game_line\":[\"take off") != std::string::npos);
  const auto text = run_scarney("solve -", kTwoLeft);
  REQUIRE(text.status == 0);
  CHECK(text.out.find("final margin for A (to move)") != std::string::npos);
  CHECK(text.out.find("(exact)") != std::string::npos);
}

TEST_CASE("scarney moves on a placement position lists every placement", "[cli][placement]") {
  const auto r = run_scarney("moves -", kTwoLeft);
  REQUIRE(r.status == 0);
  CHECK(r.out.find("A places R4 on C15") != std::string::npos);
  CHECK(r.out.find("A places R4 on C16") != std::string::npos);
}

TEST_CASE("estimates beyond the search depth are labelled", "[cli][placement]") {
  const auto r =
      run_scarney("moves --json --depth 1 --samples 1 -", "game: highlow\nphase: placement\n");
  REQUIRE(r.status == 0);
  CHECK(r.out.find("\"exact\":false") != std::string::npos);
  CHECK(r.out.find("\"move\":\"A takes black and red\"") != std::string::npos);
  const auto text =
      run_scarney("solve --depth 1 --samples 1 -", "game: highlow\nphase: placement\n");
  REQUIRE(text.status == 0);
  CHECK(text.out.find("not exact") != std::string::npos);
}

TEST_CASE("High-Low placement: --winner-only reports who wins without a payoff",
          "[cli][placement]") {
  const std::string two_left =
      "game: highlow\nphase: placement\n"
      "placement: B1 on C1, Y1 on C2, B2 on C3, Y2 on C4, B3 on C5, Y3 on C6, B4 on C7, Y4 on C8, "
      "R1 on C9, G1 on C10, R2 on C11, G2 on C12, R3 on C13, G3 on C14\n"
      "hands: A=R4 B=G4\n";
  const auto r = run_scarney("solve --json --winner-only -", two_left);
  REQUIRE(r.status == 0);
  CHECK(r.out.find("\"winner_only\":true") != std::string::npos);
  CHECK(r.out.find("\"to_move_wins\":") != std::string::npos);
  CHECK(r.out.find("\"value\":") == std::string::npos);
  const auto full = run_scarney("solve --json -", two_left);
  REQUIRE(full.status == 0);
  CHECK(full.out.find("\"value\":") != std::string::npos);
}

TEST_CASE("bad hands exit with status 2 and file:line:column", "[cli][placement][errors]") {
  const auto r = run_scarney("solve -",
                             "game: singles\nphase: placement\nplacement: R4 on C1\n"
                             "hands: A=B1 B2 B3 B4 R1 R2 R3 B=Y1 Y2 Y3 Y4 G1 G2 G3 R4\n");
  CHECK(r.status == 2);
  CHECK(r.err.find("-:4:54: pawn R4 is already on the board") != std::string::npos);
}
