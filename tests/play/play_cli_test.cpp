// `scarney play` driven by piped input: a whole game of each kind, bad
// moves answered and re-prompted, end of input, and the record: every
// computer move a best move by `scarney moves --json`, and the record
// replaying to the same end.
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

using Json = nlohmann::json;

namespace {

struct Result {
  int status;
  std::string out;
};

std::string temp_path(const std::string& name) {
  return "/tmp/scarney-play-test-" + std::to_string(::getpid()) + "-" + name;
}

Result run(const std::string& args, const std::string& input) {
  const std::string in = temp_path("stdin");
  std::ofstream(in) << input;
  const std::string command = std::string(SCARNEY_BINARY) + " " + args + " < " + in + " 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  REQUIRE(pipe != nullptr);
  std::string out;
  char buf[4096];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, pipe)) > 0) out.append(buf, n);
  const int status = pclose(pipe);
  std::remove(in.c_str());
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

std::vector<Json> read_record(const std::string& path) {
  std::vector<Json> out;
  std::ifstream f(path);
  std::string line;
  while (std::getline(f, line))
    if (!line.empty()) out.push_back(Json::parse(line));
  return out;
}

bool has(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

// Every move of the record against `scarney moves --json` of its position:
// the values agree, and the computer's moves are best moves.
void check_against_moves(const std::vector<Json>& record, bool placement_estimates) {
  const std::string file = temp_path("positions.scarney");
  {
    std::ofstream out(file);
    bool first = true;
    for (const Json& y : record) {
      // Placement estimates depend on the search's settings: left out.
      if (y.contains("exact") && placement_estimates) continue;
      out << (first ? "" : "---\n") << y["position"].get<std::string>();
      first = false;
    }
  }
  std::ostringstream args;
  args << "moves --json " << file;
  const Result r = run(args.str(), "");
  REQUIRE(r.status == 0);
  std::istringstream lines(r.out);
  std::string line;
  size_t i = 0;
  while (std::getline(lines, line)) {
    const Json a = Json::parse(line);
    while (i < record.size() && record[i].contains("exact") && placement_estimates) ++i;
    REQUIRE(i < record.size());
    const Json& y = record[i++];
    INFO("ply " << y["ply"] << ": " << y["move"]);
    const Json& moves = a["moves"];
    REQUIRE(!moves.empty());
    CHECK(y["value_before"].get<double>() == moves[0]["value"].get<double>());
    bool found = false;
    for (const Json& m : moves)
      if (m["move"] == y["move"]) {
        found = true;
        CHECK(m["value"].get<double>() == y["value_after"].get<double>());
      }
    CHECK(found);
    if (y["by"] == "computer") CHECK(y["value_after"] == y["value_before"]);
  }
  while (i < record.size() && record[i].contains("exact") && placement_estimates) ++i;
  CHECK(i == record.size());
  std::remove(file.c_str());
}

// Plays move 1 of the list every turn until the game ends.
std::string first_moves(int n) {
  std::string s;
  for (int i = 0; i < n; ++i) s += "1\n";
  return s;
}

}  // namespace

TEST_CASE("play cli: a whole game of each kind from piped input, checked by moves --json") {
  for (const char* game : {"solitaire", "singles", "doubles", "highlow"}) {
    INFO(game);
    const std::string rec = temp_path(std::string(game) + ".jsonl");
    const Result r =
        run(std::string("play --game ") + game + " --seed 5 --record " + rec, first_moves(40));
    CHECK(r.status == 0);
    CHECK(has(r.out, "The game is over: "));
    CHECK(has(r.out, "Value history"));
    CHECK(r.out.find("\033[") == std::string::npos);  // no colour into a pipe
    const std::vector<Json> record = read_record(rec);
    REQUIRE(record.size() >= 2);
    CHECK(record[0]["ply"] == 1);
    check_against_moves(record, false);

    // The record replays to the same end: the player's moves typed again.
    std::string input;
    for (const Json& y : record)
      if (y["by"] == "player") input += y["move"].get<std::string>() + "\n";
    const std::string rec2 = temp_path(std::string(game) + "-again.jsonl");
    const Result again =
        run(std::string("play --game ") + game + " --seed 5 --record " + rec2, input);
    CHECK(again.status == 0);
    const std::vector<Json> record2 = read_record(rec2);
    CHECK(record2 == record);
    CHECK(again.out.substr(again.out.find("The game is over")) ==
          r.out.substr(r.out.find("The game is over")));
    std::remove(rec.c_str());
    std::remove(rec2.c_str());
  }
}

TEST_CASE("play cli: bad moves are answered and prompted again, end of input ends cleanly") {
  const Result r =
      run("play --game solitaire --seed 2", "G5 jumps Q9\ntake off B4\nfly\n0\nhint\nmoves\n?\n");
  CHECK(r.status == 0);
  // "help" or "?" says again how to type a move (it was "not a move").
  CHECK(has(r.out, "move>   Type a move (e.g. 'take off R1') or its number; commands: "));
  CHECK(has(r.out, "(type moves, hint, undo, quit or help)"));
  CHECK(has(r.out, "expected a move"));
  CHECK(has(r.out, "illegal move 'take off B4'"));
  CHECK(has(r.out, "there is no move 0"));
  CHECK(has(r.out, "best: take off"));
  CHECK(has(r.out, "end of input: the game stops here, unfinished"));
  // Every bad line got the prompt again: eight prompts for seven lines.
  size_t prompts = 0;
  for (size_t p = r.out.find("move> "); p != std::string::npos; p = r.out.find("move> ", p + 1))
    ++prompts;
  CHECK(prompts == 8);

  const Result q = run("play --game highlow --seed 2 --side B", "quit\n");
  CHECK(q.status == 0);
  CHECK(has(q.out, "computer (A, perfect) plays: removes"));
  CHECK(has(q.out, "you quit"));

  CHECK(run("play --game chess", "").status == 2);
  CHECK(run("play --game doubles --strength godlike", "").status == 2);
  CHECK(run("play --game doubles --side C", "").status == 2);
}

TEST_CASE("play cli: the placement phase and the game after it, at full strength", "[slow]") {
  const std::string rec = temp_path("placement.jsonl");
  const Result r =
      run("play --game doubles --placement --side B --seed 4 --record " + rec, first_moves(60));
  CHECK(r.status == 0);
  CHECK(has(r.out, "A takes"));
  CHECK(has(r.out, "The game is over: "));
  const std::vector<Json> record = read_record(rec);
  REQUIRE(record.size() > 17);
  CHECK(record[0]["move"].get<std::string>().find("takes") != std::string::npos);
  CHECK(record[16]["position"].get<std::string>().find("phase: placement") != std::string::npos);
  CHECK(record[17]["side"] == "B");  // Doubles: the nonstarter takes off first
  check_against_moves(record, true);
  std::remove(rec.c_str());
}

namespace {

std::string read_text(const std::string& path) {
  std::ifstream f(path);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

}  // namespace

// Beyond the exact horizon every value the terminal shows is marked as an
// estimate, as on the board: "≈", the hint's measured error; exact values
// (a dealt game) stay whole numbers without it.
TEST_CASE("play cli: estimates marked as such, the hint with its error, exact values plain") {
  const Result r =
      run("play --game singles --placement --seed 3", "black and red\nhint\nB4 on C1\nquit\n");
  CHECK(r.status == 0);
  CHECK(has(r.out, "  best: A places "));
  CHECK(has(r.out, ", an estimate)\n"));
  const size_t best = r.out.find("  best: A places ");
  REQUIRE(best != std::string::npos);
  const std::string hint = r.out.substr(best, r.out.find('\n', best) - best);
  CHECK(has(hint, "(value ≈ "));
  CHECK(has(hint, " ± "));
  const size_t history = r.out.find("Value history");
  REQUIRE(history != std::string::npos);
  std::istringstream lines(r.out.substr(history));
  std::string line;
  std::getline(lines, line);
  int values = 0;
  while (std::getline(lines, line) && !line.empty()) {
    INFO(line);
    CHECK(has(line, "≈ "));
    CHECK_FALSE(has(line, "A A "));  // the side not said twice
    ++values;
  }
  CHECK(values == 4);  // the start, the choice, A's placement, B's
  const Result dealt = run("play --game doubles --seed 3", "hint\nquit\n");
  CHECK(dealt.status == 0);
  CHECK(has(dealt.out, "  best: "));
  CHECK_FALSE(has(dealt.out, "≈"));
}

TEST_CASE("play cli: a match of each kind, the sheet as scarney match prints it") {
  for (const char* game : {"singles", "doubles", "highlow"}) {
    INFO(game);
    const std::string sheet = temp_path(std::string(game) + ".match");
    const std::string rec = temp_path(std::string(game) + "-match.jsonl");
    const Result r = run(std::string("play --game ") + game + " --match --seed 3 --sheet " + sheet +
                             " --record " + rec,
                         first_moves(600));
    CHECK(r.status == 0);
    CHECK(has(r.out, "=== Game 2 (deal 1 of seed 3) ==="));
    CHECK(has(r.out, "computer wins the match"));  // "1" every turn against perfect play
    // The sheet printed at the end is `scarney match` of the sheet written.
    const Result scored = run("match " + sheet, "");
    CHECK(scored.status == 0);
    REQUIRE(r.out.size() >= scored.out.size());
    CHECK(r.out.substr(r.out.size() - scored.out.size()) == scored.out);
    CHECK(has(read_text(sheet), std::string("game: ") + game));
    // One record across the match, each ply numbered by its game.
    const std::vector<Json> record = read_record(rec);
    REQUIRE(!record.empty());
    CHECK(record.front()["game"] == 1);
    CHECK(record.back()["game"].get<int>() >= (std::string(game) == "singles" ? 5 : 2));
    std::remove(sheet.c_str());
    std::remove(rec.c_str());
  }
  // The match stops with the input; the sheet so far, unfinished.
  const Result cut = run("play --game singles --match --seed 3", "");
  CHECK(cut.status == 0);
  CHECK(has(cut.out, "Match not finished"));
  CHECK(run("play --game solitaire --match", "").status == 2);
  CHECK(run("play --game doubles --sheet x.match", "").status == 2);
}

TEST_CASE("play cli: --save writes the game as a position file that scarney verify replays") {
  for (const char* game : {"solitaire", "singles", "doubles", "highlow"}) {
    INFO(game);
    const std::string file = temp_path(std::string(game) + ".scarney");
    const Result r =
        run(std::string("play --game ") + game + " --seed 7 --save " + file, first_moves(40));
    CHECK(r.status == 0);
    CHECK(has(r.out, "The game is over: "));
    const std::string text = read_text(file);
    CHECK(has(text, "solution: "));
    const Result v = run("verify " + file, "");
    CHECK(v.status == 0);
    CHECK(has(v.out, "the published line replays"));
    CHECK(!has(v.out, "malformed |"));
    CHECK((has(v.out, "| holds") || has(v.out, "| improvable")));
    CHECK(has(v.out, "0 wrong, 0 malformed"));
    std::remove(file.c_str());
  }
}
