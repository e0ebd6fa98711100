#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "test_util.h"

using scarney::test::run_scarney;

TEST_CASE("scarney solve --json gives value and line", "[cli]") {
  const auto r =
      run_scarney("solve --json -",
                  "game: solitaire\nplacement: G3 on C1, R1 on C3, Y4 on C6, B3 on C8, R4 on C9, "
                  "B4 on C10, G4 on C12\n");
  CHECK(r.status == 0);
  CHECK(r.out.find("\"game\":\"solitaire\"") != std::string::npos);
  CHECK(r.out.find("\"value\":63") != std::string::npos);
  CHECK(r.out.find("\"line\":[\"") != std::string::npos);
  CHECK(r.out.find("jumps") != std::string::npos);
}

TEST_CASE("bad input exits with status 2 and file:line:column", "[cli][errors]") {
  const auto r = run_scarney("solve -", "game: solitaire\nplacement: B5 on C1\n");
  CHECK(r.status == 2);
  CHECK(r.err.find("-:2:12: no such pawn 'B5'") != std::string::npos);
  const auto missing = run_scarney("solve /nonexistent/file.scarney");
  CHECK(missing.status == 2);
  CHECK(missing.err.find(
            "scarney: cannot open /nonexistent/file.scarney: No such file or directory") !=
        std::string::npos);
  const auto no_tables = run_scarney("solve --tb /nonexistent -", "placement: B1 on C1\n");
  CHECK(no_tables.status == 2);
  CHECK(no_tables.err == "scarney: --tb /nonexistent: no such directory\n");
  CHECK(run_scarney("solve --no-such-flag x").status == 2);
}

TEST_CASE("scarney show prints a diagram that reads back", "[cli]") {
  const std::string input = "title: t\nplacement: Y4 on C2, B2 on C10\n";
  const auto r = run_scarney("show -", input);
  REQUIRE(r.status == 0);
  CHECK(r.out.find("board:") != std::string::npos);
  const auto again = run_scarney("show -", r.out);
  CHECK(again.status == 0);
  CHECK(again.out == r.out);
}

TEST_CASE("scarney moves lists every move best first", "[cli]") {
  const auto r =
      run_scarney("moves --json -", "game: singles\nplacement: G3 on C11, B2 on C10, Y4 on C9\n");
  CHECK(r.status == 0);
  CHECK(r.out.find("\"moves\":[{\"move\":") != std::string::npos);
  CHECK(r.out.find("call Scarney") != std::string::npos);
}

TEST_CASE("--help works on every subcommand", "[cli]") {
  for (const char* sub : {"solve", "moves", "show", "bench", "deal"}) {
    const auto r = run_scarney(std::string(sub) + " --help");
    CHECK(r.status == 0);
    CHECK(r.out.find("Usage") != std::string::npos);
  }
  // A subcommand's footer names its own outputs, not its parent's (issue
  // 39: `stats merge --help` named --csv and --keep-extremes).
  const auto merge = run_scarney("stats merge --help");
  CHECK(merge.status == 0);
  CHECK(merge.out.find("Output: the report on standard output (--json: one JSON object); the "
                       "files named by --plot and --save-json.") != std::string::npos);
  CHECK(merge.out.find("--csv") == std::string::npos);
  CHECK(merge.out.find("--keep-extremes") == std::string::npos);
  CHECK(run_scarney("stats --help").out.find("--keep-extremes") != std::string::npos);
}

TEST_CASE("solve's board names each row's circles, as play draws it", "[cli]") {
  // Issue 39: a line's "G3 on C7" could not be found on solve's diagram.
  const auto r =
      run_scarney("solve --color never --game solitaire --position \"R3 on C1, G2 on C2\"");
  CHECK(r.status == 0);
  CHECK(r.out.find("    R3 G2  .  .    C1-C4\n") != std::string::npos);
  CHECK(r.out.find("     .  .  .  .    C13-C16\n") != std::string::npos);
}

TEST_CASE("one position without a file: --position with --game and the phase options",
          "[cli][position]") {
  const auto r = run_scarney("solve --json --game solitaire --position \"R3 on C1, G2 on C2\"");
  CHECK(r.status == 0);
  CHECK(r.out.find("\"value\":67") != std::string::npos);
  CHECK(r.out.find("\"source\":\"--position:1\"") != std::string::npos);
  const auto moves = run_scarney(
      "moves --json --game highlow --removed \"3 1\" --position \"R3 on C1, G2 on C2\"");
  CHECK(moves.status == 0);
  CHECK(moves.out.find("\"game\":\"highlow\"") != std::string::npos);
  const auto show = run_scarney("show --game doubles --position \"B1 on C1\"");
  CHECK(show.out.find("game: doubles\nphase: jump\n") == 0);
  // Errors name the option and the column within it.
  const auto bad = run_scarney("solve --position \"R3 on C1, G5 on C2\"");
  CHECK(bad.status == 2);
  CHECK(bad.err.find("scarney: --position:1:11: no such pawn 'G5'") == 0);
  const auto removed =
      run_scarney("solve --game highlow --removed \"3 x\" --position \"R3 on C1\"");
  CHECK(removed.err.find("--removed:1:3: expected a number of spots") != std::string::npos);
  const auto nothing = run_scarney("solve");
  CHECK(nothing.status == 2);
  CHECK(nothing.err.find("give position files, or one position with --position") !=
        std::string::npos);
}

TEST_CASE("two-player lines say who moves, Doubles says who sweeps and the final scores",
          "[cli][two-player]") {
  const std::string deal =
      "game: doubles\nboard:\n  R4 G2 B3 Y1\n  G4 B1 R2 Y3\n"
      "  B2 Y4 G1 R3\n  Y2 R1 B4 G3\n";
  const auto text = run_scarney("solve -", deal);
  CHECK(text.out.find("margin for the side to move (A): -20") != std::string::npos);
  CHECK(text.out.find("final scores: A, the nonstarter, 10; B 30") != std::string::npos);
  CHECK(text.out.find("line: A: take off R2, B: take off G1, A: B2 jumps Y4") != std::string::npos);
  CHECK(text.out.find("then no jump is left: B, who moved last, sweeps 26") != std::string::npos);
  const auto json = run_scarney("solve --json -", deal);
  CHECK(json.out.find("\"movers\":[\"A\",\"B\",\"A\",\"B\",\"A\",\"B\"],\"sweeper\":\"B\","
                      "\"swept\":26,\"nonstarter_score\":10") != std::string::npos);
  const auto moves = run_scarney("moves -", deal);
  CHECK(moves.out.find("  take off R2                  -20\n") != std::string::npos);
  CHECK(moves.out.find("  take off G2                  -30\n") != std::string::npos);
}

TEST_CASE("options that apply to none of the positions are refused", "[cli][options]") {
  const std::string solitaire = "placement: G3 on C1, R1 on C3, Y4 on C6\n";
  const auto winner = run_scarney("solve --winner-only -", solitaire);
  CHECK(winner.status == 2);
  CHECK(winner.err ==
        "scarney: --winner-only applies to High-Low placement positions, and none is given\n");
  CHECK(run_scarney("solve --cooperative -", solitaire).status == 2);
  CHECK(run_scarney("moves --depth 1 -", solitaire).status == 2);
  const auto both = run_scarney("solve --exact --depth 1 --game singles --phase placement");
  CHECK(both.status == 2);
  CHECK(both.err.find("--exact and --depth exclude each other") != std::string::npos);
  CHECK(run_scarney("moves --json --depth 1 --samples 1 --game highlow --phase placement "
                    "--winner-only")
            .status == 0);
}

TEST_CASE("a directory argument skips a subdirectory named like a position file", "[cli][files]") {
  const std::string dir = "/tmp/scarney-dir-test-" + std::to_string(::getpid());
  std::filesystem::create_directories(dir + "/nested.scarney");
  std::ofstream(dir + "/one.scarney") << "placement: R3 on C1, G2 on C2\n";
  const auto r = run_scarney("solve --json " + dir);
  CHECK(r.status == 0);
  CHECK(r.out.find("\"value\":67") != std::string::npos);
  CHECK(r.err.find("nested.scarney: a directory, skipped") != std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST_CASE("solve --boards draws the board after each move of the line", "[cli][boards]") {
  const auto r = run_scarney("solve --boards -", "placement: R3 on C1, G2 on C2, B1 on C4\n");
  CHECK(r.status == 0);
  CHECK(r.out.find("    1. R3 jumps G2") != std::string::npos);
  CHECK(r.out.find("\n     .  . R3 B1             . B1  .  .\n") != std::string::npos);
  CHECK(run_scarney("moves --boards -", "placement: R3 on C1, G2 on C2\n").status == 2);
}

TEST_CASE("colour only on a terminal or when asked, and never with NO_COLOR", "[cli][colour]") {
  const std::string pos = "--position \"R3 on C1, G2 on C2, B1 on C4\"";
  const auto piped = run_scarney("solve " + pos);
  CHECK(piped.out.find('\x1b') == std::string::npos);
  const auto always = run_scarney("solve --color always " + pos);
  CHECK(always.out.find("\x1b[1;31mR3\x1b[0m") != std::string::npos);
  CHECK(run_scarney("--color always solve " + pos).out == always.out);
  CHECK(run_scarney("solve --color never " + pos).out == piped.out);
  CHECK(run_scarney("solve --color sometimes " + pos).status == 2);
}

TEST_CASE("bash completion and the man page come from the command definitions",
          "[cli][completion]") {
  const auto bash = run_scarney("completion bash");
  CHECK(bash.status == 0);
  CHECK(bash.out.find("complete -o filenames -F _scarney scarney") != std::string::npos);
  CHECK(bash.out.find("'tablebase build'|'tablebase build '*) subs=''; opts='--help --game "
                      "--max-pawns") != std::string::npos);
  const auto man = run_scarney("completion man");
  CHECK(man.out.rfind(".TH SCARNEY 1", 0) == 0);
  CHECK(man.out.find(".SS \"scarney stats\"") != std::string::npos);
  // Hidden aliases stay hidden.
  CHECK(bash.out.find("--deals") == std::string::npos);
}
