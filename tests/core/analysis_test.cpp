// The analysis record: one call gives the value, the principal line, the
// score it ends on and every move's value, consistent with each other and
// with the plain reference search.
#include "analysis/analysis.h"

#include <catch2/catch.hpp>

#include "games/rules.h"
#include "games/scoring.h"
#include "search/reference.h"
#include "test_util.h"

using namespace scarney;

namespace {

PositionRecord random_record(SplitMix64& rng, Game g) {
  PositionRecord r;
  r.position.game = g;
  r.position.phase = phase_after_takeoff(g);
  r.position.board = test::random_board(rng, 3 + static_cast<int>(rng.below(5)));
  return r;
}

AnalysisRequest everything() {
  AnalysisRequest q;
  q.line = q.moves = true;
  return q;
}

}  // namespace

TEST_CASE("analysis: value, line and move values agree with the reference search", "[analysis]") {
  SplitMix64 rng(41);
  Analyser analyser;
  for (const Game g : {Game::Solitaire, Game::Singles, Game::Doubles, Game::HighLow}) {
    for (int i = 0; i < 60; ++i) {
      const PositionRecord r = random_record(rng, g);
      const Analysis a = analyser.analyse(r, everything());
      REQUIRE(a.value);
      CHECK(*a.value == reference_value(r.position));
      REQUIRE(a.moves);
      // Singles lists "call Scarney" among the moves.
      const size_t calls = can_call(r.position) && !is_over(r.position) ? 1 : 0;
      CHECK(a.moves->size() == legal_moves(r.position).size() + calls);
      if (!a.moves->empty()) CHECK(a.moves->front().value == *a.value);  // the best keeps it
      for (size_t k = 1; k < a.moves->size(); ++k)
        if (g != Game::HighLow) CHECK((*a.moves)[k].value <= (*a.moves)[k - 1].value);
      CHECK(a.line->size() <= static_cast<size_t>(r.position.board.pawn_count()));
      CHECK(a.score.has_value() == (g == Game::Solitaire || g == Game::Singles));
      if (a.score) CHECK(a.score->game_score + a.score->bonus == *a.value);
    }
  }
}

TEST_CASE("analysis: the book's eight-pawn end game as one record", "[analysis]") {
  const PositionRecord r = test::parse_record(
      "title: An Eight-Pawn End Game\ngame: solitaire\nphase: jump\nboard:\n"
      "  . G3 Y1 .\n  . B4 G4 .\n  . . R4 Y2\n  . . B2 R1\n");
  Analyser analyser;
  const Analysis a = analyser.analyse(r, everything());
  CHECK(*a.value == 94);
  CHECK(a.score->game_score == 34);
  CHECK(a.score->bonus == 60);
  CHECK(a.score->bonus_kind == "black colour");
  CHECK(a.score->rating == "Good game");
  CHECK(a.line->front() == "G3 jumps Y1");
  CHECK(a.moves->front().value == 94);
  const std::string json = json_text(analysis_json(a));
  CHECK(json.rfind("{\"source\":\"test.scarney:1\",\"title\":\"An Eight-Pawn End Game\","
                   "\"game\":\"solitaire\",\"phase\":\"jump\",\"value\":94,",
                   0) == 0);
  CHECK(json.find("\"rating\":\"Good game\",\"moves\":[{\"move\":\"G3 jumps Y1\",\"value\":94,"
                  "\"gain\":1,\"circles\":{\"from\":\"C2\",\"over\":\"C3\",\"to\":\"C4\"}}") !=
        std::string::npos);
  // The line as data too: G3 jumps Y1 first, one pawn's spots a jump.
  CHECK(json.find("\"line_steps\":[{\"gain\":1,\"circles\":{\"from\":\"C2\",\"over\":\"C3\","
                  "\"to\":\"C4\"}},") != std::string::npos);
}

TEST_CASE("analysis: each move's circles, sides and gain, for every kind of move", "[analysis]") {
  Analyser analyser;
  const auto moves_of = [&](const std::string& text) {
    return analysis_json(analyser.analyse(test::parse_record(text), everything()))["moves"];
  };
  // High-Low: single removals and a line of two; the position after is the
  // other side's.
  const Json hl = moves_of("game: highlow\nplacement: R4 on C1, R3 on C2, G1 on C6, Y2 on C16\n");
  bool pair = false, single = false;
  for (const Json& m : hl) {
    CHECK(m["mover"] == "A");
    if (m["move"] == "removes R4") single = m["circles"] == Json{{"removed", {"C1"}}};
    if (m["move"] == "removes R4 and R3")
      pair = m["circles"] == Json{{"removed", {"C1", "C2"}}} && m["gain"] == 7 && m["next"] == "B";
  }
  CHECK(single);
  CHECK(pair);
  // Solitaire: a take-off; one side, so no mover.
  const Json so = moves_of(
      "game: solitaire\nphase: takeoff\nboard:\n G3 B3 Y2 B1\n G1 G4 Y1 Y4\n R1 R2 B4 G2\n R3 "
      "B2 Y3 R4\n");
  CHECK(so[0]["circles"]["removed"].size() == 1);
  CHECK_FALSE(so[0].contains("mover"));
  // A placement: the circle and the pawn; B places next. Two pawns left,
  // so that the analysis is exact at once (at 14 left the search took two
  // minutes of this test's time and told it nothing more).
  const Json pl = moves_of(
      "game: doubles\nphase: placement\nplacement: B1 on C1, Y1 on C2, B2 on C3, Y2 on C4, B3 on "
      "C5, Y3 on C6, B4 on C7, Y4 on C8, R1 on C9, G1 on C10, R2 on C11, G2 on C12, R3 on C13, G3 "
      "on C14\nhands: A=R4 B=G4\n");
  REQUIRE(!pl.empty());
  CHECK(pl[0]["mover"] == "A");
  CHECK(pl[0]["next"] == "B");
  CHECK(pl[0]["circles"].contains("placed"));
  CHECK(pl[0]["circles"]["pawn"].get<std::string>().size() == 2);
}

TEST_CASE("analysis: asking for the moves alone leaves the value out", "[analysis]") {
  const PositionRecord r =
      test::parse_record("game: highlow\nplacement: R4 on C1, G1 on C2, B3 on C6\n");
  Analyser analyser;
  AnalysisRequest q;
  q.line = false;
  q.moves = true;
  const Analysis a = analyser.analyse(r, q);
  CHECK_FALSE(a.value);
  CHECK_FALSE(a.line);
  REQUIRE(a.moves);
  for (const MoveAnalysis& m : *a.moves) CHECK(m.to_move_wins.has_value());
  const std::string json = json_text(analysis_json(a));
  CHECK(json.find("\"moves\":[{\"move\":") < json.find("\"value\":"));
}
