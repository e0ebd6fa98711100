// Placement positions: `hands:` and `to-move:` read and checked against the
// board, errors located inside the value.
#include "placement/placement_position.h"

#include <catch2/catch.hpp>

#include "placement/placement_move.h"
#include "test_util.h"

using namespace scarney;

namespace {

PositionRecord placement_file(const std::string& game, const std::string& placement,
                              const std::string& hands, const std::string& to_move = "") {
  std::string text = "game: " + game + "\nphase: placement\n";
  if (!placement.empty()) text += "placement: " + placement + "\n";
  if (!hands.empty()) text += "hands: " + hands + "\n";
  if (!to_move.empty()) text += "to-move: " + to_move + "\n";
  return test::parse_record(text);
}

// The message placement_state throws for the position, "" if none.
std::string error_of(const PositionRecord& p) {
  try {
    placement_state(p);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

// Hands of 14 placed pawns: A (black, red) has placed 7, B (yellow, green) 7.
const char* kFourteen =
    "B1 on C1, Y1 on C2, B2 on C3, Y2 on C4, B3 on C5, Y3 on C6, B4 on C7, Y4 on C8, "
    "R1 on C9, G1 on C10, R2 on C11, G2 on C12, R3 on C13, G3 on C14";

}  // namespace

TEST_CASE("placement: hands and the board say who holds what and whose turn it is",
          "[placement][position]") {
  const PlacementState s = placement_state(placement_file("doubles", kFourteen, "A=R4 B=G4", "A"));
  CHECK(s.game == Game::Doubles);
  CHECK(s.pawns_left() == 2);
  CHECK(s.to_move() == Placer::A);
  CHECK(s.a_colours == (colour_bit(Colour::Black) | colour_bit(Colour::Red)));
  CHECK(s.hand(Placer::A) == 1u << make_pawn(Colour::Red, 4));
  CHECK(s.hand(Placer::B) == 1u << make_pawn(Colour::Green, 4));
  CHECK(hands_text(s) == "A=R4 B=G4");
  // The hands written back read back to the same state.
  CHECK(placement_state(placement_file("doubles", kFourteen, hands_text(s))) == s);
}

TEST_CASE("placement: after an odd number of placements B places", "[placement][position]") {
  const PlacementState s = placement_state(placement_file(
      "highlow", "G1 on C1", "A=G2 G3 G4 R1 R2 R3 R4, B=B1 B2 B3 B4 Y1 Y2 Y3 Y4", "b"));
  CHECK(s.to_move() == Placer::B);
  CHECK(s.a_colours == (colour_bit(Colour::Red) | colour_bit(Colour::Green)));
  CHECK(placement_moves(s).size() == 8 * 15);
}

TEST_CASE("placement: an empty board without hands is A's choice of colours",
          "[placement][position]") {
  const PlacementState s = placement_state(placement_file("singles", "", "", "A"));
  CHECK(s.choosing_colours());
  CHECK(s.pawns_left() == 16);
  const auto ms = placement_moves(s);
  REQUIRE(ms.size() == 6);
  CHECK(placement_text(s, ms[0]) == "A takes black and red");
  CHECK(placement_text(s, ms[5]) == "A takes yellow and green");
  const PlacementState t = play(s, ms[0]);
  CHECK(t.hand(Placer::A) == 0x00FF);
  CHECK(placement_moves(t).size() == 8 * 16);
  CHECK(placement_text(t, PlacementMove::place(make_pawn(Colour::Red, 3), 6)) ==
        "A places R3 on C7");
  const PlacementState u = play(t, PlacementMove::place(make_pawn(Colour::Red, 3), 6));
  CHECK(placement_text(u, PlacementMove::place(make_pawn(Colour::Green, 3), 0)) ==
        "B places G3 on C1");
}

TEST_CASE("placement: bad hands are reported at their token", "[placement][position][errors]") {
  // The value of `hands:` starts at line 4, column 8.
  CHECK(error_of(placement_file("doubles", kFourteen, "A=R4 R4 B=G4")) ==
        "test.scarney:4:13: pawn R4 given twice");
  CHECK(error_of(placement_file("doubles", kFourteen, "A=R4 B=G4 G3")) ==
        "test.scarney:4:18: pawn G3 is already on the board");
  CHECK(error_of(placement_file("doubles", kFourteen, "A=R4 B=G4 R9")) ==
        "test.scarney:4:18: no such pawn 'R9' (expected `A=` or `B=` followed by pawns such as "
        "G3)");
  CHECK(error_of(placement_file("doubles", kFourteen, "R4 B=G4")) ==
        "test.scarney:4:8: say whose hand this is: `A=R4 ...`");
  CHECK(error_of(placement_file("doubles", kFourteen, "A=R4 A=G4")) ==
        "test.scarney:4:13: hand of A given twice");
  CHECK(error_of(placement_file("doubles", kFourteen, "A=R4 B=G4 R4"))
            .find("4:18: pawn R4 given "
                  "twice") != std::string::npos);
  CHECK(error_of(placement_file("doubles", kFourteen, "A=R4 G4")) ==
        "test.scarney:4:8: A holds 2 pawns, but after 14 placements (A first, then alternately) A "
        "holds 1");
  CHECK(error_of(placement_file("doubles", kFourteen, "A=R4")) ==
        "test.scarney:4:8: pawns G4 are neither on the board nor in a hand (each of the sixteen "
        "pawns must be in one place)");
  CHECK(error_of(placement_file("doubles", kFourteen, "A=R4 B=G4", "B")) ==
        "test.scarney:5:10: it is A's turn: with 14 pawns on the board (A places first, then "
        "alternately) A places next");
  CHECK(error_of(placement_file("doubles", kFourteen, "A=R4 B=G4", "C")) ==
        "test.scarney:5:10: expected `to-move: A` or `to-move: B`, found 'C'");
}

TEST_CASE("placement: each colour belongs to one player, two colours each",
          "[placement][position][errors]") {
  // No placement line: `hands:` is line 3, its value starts at column 8.
  CHECK(error_of(
            placement_file("singles", "", "A=B1 B2 B3 B4 R1 R2 R3 Y1 B=R4 Y2 Y3 Y4 G1 G2 G3 G4")) ==
        "test.scarney:3:31: a third colour in the hand of A: each player holds the pawns of two "
        "colours");
  CHECK(error_of(
            placement_file("singles", "", "A=B1 B2 B3 B4 R1 R2 R3 R4 B=Y1 Y2 Y3 Y4 G1 G2 G3 B1")) ==
        "test.scarney:3:57: pawn B1 given twice");
  CHECK(error_of(placement_file("highlow", "G4 on C1",
                                "A=B1 B2 B3 B4 R1 R2 R3 B=R4 Y1 Y2 Y3 Y4 G1 G2 G3")) ==
        "test.scarney:4:33: red pawns are in both hands: each colour belongs to one player");
  // A valid split for comparison: red all with A.
  CHECK(error_of(placement_file("highlow", "R4 on C1",
                                "A=B1 B2 B3 B4 R1 R2 R3 B=Y1 Y2 Y3 Y4 G1 G2 G3 G4")) == "");
}

TEST_CASE("placement: a board with pawns needs hands", "[placement][position][errors]") {
  CHECK(error_of(placement_file("singles", "R4 on C1", ""))
            .find("test.scarney:1:1: a placement "
                  "position with pawns on the "
                  "board needs `hands:`") == 0);
  CHECK(error_of(placement_file("singles", "", "", "B")) ==
        "test.scarney:3:10: it is A's turn: with 0 pawns on the board (A places first, then "
        "alternately) A places next");
}
