#include "verify/notation.h"

#include <catch2/catch.hpp>

#include "games/rules.h"
#include "test_util.h"

using namespace scarney;

namespace {

// The value as it would come from `solution: ...` on line 3 of test.scarney.
SourcedText value(const std::string& text) { return {text, SourceLocation{"test.scarney", 3, 11}}; }

WrittenLine line_of(const std::string& text, Game g = Game::Solitaire) {
  return parse_solution(value(text), g);
}

// The message of the InputError that parsing throws.
template <typename F>
std::string error_of(F f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

std::string solution_error(const std::string& text, Game g = Game::Solitaire) {
  return error_of([&] { line_of(text, g); });
}
std::string claim_error(const std::string& text, Game g) {
  return error_of([&] { parse_claim(value(text), g); });
}

Pawn pawn(const char* name) { return *parse_pawn(name); }

}  // namespace

TEST_CASE("notation: jumps, take-offs and calls in the book's words", "[notation]") {
  const auto l = line_of("take off R1, G3 jumps B2 | g3 JUMPS y4; call Scarney");
  REQUIRE(l.moves.size() == 4);
  CHECK(l.moves[0].kind == MoveKind::TakeOff);
  CHECK(l.moves[0].pawns == std::vector<Pawn>{pawn("R1")});
  CHECK(l.moves[1].kind == MoveKind::Jump);
  CHECK(l.moves[1].pawns == std::vector<Pawn>{pawn("G3"), pawn("B2")});
  CHECK(l.moves[1].text == "G3 jumps B2");
  CHECK(l.moves[2].pawns == std::vector<Pawn>{pawn("G3"), pawn("Y4")});
  CHECK(l.moves[3].kind == MoveKind::Call);
  CHECK_FALSE(l.outcome);
  // Columns count from the value's first character (column 11 here).
  CHECK(l.moves[0].where.column == 11);
  CHECK(l.moves[1].where.column == 11 + 13);
  CHECK(l.moves[1].where.line == 3);
  CHECK(l.moves[0].player == std::nullopt);
}

TEST_CASE("notation: High-Low removals name the player and one to three pawns", "[notation]") {
  const auto l = line_of(
      "Player A removes G2, G1, and G4, b removes R4 and R3 and B removes B4, a removes R1, "
      "and wins the game by leaving G3 on the board",
      Game::HighLow);
  REQUIRE(l.moves.size() == 4);
  CHECK(l.moves[0].player == Side::A);
  CHECK(l.moves[0].kind == MoveKind::Remove);
  CHECK(l.moves[0].pawns == std::vector<Pawn>{pawn("G2"), pawn("G1"), pawn("G4")});
  CHECK(l.moves[0].text == "Player A removes G2, G1, and G4");
  CHECK(l.moves[1].player == Side::B);
  CHECK(l.moves[1].pawns == std::vector<Pawn>{pawn("R4"), pawn("R3")});
  // "and B removes": the 'and' before a player ends the list of pawns.
  CHECK(l.moves[2].player == Side::B);
  CHECK(l.moves[2].pawns == std::vector<Pawn>{pawn("B4")});
  CHECK(l.moves[3].player == Side::A);
  REQUIRE(l.outcome);
  CHECK(l.outcome->last_mover_wins == true);
  CHECK(l.outcome->left == std::vector<Pawn>{pawn("G3")});
  // A move without a player is allowed: it is made by whoever is to move.
  CHECK(line_of("removes G4", Game::HighLow).moves[0].player == std::nullopt);
  // Doubles moves may name the player with a colon.
  CHECK(line_of("A: take off R1, B: G3 jumps B2", Game::Doubles).moves[1].player == Side::B);
}

TEST_CASE("notation: the closing `leaving ...` clause", "[notation]") {
  const auto l = line_of("G3 jumps B2 | leaving G3 and B1");
  REQUIRE(l.outcome);
  CHECK_FALSE(l.outcome->last_mover_wins);
  CHECK(l.outcome->left == std::vector<Pawn>{pawn("G3"), pawn("B1")});
  const auto loses =
      line_of("A removes G4, and loses the game by leaving G2 on the board.", Game::HighLow);
  CHECK(loses.outcome->last_mover_wins == false);
}

TEST_CASE("notation: syntax errors point into the value", "[notation][errors]") {
  // "G3 jumps" then nothing: the error is at the end of the value.
  CHECK(solution_error("G3 jumps") ==
        "test.scarney:3:19: expected a pawn (B1 to G4), found the end of the line");
  CHECK(solution_error("G3 hops B2") ==
        "test.scarney:3:14: expected 'jumps' after G3, found 'hops'");
  CHECK(solution_error("G3 jumps B2, G5 jumps B1").find("test.scarney:3:24: expected a move") == 0);
  CHECK(solution_error("G3 jumps BI").find("test.scarney:3:20: expected a pawn") == 0);
  CHECK(solution_error("A removes G1, G2, G3 and G4", Game::HighLow) ==
        "test.scarney:3:21: a move removes one, two or three pawns, not 4");
  CHECK(solution_error("A removes G1 and G1", Game::HighLow) ==
        "test.scarney:3:28: pawn G1 named twice");
  CHECK(solution_error("G3 jumps B2 G4 jumps B1") ==
        "test.scarney:3:23: expected ',' or '|' between moves, found 'G4'");
  CHECK(
      solution_error("A G3 jumps B2").find("test.scarney:3:11: a solitaire game has one player") ==
      0);
  CHECK(solution_error("G3 jumps B2 @").find("test.scarney:3:23: unexpected character '@'") == 0);
  CHECK(solution_error("leaving G3, G3 jumps B2").find("test.scarney:3:23: nothing may follow") ==
        0);
  CHECK(solution_error(", |").find("test.scarney:3:11: the solution names no move") == 0);
  CHECK(solution_error("take R1") ==
        "test.scarney:3:16: expected 'off' in `take off R1`, found 'R1'");
}

TEST_CASE("notation: words, punctuation, tabs and stray characters", "[notation][errors]") {
  // Words are letters and digits; each of `,|;:.+-` stands alone; tabs are blanks.
  CHECK(line_of("G3\tjumps\tB2,\tG3 jumps Y3").moves.size() == 2);
  CHECK(line_of("G3 jumps B2; G3 jumps Y3 then G4 jumps Y4. leaving G3 and B1 on the board")
            .moves.size() == 3);
  CHECK(line_of("Player A: removes G3, and Y4 | B removes R4", Game::HighLow).moves.size() == 2);
  CHECK(solution_error("G3 jumps B2+G3 jumps Y3") ==
        "test.scarney:3:22: expected ',' or '|' between moves, found '+'");
  CHECK(solution_error("G3jumps B2") ==
        "test.scarney:3:11: expected a move (`G3 jumps B2`, `take off R1`, `A removes G4 and "
        "G2`, `call Scarney`), found 'G3jumps'");
  // Any other character is refused where it stands, even after an error the
  // parser would find first; a multi-byte character is quoted whole (two bytes).
  const std::string usage =
      "' (moves are written like `G3 jumps B2`, `A removes G4 and G2`, separated by ',' or '|')";
  CHECK(solution_error("G3 hops B2 !") == "test.scarney:3:22: unexpected character '!" + usage);
  CHECK(solution_error("G3_jumps B2") == "test.scarney:3:13: unexpected character '_" + usage);
  CHECK(solution_error("G3 jumps B2, G3 jumps Y3 \xC3\xA9") ==
        "test.scarney:3:36: unexpected character '\xC3\xA9" + usage);
  CHECK(solution_error("G3 jumps B2\rG3") ==
        "test.scarney:3:22: unexpected character '\\x0d" + usage);
  CHECK(claim_error("score 36 points!", Game::Solitaire) ==
        "test.scarney:3:26: unexpected character '!" + usage);
  CHECK(claim_error("score 36 \xC3\xBC", Game::Solitaire) ==
        "test.scarney:3:20: unexpected character '\xC3\xBC" + usage);
}

TEST_CASE("notation: claims", "[notation][claim]") {
  const auto score = parse_claim(value("score 63"), Game::Solitaire);
  CHECK(score.kind == Claim::Kind::Score);
  CHECK(score.number == 63);
  CHECK(parse_claim(value("Total Game Score 116 Points"), Game::Singles).number == 116);
  const auto a = parse_claim(value("A wins"), Game::HighLow);
  CHECK(a.kind == Claim::Kind::Winner);
  CHECK(a.winner == Side::A);
  // "B loses" is the same claim, kept in the book's words.
  const auto b = parse_claim(value("B loses"), Game::HighLow);
  CHECK(b.winner == Side::A);
  CHECK(b.text == "B loses");
  CHECK(parse_claim(value("Player A moves first and B loses the game"), Game::HighLow).winner ==
        Side::A);
  CHECK(parse_claim(value("A loses"), Game::Doubles).winner == Side::B);
  CHECK(parse_claim(value("margin -6"), Game::Doubles).number == -6);
  CHECK(parse_claim(value("payoff +12"), Game::HighLow).number == 12);

  CHECK(claim_error("A wins", Game::Solitaire)
            .find("test.scarney:3:11: a winner claim does not fit a solitaire game") == 0);
  CHECK(claim_error("score 63", Game::HighLow).find("a score claim does not fit a highlow game") !=
        std::string::npos);
  CHECK(claim_error("C wins", Game::HighLow).find("test.scarney:3:11: expected a claim") == 0);
  CHECK(claim_error("A draws", Game::HighLow) ==
        "test.scarney:3:13: expected 'wins' or 'loses', found 'draws'");
  CHECK(claim_error("score sixty", Game::Solitaire) ==
        "test.scarney:3:17: expected a number, found 'sixty'");
  CHECK(claim_error("score 63 points extra", Game::Solitaire) ==
        "test.scarney:3:27: unexpected 'extra' after the claim");
  CHECK(claim_error("Player A moves first and Player B draws", Game::HighLow) ==
        "test.scarney:3:45: expected 'wins' or 'loses', found 'draws'");
  CHECK(claim_error("payoff - 12x", Game::HighLow) ==
        "test.scarney:3:20: expected a number, found '12x'");
  CHECK(claim_error("A wins the match", Game::HighLow) ==
        "test.scarney:3:22: expected 'game' in `wins the game`, found 'match'");
  CHECK(claim_error("margin 6", Game::Solitaire) ==
        "test.scarney:3:11: a margin claim does not fit a solitaire game (claims there read "
        "`score 63`)");
  CHECK(claim_error("score 12", Game::HighLow) ==
        "test.scarney:3:11: a score claim does not fit a highlow game (claims there read `A "
        "wins`, `B loses` or `payoff 12`)");
  CHECK(claim_error("score 123456", Game::Solitaire) ==
        "test.scarney:3:17: expected a number from 0 to 9999, found '123456' (no game's "
        "score, margin or payoff comes near)");
  CHECK(claim_error("B moves first and wins", Game::HighLow)
            .find("3:11: the side to move at the start is called A") != std::string::npos);
}

TEST_CASE("notation: resolving a jump says why it is not legal", "[notation][resolve]") {
  // . G3 B2 .   on the first row; Y4 below G3; R4 on C4.
  const Position p = test::parse_one(
      "game: solitaire\nphase: jump\nplacement: G3 on C2, B2 on C3, R4 on C4, Y4 on C6, G4 on "
      "C10\n");
  auto why = [&](const std::string& text) {
    const auto r = resolve(p, line_of(text).moves.at(0));
    return r.move ? std::string("legal") : r.why;
  };
  CHECK(why("Y4 jumps G4") == "legal");
  const auto ok = resolve(p, line_of("Y4 jumps G4").moves.at(0));
  REQUIRE(ok.move);
  CHECK(ok.move->jump == Jump{5, 9, 13});
  CHECK(why("R1 jumps B2") == "there is no R1 on the board");
  CHECK(why("G3 jumps R1") == "there is no R1 on the board");
  CHECK(why("G3 jumps R4") ==
        "G3 (on C2) and R4 (on C4) are not neighbours on a line of the board");
  CHECK(why("G3 jumps B2") == "G3 (on C2) cannot jump B2 (on C3): the circle beyond, C4, holds R4");
  CHECK(why("B2 jumps R4") == "B2 (on C3) cannot jump R4 (on C4): there is no circle beyond it");
  CHECK(why("G4 jumps Y4").find("the circle beyond, C2, holds G3") != std::string::npos);
  CHECK(why("G3 jumps G3") == "a pawn cannot jump itself");
  CHECK(why("take off B2") == "the take-off is over: the game is in its jump phase");
  CHECK(why("removes B2").find("only High-Low removes pawns") == 0);
  CHECK(why("call Scarney").find("Scarney may be called before the last move only in Singles") ==
        0);
  // A pawn of its own colour cannot be jumped.
  const Position q =
      test::parse_one("game: solitaire\nphase: jump\nplacement: G3 on C1, G2 on C2\n");
  CHECK(resolve(q, line_of("G3 jumps G2").moves[0]).why ==
        "G3 cannot jump G2: a pawn jumps only pawns of another colour");
}

TEST_CASE("notation: resolving take-offs and calls", "[notation][resolve]") {
  const Position start =
      test::parse_one("game: singles\nplacement: " + placement_line(deal(5, 1)) + "\n");
  REQUIRE(start.phase == Phase::TakeOff);
  CHECK(resolve(start, line_of("take off R3").moves[0]).why ==
        "only a 1- or 2-spot pawn may be taken off");
  CHECK(resolve(start, line_of("take off R1").moves[0]).move->circle ==
        *start.board.circle_of(make_pawn(Colour::Red, 1)));
  CHECK(
      resolve(start, line_of("G3 jumps B2").moves[0]).why.find("the game starts with a take-off") ==
      0);
  CHECK(resolve(start, line_of("call Scarney").moves[0]).why ==
        "Scarney may be called only after the take-off");
  // Singles may call after the take-off; Solitaire only when no jump is left.
  const Position singles =
      test::parse_one("game: singles\nplacement: G3 on C11, B2 on C10, Y4 on C9\n");
  CHECK(resolve(singles, line_of("call Scarney").moves[0]).move == Move::call());
  const Position over = test::parse_one("game: solitaire\nplacement: G3 on C1, B2 on C16\n");
  CHECK(resolve(over, line_of("call Scarney").moves[0]).move == Move::call());
}

TEST_CASE("notation: resolving High-Low removals", "[notation][resolve]") {
  // Row 1: G1 . R3 G2 ; column 1: G1 G4 (C5) ; R1 alone on C16.
  const Position p = test::parse_one(
      "game: highlow\nplacement: G1 on C1, R3 on C3, G2 on C4, G4 on C5, R1 on C16\n");
  auto why = [&](const std::string& text) {
    const auto r = resolve(p, line_of(text, Game::HighLow).moves.at(0));
    return r.move ? std::string("legal") : r.why;
  };
  CHECK(why("A removes G1 and G4") == "legal");
  CHECK(why("A removes R1") == "legal");
  CHECK(why("A removes G1 and G2") ==
        "the pawns are separated by R3 on C3, a pawn of another colour");
  CHECK(why("A removes G1 and R3") ==
        "G1 and R3 are not of one colour: only same-coloured pawns are removed together");
  CHECK(why("A removes G2 and G4") ==
        "the pawns removed together must stand in one row or one column");
  CHECK(why("A removes Y2") == "there is no Y2 on the board");
  CHECK(why("G1 jumps G4") == "High-Low has no jumps: pawns are removed");
  const Position two = test::parse_one("game: highlow\nplacement: G1 on C1, G2 on C2\n");
  CHECK(resolve(two, line_of("removes G1 and G2", Game::HighLow).moves[0]).why ==
        "a move may not take the last pawn off the board");
}
