#include "games/position_file.h"

#include <catch2/catch.hpp>

#include "games/rules.h"
#include "test_util.h"

using namespace scarney;

namespace {
// The message of the InputError that parsing `text` throws.
std::string error_of(const std::string& text) {
  try {
    parse_positions(text, "f.scarney");
  } catch (const InputError& e) {
    return e.what();
  }
  return "(no error)";
}
}  // namespace

TEST_CASE("placement line, board block, comments and several positions", "[parser]") {
  const auto ps = parse_positions(
      "# the book's six-pawn end game\n"
      "Title: six\n"
      "GAME: Solitaire   # keys are case-insensitive\n"
      "placement: Y4 on C2 Y3 on C5, B2 on C10\n"
      "---\n"
      "game: singles\n"
      "board:\n"
      "  .  Y4 .  .\n"
      "  Y3 .  .  .\n"
      "  .  B2 .  .\n"
      "  .  .  .  .\n",
      "f.scarney");
  REQUIRE(ps.size() == 2);
  CHECK(ps[0].title == "six");
  CHECK(ps[0].position.game == Game::Solitaire);
  CHECK(ps[0].position.phase == Phase::Jump);  // default with fewer than 16 pawns
  CHECK(ps[1].position.game == Game::Singles);
  CHECK(ps[0].position.board == ps[1].position.board);
  CHECK(ps[1].where.line == 6);
}

TEST_CASE("the phase defaults to takeoff with 16 pawns", "[parser]") {
  SplitMix64 rng(3);
  Position p;
  p.board = random_deal(rng);
  const auto q = test::parse_one("placement: " + placement_line(p.board));
  CHECK(q.phase == Phase::TakeOff);
  CHECK(test::parse_one("game: highlow\nplacement: B1 on C1").phase == Phase::Removal);
}

TEST_CASE("both written forms read back to the same position", "[parser]") {
  SplitMix64 rng(5);
  for (int i = 0; i < 200; ++i) {
    PositionRecord r;
    Position& p = r.position;
    p.game = static_cast<Game>(rng.below(4));
    p.board = test::random_board(rng, 1 + static_cast<int>(rng.below(15)));
    p.phase = phase_after_takeoff(p.game);
    r.title = "random " + std::to_string(i);
    for (bool as_board : {false, true}) {
      const PositionRecord back = test::parse_record(format_position(r, as_board));
      const Position& q = back.position;
      CHECK(q.board == p.board);
      CHECK(q.game == p.game);
      CHECK(q.phase == p.phase);
      CHECK(back.title == r.title);
    }
  }
}

TEST_CASE("bad input is reported as file:line:column", "[parser][errors]") {
  CHECK(error_of("placement: B1 on C1\ncolour: red\n") ==
        "f.scarney:2:1: unknown key 'colour' (expected title, game, phase, placement, board, "
        "removed, claim, solution, hands or to-move)");
  CHECK(error_of("placement: B1 on C1, B5 on C2\n") ==
        "f.scarney:1:22: no such pawn 'B5' (pawns are B, R, Y, G with 1 to 4 spots, e.g. R3)");
  CHECK(error_of("placement: B1 on C1, B1 on C2\n") == "f.scarney:1:22: pawn B1 placed twice");
  CHECK(error_of("placement: B1 on C1, B2 on C1\n") ==
        "f.scarney:1:28: circle C1 already holds B1");
  CHECK(error_of("placement: B1 on C17\n") ==
        "f.scarney:1:18: no such circle 'C17' (circles are C1 to C16)");
  CHECK(error_of("game: solitaire\nthis line has no colon\n") ==
        "f.scarney:2:1: expected `key: value`, found 'this line has no colon'");
  CHECK(error_of("placement: B1 at C1\n") ==
        "f.scarney:1:15: expected 'on' in `B1 on C…`, found 'at'");
  // A missing word is located where it is missing, not at the next circle
  // or the end of the line (issue 39).
  CHECK(error_of("placement: G3 C1, R1 on C3\n") ==
        "f.scarney:1:15: expected 'on' in `G3 on C…`, found 'C1'");
  CHECK(error_of("placement: G3 on C1, R1 on C3, Y2\n") ==
        "f.scarney:1:34: expected 'on' in `Y2 on C…`, found the end of the line");
  // An empty `placement:` is the empty board, not an error.
  CHECK(test::parse_one("game: doubles\nphase: placement\nplacement:\n").board.pawn_count() == 0);
  CHECK(error_of("placement: G3 on C1, R1 on\n") ==
        "f.scarney:1:27: expected a circle in `R1 on C…`, found the end of the line");
  CHECK(error_of("") == "f.scarney:1:1: empty file: no position found");
  CHECK(error_of("# only a comment\n\n---\n") == "f.scarney:1:1: empty file: no position found");
  CHECK(error_of("game: chess\n") ==
        "f.scarney:1:7: unknown game 'chess' (expected solitaire, singles, doubles or highlow)");
  CHECK(error_of("game: solitaire\ngame: singles\nplacement: B1 on C1\n") ==
        "f.scarney:2:1: key 'game' given twice in one position");
  CHECK(error_of("board:\n B1 . . .\n . . .\n") ==
        "f.scarney:3:2: board row 2: expected 4 tokens (a pawn or '.'), found 3");
  CHECK(error_of("game: solitaire\n") == "f.scarney:1:1: no pawns: give `placement:` or `board:`");
}

TEST_CASE("a phase must fit the game and the pawn count", "[parser][errors]") {
  CHECK(error_of("phase: takeoff\nplacement: B1 on C1\n") ==
        "f.scarney:1:8: phase takeoff needs all 16 pawns on the board, found 1");
  CHECK(error_of("game: solitaire\nphase: takeoff2\nplacement: B1 on C1\n") ==
        "f.scarney:2:8: phase takeoff2 is only for Doubles");
  // No game reaches the second take-off with a 3 or a 4 gone: the first
  // take-off removes a 1- or 2-spot pawn.
  const std::string fifteen =
      "board:\n  G3 B3 Y2 B1\n  G1 G4 Y1 Y4\n  R1 R2 .  G2\n  R3 B2 Y3 R4\n";
  CHECK(error_of("game: doubles\nphase: takeoff2\n" + fifteen) ==
        "f.scarney:2:8: phase takeoff2 follows the first take-off, which removes a 1- or 2-spot "
        "pawn, but the pawn missing is B4");
  std::string b2_gone = fifteen;
  b2_gone.replace(b2_gone.find("R1 R2 .  G2"), 11, "R1 R2 B4 G2")
      .replace(b2_gone.find("B2 Y3"), 2, ". ");
  CHECK(error_of("game: doubles\nphase: takeoff2\n" + b2_gone) == "(no error)");
  // High-Low's removed spots belong to the removal phase.
  CHECK(error_of("game: highlow\nphase: placement\nremoved: 3 0\n") ==
        "f.scarney:3:10: `removed:` is for the removal phase: nothing is removed while the pawns "
        "are being placed");
  CHECK(error_of("game: highlow\nphase: jump\nplacement: B1 on C1\n") ==
        "f.scarney:2:8: phase jump is not a High-Low phase (High-Low has removal)");
  CHECK(error_of("game: solitaire\nremoved: 1 2\nplacement: B1 on C1\n") ==
        "f.scarney:2:10: `removed:` is only for High-Low positions");
  CHECK(error_of("game: highlow\nremoved: 30 20\nplacement: B1 on C1\n") ==
        "f.scarney:2:10: more spots removed than are off the board (39)");
}
