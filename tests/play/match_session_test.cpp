// A match against the computer (play/match_session.h): the games before
// read as `scarney match` reads a sheet's lines, errors located by game,
// each finished game's line added and the match scored.
#include "play/match_session.h"

#include <catch2/catch.hpp>

#include "games/deal.h"
#include "play/ladder.h"
#include "play/match_sheet.h"

using namespace scarney;

TEST_CASE("match session: the lines before, as the sheet reads them") {
  const std::vector<std::string> before = {"100 90", "80 120", "95 95", "60 70"};
  const MatchSession s(Game::Singles, Side::A, before);
  CHECK(s.next_game() == 5);
  CHECK(s.lines() == before);
  CHECK(s.sheet() == "game: singles\nplayers: you computer\n100 90\n80 120\n95 95\n60 70\n");
  CHECK(!s.finished());
  // The same match as `scarney match` reads from the whole sheet.
  const Match whole = parse_match(s.sheet(), "t", std::nullopt);
  CHECK(s.match().players == whole.players);
  REQUIRE(s.match().games.size() == whole.games.size());
  for (size_t k = 0; k < whole.games.size(); ++k) {
    CHECK(s.match().games[k].scores == whole.games[k].scores);
    CHECK(s.match().games[k].extra == whole.games[k].extra);
  }
  CHECK(format_score_sheet(s.match(), s.result()) == format_score_sheet(whole, score_match(whole)));

  // Doubles and High-Low: the columns in side order.
  CHECK(MatchSession(Game::Doubles, Side::B).sheet() == "game: doubles\nplayers: computer you\n");
}

TEST_CASE("match session: refusals name the game they are about") {
  try {
    MatchSession(Game::Singles, Side::A, {"80 90", "999 1"});
    FAIL("accepted");
  } catch (const InputError& e) {
    CHECK(e.where().line == 2);  // before[1]
    CHECK(e.message() == "a singles game score is 1 to 190, found 999");
  }
  CHECK_THROWS_AS(MatchSession(Game::Solitaire, Side::A), InputError);
  CHECK_THROWS_WITH(MatchSession(Game::Singles, Side::A, {"10 9", "10 9", "10 9", "10 9", "10 9"}),
                    "the match is over already");
}

TEST_CASE("match session: a game played out adds its line") {
  Analyser analyser;
  for (Game g : {Game::Singles, Game::Doubles, Game::HighLow}) {
    INFO(game_name(g));
    MatchSession s(g, Side::A);
    const PositionRecord start = dealt_position(g, 3, 0);
    PlayGame game(start, analyser);
    play_out(game, Strength::Perfect, Strength::Perfect, 1);
    const std::optional<PlayGame> alone = s.add(game, start, Strength::Perfect, 1);
    CHECK(alone.has_value() == (g == Game::Singles));
    std::optional<int> computer;
    if (alone) computer = alone->outcome().result.score.total();
    // Perfect play alone on the same deal: the same score.
    if (alone) CHECK(computer == game.outcome().result.score.total());
    REQUIRE(s.lines().size() == 1);
    CHECK(s.lines()[0] == match_sheet_line(game.outcome(), computer));
    CHECK(s.next_game() == 2);
    REQUIRE(s.match().games.size() == 1);
    CHECK(s.match().games[0].scores == match_scores(game.outcome(), computer));
    CHECK(!s.finished());
  }
}
