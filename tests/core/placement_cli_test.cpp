// `scarney solve` and `scarney moves` on placement positions.
#include <catch2/catch.hpp>
#include <chrono>
#include <sstream>

#include "sanitizers.h"
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
  // The empty board is on the committed proof's top once it is compiled
  // in: its outcome then in place of the estimate's guess.
  const bool proved = SCARNEY_PROOF_CERTIFIED == 1;
  CHECK(text.out.find(proved ? "A (to move) wins: proved, payoff ≈ "
                             : "A (to move) probably wins, payoff ≈ ") != std::string::npos);
  // Every row an estimate: "≈" before its value, its outcome "probably"
  // (or, the three choices with black, the proof's); exact rows
  // (kTwoLeft) neither.
  const auto rows =
      run_scarney("moves --depth 1 --samples 1 -", "game: highlow\nphase: placement\n");
  REQUIRE(rows.status == 0);
  int listed = 0, proved_rows = 0;
  std::istringstream lines(rows.out);
  for (std::string line; std::getline(lines, line);)
    if (line.rfind("  A takes ", 0) == 0) {
      INFO(line);
      CHECK(line.find(" ≈ ") != std::string::npos);
      const bool by_proof = line.find("(wins: proved)") != std::string::npos;
      CHECK((line.find(" probably ") == std::string::npos) == by_proof);
      proved_rows += by_proof;
      ++listed;
    }
  CHECK(listed == 6);
  CHECK(proved_rows == (proved ? 3 : 0));
  const auto exact = run_scarney("moves -", kTwoLeft);
  REQUIRE(exact.status == 0);
  CHECK(exact.out.find("≈") == std::string::npos);
  CHECK(exact.out.find("probably") == std::string::npos);
}

TEST_CASE("Singles estimates within the network's reach are labelled learned", "[cli][placement]") {
  // Ten left, A to place: one placement deep the boards have 9 left, which
  // the learned evaluation values (placement/value_net.h), unless B helps
  // A (--cooperative: it is fitted to opposed placers).
  const std::string ten =
      "game: singles\nphase: placement\n"
      "placement: G3 on C1, R4 on C2, Y4 on C7, Y2 on C14, B1 on C16, G1 on C4\n"
      "hands: A=B2 B3 B4 Y1 Y3 B=R1 R2 R3 G2 G4\n";
  const auto r = run_scarney("solve --json --depth 1 -", ten);
  REQUIRE(r.status == 0);
  CHECK(r.out.find("\"evaluation\":\"learned\"") != std::string::npos);
  CHECK(r.out.find("\"std_error\"") == std::string::npos);
  const auto text = run_scarney("solve --depth 1 -", ten);
  CHECK(text.out.find("then a learned evaluation; such estimates are off by") != std::string::npos);
  const auto helped = run_scarney("solve --json --depth 1 --cooperative --samples 4 -", ten);
  REQUIRE(helped.status == 0);
  CHECK(helped.out.find("\"evaluation\":\"completions\"") != std::string::npos);
}

// Without --depth, a search beyond the horizon stops after 2 placements,
// or 3 where 2 would end on boards with A to place, which a learned
// evaluation values worse (placement_solver.h, odd_leaf_depth); High-Low
// (no network) after 1 whoever places.
TEST_CASE("the default depth ends on boards with B to place where a network values them",
          "[cli][placement]") {
  const auto searched = [](const std::string& game, int left) {
    const auto deal = run_scarney("deal --game " + game + " --left " + std::to_string(left) +
                                  " --count 1 --seed 5");
    REQUIRE(deal.status == 0);
    const auto r = run_scarney("moves -", deal.out);
    REQUIRE(r.status == 0);
    const size_t at = r.out.find("not exact: ");
    REQUIRE(at != std::string::npos);
    return r.out.substr(at + 11, r.out.find(' ', at + 11) - at - 11);
  };
  CHECK(searched("singles", 14) == "3");  // A to place: boards at 11 left
  CHECK(searched("singles", 13) == "2");  // B to place: boards at 11 left
  CHECK(searched("doubles", 14) == "3");
  CHECK(searched("doubles", 13) == "2");
  CHECK(searched("highlow", 14) == "1");
  // From the colour choice: the choice and one placement (15 left).
  const auto choice = run_scarney("moves -", "game: singles\nphase: placement\n");
  REQUIRE(choice.status == 0);
  CHECK(choice.out.find("not exact: 2 placement(s) searched, then a learned evaluation") !=
        std::string::npos);
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
  // As text: who wins, and no payoff (none was asked; it is not 0).
  const auto text = run_scarney("solve --winner-only -", two_left);
  REQUIRE(text.status == 0);
  CHECK(text.out.find("A (to move) loses  (exact)") != std::string::npos);
  CHECK(text.out.find("payoff") == std::string::npos);
}

TEST_CASE("bad hands exit with status 2 and file:line:column", "[cli][placement][errors]") {
  const auto r = run_scarney("solve -",
                             "game: singles\nphase: placement\nplacement: R4 on C1\n"
                             "hands: A=B1 B2 B3 B4 R1 R2 R3 B=Y1 Y2 Y3 Y4 G1 G2 G3 R4\n");
  CHECK(r.status == 2);
  CHECK(r.err.find("-:4:54: pawn R4 is already on the board") != std::string::npos);
}

TEST_CASE("placement --time: the deepest search that finishes, labelled, within the budget",
          "[cli][placement][budget]") {
  // Fourteen pawns left: no budget of a second searches that to the end.
  const std::string far =
      "game: doubles\nphase: placement\nplacement: G3 on C1, R1 on C6\n"
      "hands: A=G1 G2 G4 B1 B2 B3 B4 B=R2 R3 R4 Y1 Y2 Y3 Y4\n";
  // What the process costs whatever the budget (its start, the tables and
  // networks it reads: about 0.05 s, 0.3 s under the sanitizers), then the
  // budget's run: within the budget and a tenth beyond that.
  const auto timed = [&](const std::string& budget) {
    const auto t0 = std::chrono::steady_clock::now();
    const auto run = run_scarney("solve --json --time " + budget + " -", far);
    REQUIRE(run.status == 0);
    return std::make_pair(
        run, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  };
  const double fixed = timed("0.01").second;
  const auto [r, took] = timed("0.5");
  CHECK(took < fixed + 0.55 + (SCARNEY_ASAN ? 0.3 : 0.1));  // sanitizers: 3 times slower
  CHECK(r.out.find("\"exact\":false") != std::string::npos);
  CHECK(r.out.find("\"depth\":") != std::string::npos);
  // Doubles' far boards are valued by its learned evaluation, with its error.
  CHECK(r.out.find("\"evaluation\":\"learned\",\"error\":") != std::string::npos);
  CHECK(r.out.find("\"budget_spent\":true") != std::string::npos);
  const auto text = run_scarney("moves --time 0.3 -", far);
  REQUIRE(text.status == 0);
  CHECK(text.out.find("then a learned evaluation; such estimates are off by") != std::string::npos);
  CHECK(text.out.find("the time ran out") != std::string::npos);
  // High-Low's, by random completions: their standard error shown too.
  const std::string high_low =
      "game: highlow\nphase: placement\nplacement: G3 on C4, B4 on C13\n"
      "hands: A=B1 B2 B3 R1 R2 R3 R4 B=Y1 Y2 Y3 Y4 G1 G2 G4\n";
  const auto mean = run_scarney("solve --json --time 0.3 -", high_low);
  REQUIRE(mean.status == 0);
  CHECK(mean.out.find("\"evaluation\":\"completions\",\"std_error\":") != std::string::npos);
  const auto mean_text = run_scarney("moves --time 0.3 -", high_low);
  CHECK(mean_text.out.find("random completions, standard error") != std::string::npos);
  // Near the end a budget reaches the exact value.
  const auto exact = run_scarney("solve --json --time 30 -", kTwoLeft);
  REQUIRE(exact.status == 0);
  CHECK(exact.out.find("\"exact\":true") != std::string::npos);
  // The same answer as without a budget; the work counted is every round's.
  const auto plain = run_scarney("solve --json -", kTwoLeft);
  const auto answer = [](const std::string& json) {
    return json.substr(0, json.find("\"boards_solved\""));
  };
  CHECK(answer(exact.out) == answer(plain.out));
}

TEST_CASE("placement --time and --depth refused where they cannot apply",
          "[cli][placement][errors]") {
  for (const char* args :
       {"solve --time 1 --exact -", "solve --depth 0 -", "solve --time 0 -", "moves --time x -"}) {
    INFO(args);
    const auto r = run_scarney(args, kTwoLeft);
    CHECK(r.status == 2);
    CHECK_FALSE(r.err.empty());
  }
  const auto board =
      run_scarney("solve --time 1 -", "game: solitaire\nplacement: R3 on C1, G2 on C2\n");
  CHECK(board.status == 2);
  CHECK(board.err.find("--time applies to placement positions") != std::string::npos);
}

TEST_CASE("scarney deal --left writes placement positions that read back", "[cli][placement]") {
  const auto r = run_scarney("deal --game highlow --left 5 --count 3 --seed 4", "");
  REQUIRE(r.status == 0);
  CHECK(r.out.find("title: placement 2 of seed 4, 5 left") != std::string::npos);
  // Every position reads back with five pawns left, and the same seed gives the same.
  const auto solved = run_scarney("solve --json --winner-only -", r.out);
  REQUIRE(solved.status == 0);
  size_t n = 0;
  for (size_t at = 0; (at = solved.out.find("\"pawns_left\":5", at)) != std::string::npos; ++at)
    ++n;
  CHECK(n == 3);
  CHECK(run_scarney("deal --game highlow --left 5 --count 3 --seed 4", "").out == r.out);
  CHECK(run_scarney("deal --game solitaire --left 5", "").status == 2);
}

// The game played on the full board names each move's player, as every
// two-player line does (docs/cli.md): the book's first mover after the
// placements (High-Low A, Doubles B), then in turn; Singles has one player.
TEST_CASE("the game after the placements names its players", "[cli][placement]") {
  const std::string board =
      "--position 'B3 on C2, Y1 on C6, B1 on C7, Y2 on C11, R1 on C16, R2 on C1, G1 on C3, "
      "G2 on C4, R3 on C5, Y3 on C8, B2 on C9, G3 on C10' --hands 'A=B4 R4 B=Y4 G4'";
  const auto hl = run_scarney("solve --game highlow --phase placement " + board);
  REQUIRE(hl.status == 0);
  CHECK(hl.out.find("  then: A: removes ") != std::string::npos);
  CHECK(hl.out.find(", B: removes ") != std::string::npos);
  const auto doubles = run_scarney("solve --game doubles --phase placement " + board);
  REQUIRE(doubles.status == 0);
  CHECK(doubles.out.find("  then: B: take off ") != std::string::npos);
  CHECK(doubles.out.find(", A: take off ") != std::string::npos);
  const auto singles = run_scarney("solve --game singles --phase placement " + board);
  REQUIRE(singles.status == 0);
  CHECK(singles.out.find("  then: take off ") != std::string::npos);
}
