#include "games/match.h"

#include <algorithm>
#include <array>
#include <bit>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <initializer_list>

#include "games/deal.h"
#include "games/rules.h"
#include "games/scoring.h"
#include "test_util.h"

using namespace scarney;

namespace {

const std::string kMatches = std::string(SCARNEY_SOURCE_DIR) + "/positions/matches/";

Match parse(const std::string& text, std::optional<Game> game = std::nullopt) {
  return parse_match(text, "t.match", game);
}

// The message of the InputError that reading `text` throws.
std::string error_of(const std::string& text, std::optional<Game> game = std::nullopt) {
  try {
    parse_match(text, "t.match", game);
  } catch (const InputError& e) {
    return e.what();
  }
  return "(no error)";
}

std::string lines(int count, const std::string& line) {
  std::string s;
  for (int i = 0; i < count; ++i) s += line + "\n";
  return s;
}

Mask circles_of(std::initializer_list<int> numbers) {  // C1 is 1
  Mask m = 0;
  for (int n : numbers) m |= bit(static_cast<Circle>(n - 1));
  return m;
}

}  // namespace

TEST_CASE("the book's Singles sheet: C collects 105 from B and 185 from A", "[match]") {
  const Match m = read_match_file(kMatches + "book-singles.match", Game::Singles);
  REQUIRE(m.players == std::vector<std::string>{"A", "B", "C"});
  REQUIRE(m.games.size() == 5);
  const MatchResult r = score_match(m);
  CHECK(r.finished);
  CHECK(r.points == std::vector<int>{128, 208, 213});
  CHECK(r.match_bonus == std::vector<int>{0, 0, 100});
  CHECK(r.total == std::vector<int>{128, 208, 313});
  CHECK(r.winner == 2);
  CHECK(r.collects == std::vector<int>{185, 105, 0});
  const std::string sheet = format_score_sheet(m, r);
  CHECK(sheet.find("110-177") != std::string::npos);  // game four of C, as the book writes it
  CHECK(sheet.find("C wins the match and collects 105 points from B and 185 points from A.") !=
        std::string::npos);
}

TEST_CASE("the book's Doubles sheet: B wins by 140", "[match]") {
  const Match m = read_match_file(kMatches + "book-doubles.match", std::nullopt);
  CHECK(m.game == Game::Doubles);
  const MatchResult r = score_match(m);
  CHECK(r.finished);
  CHECK(r.points == std::vector<int>{81, 121});
  CHECK(r.total == std::vector<int>{81, 221});
  CHECK(r.winner == 1);
  CHECK(r.collects[0] == 140);
  CHECK(format_score_sheet(m, r).find("B wins the match by 140 points (221 - 81).") !=
        std::string::npos);
  // The book's game four is 20 + 22: read, with a warning where it stands.
  REQUIRE(m.warnings.size() == 1);
  CHECK(std::string(m.warnings[0].what())
            .find("book-doubles.match:9:1: the two scores of a Doubles game should add up "
                  "to 40, these add up to 42") != std::string::npos);
}

TEST_CASE("the book's High-Low sheet: B wins by 252", "[match]") {
  const Match m = read_match_file(kMatches + "book-highlow.match", Game::HighLow);
  const MatchResult r = score_match(m);
  CHECK(r.finished);
  CHECK(r.points == std::vector<int>{22, 114});
  CHECK(r.games_won == std::vector<int>{1, 4});
  CHECK(r.game_bonus == std::vector<int>{20, 80});
  CHECK(r.match_bonus == std::vector<int>{0, 100});
  CHECK(r.shutout_bonus == std::vector<int>{0, 0});  // A scored 22 before B reached 100
  CHECK(r.total == std::vector<int>{42, 294});
  CHECK(r.collects[0] == 252);
  CHECK(format_score_sheet(m, r).find("B wins the match by 252 points (294 - 42).") !=
        std::string::npos);
}

TEST_CASE("High-Low shutout bonus: the loser never scored", "[match]") {
  const MatchResult r =
      score_match(read_match_file(kMatches + "highlow-shutout.match", std::nullopt));
  CHECK(r.winner == 1);
  CHECK(r.shutout_bonus == std::vector<int>{0, 100});
  CHECK(r.total == std::vector<int>{0, 364});  // 104 + 3 x 20 + 100 + 100
  CHECK(r.collects[0] == 364);
  // One game won by A, however small, and there is no shutout.
  const MatchResult s = score_match(parse("game: highlow\n3 -\n- 68\n- 34\n"));
  CHECK(s.shutout_bonus == std::vector<int>{0, 0});
  CHECK(s.total == std::vector<int>{23, 102 + 40 + 100});
}

TEST_CASE("High-Low: the loser's game bonuses can outweigh the winner's total", "[match]") {
  // A wins eight games of 12 (96 + 160 in game bonuses), B two (102 + 40 + 100).
  const Match m = parse("game: highlow\n" + lines(8, "12 -") + "- 68\n- 34\n");
  const MatchResult r = score_match(m);
  CHECK(r.winner == 1);
  CHECK(r.total == std::vector<int>{256, 242});
  CHECK(r.collects[0] == -14);
  CHECK(format_score_sheet(m, r).find("B wins the match, but A's total is higher: A collects 14 "
                                      "points from B (242 - 256).") != std::string::npos);
}

TEST_CASE("Doubles: a tie at 100 or more is played out with extra games", "[match]") {
  const Match m = read_match_file(kMatches + "doubles-tie.match", Game::Doubles);
  REQUIRE(m.games.size() == 6);
  for (int k = 0; k < 5; ++k) CHECK_FALSE(m.games[k].extra);
  CHECK(m.games[5].extra);
  const MatchResult r = score_match(m);
  CHECK(r.points == std::vector<int>{118, 122});
  CHECK(r.collects[0] == 104);
  // Stopped at the tie, the match is not finished.
  const MatchResult tied = score_match(parse("game: doubles\n" + lines(5, "20 20")));
  CHECK_FALSE(tied.finished);
  CHECK(tied.winner == -1);
  CHECK(tied.status ==
        "match not finished: A and B are tied for the highest score, 100: extra "
        "games to play");
  // Both over 100 in one game without a tie (only possible with a sum that is
  // not 40): the higher score wins.
  const Match both = parse("game: doubles\n" + lines(4, "20 20") + "15 15\n29 36\n");
  CHECK(both.warnings.size() == 2);
  const MatchResult rb = score_match(both);
  CHECK(rb.winner == 1);
  CHECK(rb.points == std::vector<int>{124, 131});
  CHECK(rb.collects[0] == 107);
}

TEST_CASE("Singles: only the players tied for highest play the extra games", "[match]") {
  const MatchResult r = score_match(read_match_file(kMatches + "singles-tie.match", std::nullopt));
  CHECK(r.points == std::vector<int>{158, 130, 180});
  CHECK(r.collects == std::vector<int>{122, 150, 0});
  // Three tied; the first extra game leaves B and C tied, the second breaks it.
  const Match m = parse("game: singles\n" + lines(5, "20 20 20") + "10 20 20\n- 5 6\n");
  CHECK(m.games[5].extra);
  CHECK(m.games[6].extra);
  const MatchResult s = score_match(m);
  CHECK(s.winner == 2);
  CHECK(s.points == std::vector<int>{110, 125, 126});
  CHECK(s.total == std::vector<int>{110, 125, 226});
  CHECK(error_of("game: singles\n" + lines(5, "20 20 20") + "10 20 20\n1 5 6\n") ==
        "t.match:8:1: A is not tied for the highest score and sits out the extra game: write '-'");
  CHECK(error_of("game: singles\n" + lines(5, "20 20 20") + "10 20 20\n- 5 -\n") ==
        "t.match:8:5: C is tied for the highest score and plays the extra game: expected his game "
        "score");
}

TEST_CASE("an unfinished match prints its sheet and what is left", "[match]") {
  const Match m = read_match_file(kMatches + "highlow-in-progress.match", std::nullopt);
  const MatchResult r = score_match(m);
  CHECK_FALSE(r.finished);
  CHECK(r.total == std::vector<int>{12, 40});
  CHECK(r.status == "match not finished: nobody has reached 100 yet (A: 88 to go, B: 60 to go)");
  CHECK(format_score_sheet(m, r).find("Match not finished: nobody has reached 100 yet") !=
        std::string::npos);
  CHECK(json_text(match_json(m, r)).find("\"finished\":false") != std::string::npos);
  CHECK(json_text(match_json(m, r)).find("\"winner\":null") != std::string::npos);
  CHECK(score_match(parse("players: X Y Z\n1 2 3\n", Game::Singles)).status ==
        "match not finished: 1 of 5 games played");
  CHECK_FALSE(score_match(parse("", Game::Doubles)).finished);
}

TEST_CASE("match JSON carries totals, bonuses and credits", "[match]") {
  const Match m = read_match_file(kMatches + "book-highlow.match", std::nullopt);
  const std::string j = json_text(match_json(m, score_match(m)));
  CHECK(j.find("\"game\":\"highlow\"") != std::string::npos);
  CHECK(j.find("\"games\":[[null,21],[22,null],") != std::string::npos);
  CHECK(j.find("\"total\":[42,294]") != std::string::npos);
  CHECK(j.find("\"winner\":\"B\",\"wins_by\":252,\"collects\":[{\"from\":\"A\",\"points\":252}]") !=
        std::string::npos);
  const Match s = read_match_file(kMatches + "book-singles.match", std::nullopt);
  CHECK(
      json_text(match_json(s, score_match(s)))
          .find("\"collects\":[{\"from\":\"B\",\"points\":105},{\"from\":\"A\",\"points\":185}]") !=
      std::string::npos);
}

TEST_CASE("match sheet header: game, players, title", "[match]") {
  const Match m = parse("# c\nTitle:  a  title \nGAME: high-low\nplayers: Ann Bob\n- 3 # x\n");
  CHECK(m.title == "a  title");
  CHECK(m.game == Game::HighLow);
  CHECK(m.players == std::vector<std::string>{"Ann", "Bob"});
  CHECK(parse("4 5 6 7\n", Game::Singles).players == std::vector<std::string>{"A", "B", "C", "D"});
  CHECK(error_of("game: doubles\n", Game::HighLow) ==
        "t.match:1:7: the file is a doubles match, but --game says highlow");
  CHECK(error_of("20 20\n") ==
        "t.match:1:1: which game? give `game: singles|doubles|highlow` or --game");
  CHECK(error_of("game: solitaire\n") ==
        "t.match:1:7: expected singles, doubles or highlow, found 'solitaire'");
  CHECK(error_of("game: doubles\nplayers: A B C\n") ==
        "t.match:2:10: a doubles match has two players, found 3");
  CHECK(error_of("players: A B A\n", Game::Singles) == "t.match:1:14: player 'A' named twice");
  CHECK(
      error_of("players: A \"B\"\n", Game::Singles) ==
      "t.match:1:12: a player's name is up to 16 letters, digits, '_', '.' or '-', found '\"B\"'");
  CHECK(error_of("players: A\n", Game::Singles) ==
        "t.match:1:10: a singles match has 2 to 12 players, found 1");
  CHECK(error_of("7\n", Game::Singles) ==
        "t.match:1:1: a singles match has 2 to 12 players, found 1 scores");
  CHECK(error_of("", Game::Singles) == "t.match:1:1: no players: give `players:` or a game line");
  CHECK(error_of("game: doubles\ngame: doubles\n") == "t.match:2:1: key 'game' given twice");
  CHECK(error_of("game: doubles\nscore: 3\n") ==
        "t.match:2:1: unknown key 'score' (expected game, players or title)");
  CHECK(error_of("game: doubles\n20 20\nplayers: A B\n") ==
        "t.match:3:1: keys (game:, players:, title:) come before the first game");
  CHECK(error_of("game:\n") == "t.match:1:6: missing value after 'game:'");
}

TEST_CASE("game lines are checked against the rules, with file:line:column", "[match][errors]") {
  // Wrong number of scores: at the first score too many, or just after the last.
  CHECK(error_of("game: doubles\n20 20 5\n") ==
        "t.match:2:7: expected 2 scores (A and B), found 3");
  CHECK(error_of("game: singles\nplayers: A B C\n1  2\n") ==
        "t.match:3:5: expected 3 scores (A, B and C), found 2");
  CHECK(error_of("game: doubles\n20 x0\n") ==
        "t.match:2:4: expected a game score (a number) or '-', found 'x0'");
  CHECK(error_of("game: doubles\n20 -20\n") ==
        "t.match:2:4: expected a game score (a number) or '-', found '-20'");
  // Ranges.
  CHECK(error_of("game: singles\n1 190\n") == "(no error)");
  CHECK(error_of("game: singles\n0 190\n") ==
        "t.match:2:1: a singles game score is 1 to 190, found 0");
  CHECK(error_of("game: singles\n1 191\n") ==
        "t.match:2:3: a singles game score is 1 to 190, found 191");
  CHECK(error_of("game: singles\n1 99999999999999999999\n") ==
        "t.match:2:3: a singles game score is 1 to 190, found 99999999999999999999");
  CHECK(error_of("game: doubles\n1 39\n") == "(no error)");
  CHECK(error_of("game: doubles\n0 40\n") ==
        "t.match:2:1: a doubles game score is 1 to 39, found 0");
  CHECK(error_of("game: doubles\n20 -\n") ==
        "t.match:2:4: both players score in every Doubles game: expected a number");
  CHECK(error_of("game: highlow\n- 3\n68 -\n36 -\n") == "(no error)");
  CHECK(error_of("game: highlow\n- 2\n") ==
        "t.match:2:3: a highlow game score is 3 to 68, found 2");
  CHECK(error_of("game: highlow\n69 -\n") ==
        "t.match:2:1: a highlow game score is 3 to 68, found 69");
  CHECK(error_of("game: highlow\n35 -\n") ==
        "t.match:2:1: a High-Low score above 34 is doubled (the last pawn is black) and so even, "
        "found 35");
  CHECK(error_of("game: highlow\n-  -\n") ==
        "t.match:2:1: one player wins each High-Low game: expected the winner's score");
  CHECK(error_of("game: highlow\n10 12\n") ==
        "t.match:2:4: only the winner of a High-Low game scores: write '-' for the loser");
  CHECK(error_of("game: singles\n10 - 12\n") ==
        "t.match:2:4: every player plays each of the five games: '-' is only for a player sitting "
        "out an extra game");
  // Games after the end of the match.
  CHECK(error_of("game: highlow\n- 68\n- 34\n3 -\n") ==
        "t.match:4:1: the match already ended after game 2 (B reached 102): no game can follow");
  CHECK(error_of("game: singles\n" + lines(5, "1 2") + "  3 4\n") ==
        "t.match:7:3: the match already ended after game 5 (B has the highest score, 10): no game "
        "can follow");
  // Limits: games, line length, file size.
  CHECK(error_of("game: doubles\n" + lines(kMaxMatchGames, "20 20")) == "(no error)");
  CHECK(error_of("game: doubles\n" + lines(kMaxMatchGames + 1, "20 20")) ==
        "t.match:202:1: too many games (a sheet holds at most 200)");
  CHECK(error_of("game: doubles\n" + std::string(5000, ' ') + "\n") ==
        "t.match:2:1: line too long (over 4096 bytes)");
  CHECK(error_of(std::string(kMaxMatchFileBytes + 1, '\n')) ==
        "t.match:1:1: file too large for a match sheet (over 65536 bytes)");
}

TEST_CASE("match sheets: byte-order mark, tabs, comments and line endings keep true columns",
          "[match][errors]") {
  // A UTF-8 byte-order mark is skipped; the columns still count its three bytes.
  CHECK(parse("\xEF\xBB\xBFgame: doubles\n11 29\n").game == Game::Doubles);
  CHECK(error_of("\xEF\xBB\xBFgames: doubles\n") ==
        "t.match:1:4: unknown key 'games' (expected game, players or title)");
  CHECK(error_of("\xEF\xBB\xBFgame: doubles\n11 29\n8 3x\n") ==
        "t.match:3:3: expected a game score (a number) or '-', found '3x'");
  // Tabs are blanks, counted as one column each.
  const Match tabs = parse("game:\tdoubles\nplayers:\tA\tB\n\t11\t29\n");
  CHECK(tabs.players == std::vector<std::string>{"A", "B"});
  CHECK(error_of("game:\tdoubles\n\t8\t3\t5\n") ==
        "t.match:2:6: expected 2 scores (A and B), found 3");
  CHECK(error_of("game: doubles\nplayers: A\tB!c\n") ==
        "t.match:2:12: a player's name is up to 16 letters, digits, '_', '.' or '-', found 'B!c'");
  // Comments end a line anywhere; a key stands at its first character.
  CHECK(error_of("game: doubles # the game\n11 29 # ok\n8 # short\n") ==
        "t.match:3:2: expected 2 scores (A and B), found 1");
  CHECK(error_of("Game: doubles\n  GAME: singles\n") == "t.match:2:3: key 'game' given twice");
  CHECK(error_of("game: doubles\n  Colour Key : x\n") ==
        "t.match:2:3: unknown key 'Colour Key' (expected game, players or title)");
  CHECK(error_of("  : doubles\n") ==
        "t.match:1:3: unknown key '' (expected game, players or title)");
  CHECK(error_of(":\n") == "t.match:1:2: missing value after ':'");
  CHECK(error_of("game:   # none\n") == "t.match:1:6: missing value after 'game:'");
  CHECK(parse("title:   my  match  \t # c\ngame: doubles\n").title == "my  match");
  // The game is quoted as written up to the comment, blanks and all.
  CHECK(error_of("game: chess   # comment\n") ==
        "t.match:1:7: expected singles, doubles or highlow, found 'chess   '");
  CHECK(error_of("game: singles doubles\n") ==
        "t.match:1:7: expected singles, doubles or highlow, found 'singles doubles'");
  CHECK(parse("game: doubles\r\nplayers: A B\r\n11 29\r\n").games.size() == 1);
  // Lines are checked in order: an error comes before a later line's length.
  CHECK(error_of("game: doubles\n11 2x\n" + std::string(5000, 'y') + "\n") ==
        "t.match:2:4: expected a game score (a number) or '-', found '2x'");
  CHECK(error_of("game: doubles\n# " + std::string(5000, 'x') + "\n") ==
        "t.match:2:1: line too long (over 4096 bytes)");
}

TEST_CASE("the Singles bound: no board earns more than four black pawns on the corners",
          "[match][rules]") {
  const Circle corners[4] = {0, 3, 12, 15}, others[4] = {1, 2, 4, 5};
  int best = 0;
  // The bonus only depends on the pawns left and which stand on corners.
  for (unsigned set = 1; set < (1u << kPawns); ++set) {
    const int n = std::popcount(set);
    if (n > 4) continue;
    for (unsigned on_corner = 0; on_corner < (1u << n); ++on_corner) {
      Board b;
      int k = 0, c = 0, o = 0;
      for (Pawn p = 0; p < kPawns; ++p)
        if (set >> p & 1) b.place(p, (on_corner >> k++ & 1) ? corners[c++] : others[o++]);
      best = std::max(best, final_score(b).total());
    }
  }
  CHECK(best == max_game_score(Game::Singles));
}

TEST_CASE("the High-Low bounds are reached by legal games", "[match][rules]") {
  // Row r holds colour r, one to four spots from left to right.
  Position start;
  start.game = Game::HighLow;
  start.phase = Phase::Removal;
  for (int row = 0; row < 4; ++row)
    for (int col = 0; col < 4; ++col)
      start.board.place(make_pawn(static_cast<Colour>(row), col + 1), circle_at(row, col));
  auto replay = [&](std::initializer_list<Mask> moves) {
    Position p = start;
    for (Mask m : moves) {
      REQUIRE(is_legal(p, Move::remove(m)));
      p = play(p, Move::remove(m));
    }
    REQUIRE(is_over(p));
    return end_value(p);
  };
  // 68: the winner takes every triple, the loser three 1-spots; B3 is left.
  CHECK(replay({circles_of({1, 2, 4}), circles_of({5}), circles_of({6, 7, 8}), circles_of({9}),
                circles_of({10, 11, 12}), circles_of({13}), circles_of({14, 15, 16})}) ==
        -max_game_score(Game::HighLow));
  // 3: the loser takes the triples and leaves R2; the winner took three 1-spots.
  CHECK(replay({circles_of({2, 3, 4}), circles_of({1}), circles_of({5, 7, 8}), circles_of({9}),
                circles_of({10, 11, 12}), circles_of({13}), circles_of({14, 15, 16})}) ==
        min_game_score(Game::HighLow));
}

TEST_CASE("random games stay within the game-score bounds", "[match][rules]") {
  SplitMix64 rng(11);
  for (int i = 0; i < 300; ++i) {
    for (Game g : {Game::Singles, Game::Doubles, Game::HighLow}) {
      Position p = deal_position(g, random_deal(rng));
      int mover = 0;
      std::array<int, 2> score{0, 0};
      while (true) {
        if (g == Game::Singles && can_call(p) && rng.below(8) == 0) break;
        const auto ms = legal_moves(p);
        if (ms.empty()) break;
        const Move m = ms[rng.below(ms.size())];
        score[mover] += gain(p, m);
        p = play(p, m);
        if (two_player(g)) mover ^= 1;
      }
      const int v = end_value(p);
      if (g == Game::Singles) {
        CHECK(v >= min_game_score(g));
        CHECK(v <= max_game_score(g));
      } else if (g == Game::Doubles) {
        score[mover ^ 1] -= v;  // the last mover sweeps
        CHECK(score[0] + score[1] == kTotalSpots);
        CHECK(std::min(score[0], score[1]) >= min_game_score(g));
      } else {
        const int won = std::abs(v);
        CHECK(won >= min_game_score(g));
        CHECK(won <= max_game_score(g));
        if (won > max_game_score(g) / 2) CHECK(won % 2 == 0);
      }
    }
  }
}

TEST_CASE("scarney match prints the sheet, --json, and fails with status 2", "[match][cli]") {
  const auto r = test::run_scarney("match --game highlow " + kMatches + "book-highlow.match");
  CHECK(r.status == 0);
  CHECK(r.out.find("B wins the match by 252 points") != std::string::npos);
  const auto j = test::run_scarney("match --json -", "game: singles\n" + lines(5, "1 2"));
  CHECK(j.status == 0);
  CHECK(j.out.find("\"winner\":\"B\",\"collects\":[{\"from\":\"A\",\"points\":105}]") !=
        std::string::npos);
  const auto bad = test::run_scarney("match --game doubles -", "20 21\n0 40\n");
  CHECK(bad.status == 2);
  CHECK(bad.err.find("scarney: -:2:1: a doubles game score is 1 to 39, found 0") !=
        std::string::npos);
  const auto warned = test::run_scarney("match " + kMatches + "book-doubles.match");
  CHECK(warned.status == 0);
  CHECK(warned.err.find("book-doubles.match:9:1: warning: the two scores") != std::string::npos);
  const auto strict = test::run_scarney("match --strict " + kMatches + "book-doubles.match");
  // --strict means one thing everywhere (docs/cli.md): a failed check, exit 1.
  CHECK(strict.status == 1);
  CHECK(strict.err.find("book-doubles.match:9:1: warning: the two scores") != std::string::npos);
  CHECK(strict.err.find("scarney: --strict: the sheet has 1 warning") != std::string::npos);
  CHECK(test::run_scarney("match --game solitaire -", "").status == 2);
  CHECK(test::run_scarney("match --help").status == 0);
}

TEST_CASE("game traits: the games with match rules are those the sheet reader takes") {
  for (Game g : {Game::Solitaire, Game::Singles, Game::Doubles, Game::HighLow}) {
    INFO(game_name(g));
    bool reads = true;
    try {
      parse_match("players: a b\n", "t", g);
    } catch (const InputError&) {
      reads = false;
    }
    CHECK(traits(g).matches == reads);
    CHECK(traits(g).placement == traits(g).matches);
    CHECK(traits(g).scored == !traits(g).two_player);
  }
}
