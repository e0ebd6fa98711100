#include "verify/verify.h"

#include <catch2/catch.hpp>
#include <filesystem>

#include "games/rules.h"
#include "test_util.h"

using namespace scarney;
using scarney::test::run_scarney;

namespace {

Verification check(const std::string& text) {
  Solver solver;
  return verify(test::parse_record(text), solver);
}

bool mentions(const std::vector<std::string>& lines, const std::string& what) {
  for (const auto& l : lines)
    if (l.find(what) != std::string::npos) return true;
  return false;
}

// Solitaire, three pawns in an L:  R1 B2 .  on the first row, G3 below B2.
// R1 jumps B2 leaves R1 and G3 (game 36, no bonus); B2 jumps G3 leaves R1
// and B2 (game 37, no bonus): the best is 37.
const std::string kSolitaire =
    "game: solitaire\nphase: jump\nplacement: R1 on C1, B2 on C2, G3 on C6\n";

// High-Low, A to move: A's only winning move takes B2; then B holds A to 3
// points by taking Y4 (A takes R1 and leaves R4), while taking R1 lets A
// take Y4 too and score 6.
const std::string kHighLow = "game: highlow\nplacement: R4 on C13, R1 on C8, B2 on C3, Y4 on C2\n";

}  // namespace

TEST_CASE("verify: a true claim on a best line holds", "[verify]") {
  const auto v = check(kSolitaire + "claim: score 37\nsolution: B2 jumps G3\n");
  CHECK(v.verdict == Verdict::Holds);
  CHECK(v.best == 37);
  CHECK(v.published_result == "score 37");
  CHECK(v.best_line == std::vector<std::string>{"B2 jumps G3"});
  CHECK(v.problems.empty());
  // A closing "call Scarney" after the last jump only announces the end.
  CHECK(check(kSolitaire + "claim: score 37\nsolution: B2 jumps G3, call Scarney\n").verdict ==
        Verdict::Holds);
  const auto h = check(
      kHighLow + "claim: A wins\nsolution: A removes B2, B removes Y4, A removes R1, leaving R4\n");
  CHECK(h.verdict == Verdict::Holds);
  CHECK(h.published_result == "A wins (3 points)");
  CHECK(h.best == 3);
  // "B loses" is the same claim in other words.
  CHECK(check(kHighLow + "claim: B loses\nsolution: A removes B2, B removes Y4, A removes R1\n")
            .verdict == Verdict::Holds);
  CHECK(check(kHighLow + "claim: payoff 3\n").verdict == Verdict::Holds);
}

TEST_CASE("verify: a line that reaches its claim but not the best is improvable", "[verify]") {
  const auto v = check(kSolitaire + "claim: score 36\nsolution: R1 jumps B2\n");
  CHECK(v.verdict == Verdict::Improvable);
  CHECK(v.best == 37);
  CHECK(v.published_result == "score 36");
  CHECK(mentions(v.problems, "a score of 37 is possible, more than the claimed 36"));
  CHECK(mentions(v.problems,
                 "move 1 `R1 jumps B2` gives up points: the best score falls from 37 to 36"));
  // Two-player: the loser had a better defence.
  const auto h =
      check(kHighLow + "claim: A wins\nsolution: A removes B2, B removes R1, A removes Y4\n");
  CHECK(h.verdict == Verdict::Improvable);
  CHECK(h.published_result == "A wins (6 points)");
  CHECK(mentions(h.problems,
                 "B had a better defence at move 2 `B removes R1`: `B removes Y4` holds A to 3 "
                 "points instead of 6"));
  // The winner's move throws the win away and the loser gives it back.
  const auto t =
      check(kHighLow + "claim: A wins\nsolution: A removes R4, B removes B2, A removes R1\n");
  CHECK(t.verdict == Verdict::Improvable);
  CHECK(mentions(t.problems, "move 1 `A removes R4` throws away A's win"));
  CHECK(mentions(t.problems, "move 2 `B removes B2` throws away B's win"));
}

TEST_CASE("verify: a claim false under perfect play is wrong", "[verify]") {
  const auto v = check(kSolitaire + "claim: score 40\nsolution: B2 jumps G3\n");
  CHECK(v.verdict == Verdict::Wrong);
  CHECK(v.explanation.find("The claim `score 40` is impossible: no line scores more than 37") == 0);
  const auto h = check(kHighLow + "claim: B wins\n");
  CHECK(h.verdict == Verdict::Wrong);
  CHECK(mentions(h.problems, "the claim `B wins` is false: under perfect play A wins (3 points)"));
  // Still wrong when the printed line cannot be replayed either.
  CHECK(check(kSolitaire + "claim: score 99\nsolution: R1 jumps G3\n").verdict == Verdict::Wrong);
}

TEST_CASE("verify: a line that does not reach its claim is wrong", "[verify]") {
  const auto v = check(kSolitaire + "claim: score 37\nsolution: R1 jumps B2\n");
  CHECK(v.verdict == Verdict::Wrong);
  CHECK(
      mentions(v.problems, "the published line's result, score 36, is not the claimed `score 37`"));
  const auto h =
      check(kHighLow + "claim: A wins\nsolution: A removes Y4, B removes B2, A removes R4\n");
  CHECK(h.verdict == Verdict::Wrong);
  CHECK(h.published_result == "B wins (2 points)");
  // The book's closing words are checked against the line too.
  const auto o = check(kSolitaire + "claim: score 37\nsolution: B2 jumps G3, leaving R1 and G3\n");
  CHECK(o.verdict == Verdict::Wrong);
  CHECK(mentions(
      o.problems,
      "the book's closing `leaving R1 and G3` does not match the line, which leaves R1 and B2"));
  const auto w = check(
      kHighLow +
      "claim: A wins\nsolution: A removes B2, B removes Y4, A removes R1, and loses the game\n");
  CHECK(w.verdict == Verdict::Wrong);
  CHECK(mentions(w.problems, "A, who moved last, wins"));
}

TEST_CASE("verify: an illegal move makes the solution malformed", "[verify][malformed]") {
  const auto v = check(kSolitaire + "claim: score 37\nsolution: B2 jumps G3 | R1 jumps G3\n");
  CHECK(v.verdict == Verdict::Malformed);
  CHECK_FALSE(v.published_result);
  CHECK(v.best == 37);
  CHECK(mentions(v.problems,
                 "move 2 `R1 jumps G3` (column 25): the game is already over (no move is left)"));
  const auto n = check(kSolitaire + "claim: score 37\nsolution: Y1 jumps G3\n");
  CHECK(mentions(n.problems, "move 1 `Y1 jumps G3` (column 11): there is no Y1 on the board"));
  const auto j = check(kSolitaire + "claim: score 37\nsolution: G3 jumps B2\n");
  CHECK(j.verdict == Verdict::Malformed);
  CHECK(mentions(j.problems, "G3 (on C6) cannot jump B2 (on C2): there is no circle beyond it"));
  // The claim is still judged under perfect play, in the explanation.
  CHECK(j.explanation.find("The claim itself is right under perfect play (score 37)") !=
        std::string::npos);
}

TEST_CASE("verify: a move out of turn makes the solution malformed", "[verify][malformed]") {
  const auto v =
      check(kHighLow + "claim: A wins\nsolution: A removes B2, A removes Y4, B removes R1\n");
  CHECK(v.verdict == Verdict::Malformed);
  CHECK(mentions(v.problems,
                 "move 2 `A removes Y4` (column 25): out of turn: B is to move, but the book has A "
                 "move again"));
  // The moves before the break are still judged.
  CHECK(
      mentions(v.notes, "the 1 published move before the line breaks is a best move for its side"));
  const auto blunder = check(kHighLow + "claim: A wins\nsolution: A removes R4, A removes B2\n");
  CHECK(mentions(blunder.problems, "move 1 `A removes R4` throws away A's win"));
  CHECK(v.explanation.find("The claim itself is right under perfect play (A wins (3 points))") !=
        std::string::npos);
}

TEST_CASE("verify: a line that stops before the end is malformed", "[verify][malformed]") {
  // The book's six-pawn end game, cut short after two jumps.
  const std::string six =
      "game: solitaire\nplacement: Y4 on C2, Y3 on C5, B2 on C10, G3 on C11, B1 on C14, R4 on "
      "C15\n";
  const auto v = check(six + "claim: score 36\nsolution: G3 jumps B2, G3 jumps Y3\n");
  CHECK(v.verdict == Verdict::Malformed);
  CHECK(mentions(v.problems,
                 "the line stops before the end of the game: 3 moves are still possible"));
  const auto h = check(kHighLow + "claim: A wins\nsolution: A removes B2, B removes Y4\n");
  CHECK(h.verdict == Verdict::Malformed);
  CHECK(mentions(h.problems, "2 pawns are still on the board (High-Low ends with one)"));
}

TEST_CASE("verify: Singles lines may end by calling Scarney", "[verify][singles]") {
  // G3 on C11 between B2 (C10) and nothing: the only jump is B2 jumps G3
  // (game 34); calling Scarney at once scores 31.
  const std::string p = "game: singles\nplacement: G3 on C11, B2 on C10, Y4 on C9\n";
  CHECK(check(p + "claim: score 34\nsolution: B2 jumps G3\n").verdict == Verdict::Holds);
  const auto call = check(p + "claim: score 31\nsolution: call Scarney\n");
  CHECK(call.verdict == Verdict::Improvable);
  CHECK(call.published_result == "score 31");
  CHECK(check(p + "claim: score 31\nsolution: call Scarney, B2 jumps G3\n").verdict ==
        Verdict::Malformed);
  // In Solitaire the same early call is not allowed.
  const auto sol = check(
      "game: solitaire\nplacement: G3 on C11, B2 on C10, Y4 on C9\nclaim: score 31\nsolution: call "
      "Scarney\n");
  CHECK(sol.verdict == Verdict::Malformed);
  CHECK(mentions(sol.problems, "only in Singles"));
}

TEST_CASE("verify: Doubles claims are margins or winners", "[verify][doubles]") {
  // A: G3 jumps B2 (+2), then no jump is left and A sweeps Y4 and G3 (+7).
  const std::string p = "game: doubles\nplacement: G3 on C11, B2 on C10, Y4 on C1\n";
  const auto v = check(p + "claim: margin 9\nsolution: A: G3 jumps B2\n");
  CHECK(v.verdict == Verdict::Holds);
  CHECK(v.published_result == "margin +9");
  CHECK(check(p + "claim: A wins\nsolution: G3 jumps B2\n").verdict == Verdict::Holds);
  CHECK(check(p + "claim: B wins\n").verdict == Verdict::Wrong);
  CHECK(check(p + "claim: margin 12\n").verdict == Verdict::Wrong);
  CHECK(check(p + "claim: margin 9\nsolution: B: G3 jumps B2\n").verdict == Verdict::Malformed);
}

TEST_CASE("verify: a position with nothing to verify is bad input", "[verify][errors]") {
  CHECK_THROWS_AS(check(kSolitaire), InputError);
  CHECK_THROWS_WITH(check(kSolitaire + "claim: score 37\nsolution: B2 hops G3\n"),
                    "test.scarney:5:14: expected 'jumps' after B2, found 'hops'");
}

TEST_CASE("verify: every book position loads and gets a verdict", "[verify][book]") {
  namespace fs = std::filesystem;
  std::vector<std::string> files;
  for (const auto& e : fs::directory_iterator(std::string(SCARNEY_SOURCE_DIR) + "/positions/book"))
    if (e.path().extension() == ".scarney") files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  REQUIRE(files.size() == 11);
  Solver solver;
  std::vector<Verdict> verdicts;
  for (const auto& f : files) {
    const auto ps = read_position_file(f);
    REQUIRE(ps.size() == 1);
    INFO(f);
    REQUIRE(ps[0].claim);
    REQUIRE(ps[0].solution);
    const auto v = verify(ps[0], solver);
    CHECK(v.best_line.size() > 0);
    verdicts.push_back(v.verdict);
    // The findings the README reports.
    if (f.find("03-solitaire-eight") != std::string::npos) {
      CHECK(v.verdict == Verdict::Improvable);
      CHECK(v.best == 94);
    }
    if (f.find("11-highlow-ten") != std::string::npos) {
      CHECK(v.verdict == Verdict::Malformed);
      CHECK(mentions(v.problems, "out of turn"));
      CHECK(mentions(v.notes, "under perfect play A wins"));
    }
  }
  CHECK(std::count(verdicts.begin(), verdicts.end(), Verdict::Holds) >= 1);
}

TEST_CASE("scarney verify: report, JSON and exit statuses", "[verify][cli]") {
  const std::string book = std::string(SCARNEY_SOURCE_DIR) + "/positions/book";
  const auto r = run_scarney("verify " + book);
  CHECK(r.status == 0);
  CHECK(r.out.find("A Twelve-Pawn End Game") != std::string::npos);
  CHECK(r.out.find("Summary") != std::string::npos);
  CHECK(r.out.find("11 positions:") != std::string::npos);
  // Some book verdict is not `holds`.
  CHECK(run_scarney("verify --strict " + book).status == 1);

  const auto j = run_scarney("verify --json " + book);
  CHECK(j.status == 0);
  CHECK(std::count(j.out.begin(), j.out.end(), '\n') == 11);
  for (const char* key : {"\"title\":", "\"game\":", "\"verdict\":", "\"claimed\":",
                          "\"published_result\":", "\"best\":", "\"best_line\":", "\"problems\":"})
    CHECK(j.out.find(key) != std::string::npos);

  const auto holds =
      run_scarney("verify --strict -", kSolitaire + "claim: score 37\nsolution: B2 jumps G3\n");
  CHECK(holds.status == 0);
  const auto bad =
      run_scarney("verify -", kSolitaire + "claim: score 37\nsolution: B2 jumps G3 jumps\n");
  CHECK(bad.status == 2);
  CHECK(bad.err.find("-:5:23: expected ',' or '|' between moves, found 'jumps'") !=
        std::string::npos);
  CHECK(bad.out.empty());
  const auto nothing = run_scarney("verify -", kSolitaire);
  CHECK(nothing.status == 2);
  CHECK(nothing.err.find("nothing to verify") != std::string::npos);
}
