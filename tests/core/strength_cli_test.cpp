// `scarney strength`: exact placement values written and read back, the
// engine measured against them (where it reaches the end within its budget
// it must place optimally, with no error), bad lines refused with their
// place, and the drift of its values along its own line.
#include <signal.h>
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <sstream>
#include <thread>
#include <vector>

#include "placement/value_net.h"
#include "test_util.h"

using scarney::test::run_scarney;
using scarney::test::scratch_dir;

namespace {

using scarney::test::has;

// A network's text with every weight 0 (its header and errors kept): it
// values every position at its middle value, the header's 7th number.
std::string zeroed(const std::string& net, std::string& mid) {
  std::istringstream in(net);
  std::string out, line;
  for (int n = 1; std::getline(in, line); ++n)
    out += (n <= 2 ? line : std::regex_replace(line, std::regex("-?\\d+"), "0")) + "\n";
  std::istringstream header(net.substr(0, net.find('\n')));
  const std::vector<std::string> w{std::istream_iterator<std::string>(header), {}};
  mid = w.size() == 9 ? w[7] : "";
  return out;
}

}  // namespace

TEST_CASE("strength: exact values made, the engine exact near the end", "[cli][strength]") {
  const auto dir = scratch_dir("strength", "make");
  const std::string file = (dir / "doubles-5.jsonl").string();
  const auto made = run_scarney("strength make --game doubles --left 5 --count 3 --seed 2");
  REQUIRE(made.status == 0);
  std::ofstream(file) << made.out;
  // One line a position, every placement valued: 5 left, B to place, 2 or
  // 3 pawns in his hand on 5 circles.
  CHECK(std::count(made.out.begin(), made.out.end(), '\n') == 3);
  CHECK(has(made.out, "\"left\":5"));
  CHECK(has(made.out, "\"pawn\":"));
  // With 5 pawns left a 2 s budget reaches the exact search.
  const auto run = run_scarney("strength run --budget 2 " + file);
  REQUIRE(run.status == 0);
  CHECK(has(run.out,
            "doubles    5 left    3 positions  optimal 100.0% (44-100%)  mean loss 0.00  "
            "worst 0  value error 0.00"));
  // Each position's line, and each board's own completions (the engine
  // before) change nothing where the search is exact.
  const auto each = run_scarney("strength run --budget 2 --each --own-completions " + file);
  REQUIRE(each.status == 0);
  CHECK(std::regex_search(each.out, std::regex("  2: B places [BRYG][1-4] on C\\d+, exact -?\\d+ "
                                               "\\(best -?\\d+, loss 0\\); the engine's value")));
  CHECK(has(each.out, "optimal 100.0% (44-100%)  mean loss 0.00  worst 0  value error 0.00"));
  std::filesystem::remove_all(dir);
}

TEST_CASE("strength: a bad line is refused with its place", "[cli][strength]") {
  const auto dir = scratch_dir("strength", "bad");
  const std::string file = (dir / "bad.jsonl").string();
  const auto made = run_scarney("strength make --game singles --left 4 --count 1");
  REQUIRE(made.status == 0);
  std::ofstream(file) << made.out << "{\"position\": 3}\n";
  const auto run = run_scarney("strength run " + file);
  CHECK(run.status == 2);
  CHECK(has(run.err, file + ":2:1: a strength line: expected an object with \"position\""));
  std::ofstream(file) << "{not json\n";
  const auto broken = run_scarney("strength run " + file);
  CHECK(broken.status == 2);
  CHECK(has(broken.err, file + ":1:"));
  CHECK(has(broken.err, "not JSON"));
  // A move without its value, a pawn of the wrong type: said, never a crash.
  const auto with = [&](const std::string& from, const std::string& to) {
    std::string line = made.out;
    const size_t at = line.find(from);
    REQUIRE(at != std::string::npos);
    std::ofstream(file) << line.replace(at, from.size(), to);
    return run_scarney("strength run " + file);
  };
  const auto no_value = with("\"value\":", "\"worth\":");
  CHECK(no_value.status == 2);
  CHECK(has(no_value.err, file + ":1:1: a strength line: each move needs a \"value\""));
  const auto pawn_number = with("\"pawn\":\"", "\"pawn\":3,\"was\":\"");
  CHECK(pawn_number.status == 2);
  CHECK(has(pawn_number.err, file + ":1:1: a strength line: "));
  std::filesystem::remove_all(dir);
}

TEST_CASE("strength: a partial file valued as the engine chooses, and recorded",
          "[cli][strength]") {
  const auto dir = scratch_dir("strength", "partial");
  const std::string full = (dir / "full.jsonl").string(), part = (dir / "part.jsonl").string();
  const std::string made = "strength make --game doubles --left 6 --count 4 --seed 5";
  const auto whole = run_scarney(made);
  const auto best = run_scarney(made + " --best-only");
  REQUIRE(whole.status == 0);
  REQUIRE(best.status == 0);
  std::ofstream(full) << whole.out;
  std::ofstream(part) << best.out;
  // One placement a position, marked partial.
  CHECK(std::count(best.out.begin(), best.out.end(), '\n') == 4);
  CHECK(std::regex_search(best.out, std::regex("\"moves\":\\[\\{[^\\]]*\\}\\],\"partial\":true")));
  // One placement deep on two completions, the engine misses: the same
  // figures from either file, the partial one solving what it lacks.
  const std::string engine = "strength run --depth 1 --samples 2 --each ";
  const auto on_full = run_scarney(engine + full);
  const auto first = run_scarney(engine + "--record " + part);
  REQUIRE(on_full.status == 0);
  REQUIRE(first.status == 0);
  const std::regex row("doubles +6 left +4 positions +optimal .*value error [0-9.]+");
  std::smatch a, b, c;
  REQUIRE(std::regex_search(on_full.out, a, row));
  REQUIRE(std::regex_search(first.out, b, row));
  CHECK(a.str() == b.str());
  CHECK_FALSE(has(a.str(), "optimal 100.0%"));
  CHECK(has(first.out, "its exact value found now"));
  CHECK(has(first.out, "placements valued exactly now"));
  CHECK(has(first.out, "added to " + part));
  // Recorded: the second run solves nothing and says the same.
  const auto second = run_scarney(engine + part);
  REQUIRE(second.status == 0);
  REQUIRE(std::regex_search(second.out, c, row));
  CHECK(c.str() == a.str());
  CHECK_FALSE(has(second.out, "found now"));
  CHECK(has(scarney::test::slurp(part), "\"partial\":true"));
  // Without --record the file is left as it was.
  std::ofstream(part) << best.out;
  const auto unrecorded = run_scarney(engine + part);
  CHECK(has(unrecorded.out, "--record would add them to the file"));
  CHECK(scarney::test::slurp(part) == best.out);
  std::filesystem::remove_all(dir);
}

TEST_CASE("strength: the drift of the engine's value along its line", "[cli][strength][long]") {
  const auto r = run_scarney("strength drift --game doubles --lines 2 --budget 0.2");
  REQUIRE(r.status == 0);
  CHECK(has(r.out, "line 0 (16 left):"));
  CHECK(has(r.out, "line 1 (15 left):"));
  CHECK(std::regex_search(r.out, std::regex("doubles   drift: \\d+ placements, mean change "
                                            "\\d+\\.\\d\\d a placement")));
}

TEST_CASE("strength: exact values made, a network fitted to them and run", "[cli][strength]") {
  const auto dir = scratch_dir("strength", "net");
  const std::string values = (dir / "values.txt").string(), net = (dir / "net.txt").string();
  const auto made = run_scarney("strength values --game singles --left 3 --count 6 --seed 5");
  REQUIRE(made.status == 0);
  // A line a position: the game, pawns left, seed, index, A's exact value.
  CHECK(std::regex_search(made.out, std::regex("^singles 3 5 0 \\d+\nsingles 3 5 1 \\d+\n")));
  CHECK(std::count(made.out.begin(), made.out.end(), '\n') == 6);
  std::ofstream(values) << "# a comment\n" << made.out;
  const auto fit = run_scarney("strength train " + values + " --test " + values +
                               " --epochs 2 --hidden 8 --hidden2 8");
  REQUIRE(fit.status == 0);
  CHECK(fit.out.rfind("scarney-value-net 1 singles 3 3 8 8 ", 0) == 0);
  CHECK(has(fit.err, "strength train: 3 left, error "));
  std::ofstream(net) << fit.out;
  // The engine with it: 3 left, B to place, leaves at 2 left beyond the
  // network's reach and solved exactly, so every placement is optimal.
  const auto make = run_scarney("strength make --game singles --left 3 --count 2 --seed 4");
  REQUIRE(make.status == 0);
  std::ofstream(dir / "s3.jsonl") << make.out;
  const auto run =
      run_scarney("strength run --budget 1 --net " + net + " " + (dir / "s3.jsonl").string());
  CHECK(run.status == 0);
  CHECK(has(run.out, "optimal 100.0%"));
  // Values by the engine's search (the network where it reaches), to fit
  // beyond the exact values: marked as such, and read as values.
  const auto searched =
      run_scarney("strength values --game singles --left 11 --count 2 --seed 5 --searched 2");
  REQUIRE(searched.status == 0);
  CHECK(std::regex_search(searched.out, std::regex("^singles 11 5 0 \\d+(\\.\\d+)? searched-2\n")));
  std::ofstream(values) << searched.out;
  const auto beyond =
      run_scarney("strength train " + values + " --epochs 1 --hidden 8 --hidden2 8");
  REQUIRE(beyond.status == 0);
  CHECK(beyond.out.rfind("scarney-value-net 1 singles 11 11 8 8 ", 0) == 0);
  // With a network of 0 weights fitted at 11 left, a search from 12 left
  // one placement deep values every position at its middle value.
  std::string mid;
  const std::string zero = (dir / "zero.txt").string();
  std::ofstream(zero) << zeroed(beyond.out, mid);
  REQUIRE(!mid.empty());
  const auto flat = run_scarney(
      "strength values --game singles --left 12 --count 2 --seed 5 "
      "--searched 1 --net " +
      zero);
  CHECK(flat.err == "");
  CHECK(flat.out ==
        "singles 12 5 0 " + mid + " searched-1\nsingles 12 5 1 " + mid + " searched-1\n");
  // net-error with the 3-left network zeroed: its error at 3 left against
  // each position's best value, at 2 left against every placement's value.
  std::ofstream(zero) << zeroed(fit.out, mid);
  double at3 = 0, at2 = 0;
  int n3 = 0, n2 = 0;
  std::istringstream lines(make.out);
  const std::regex value("\"value\":(-?\\d+)");
  for (std::string l; std::getline(lines, l);)
    for (auto it = std::sregex_iterator(l.begin(), l.end(), value); it != std::sregex_iterator();
         ++it) {
      const double off = std::abs(std::stod(mid) - std::stod((*it)[1]));
      if (static_cast<size_t>(it->position()) == l.find("\"value\""))
        at3 += off, ++n3;  // best first
      at2 += off, ++n2;
    }
  const auto err =
      run_scarney("strength net-error --net " + zero + " " + (dir / "s3.jsonl").string());
  CHECK(err.err == "");
  char want[200];
  std::snprintf(want, sizeof want,
                " 2 left  %5d positions  mean error %.2f\n 3 left  %5d positions  mean error "
                "%.2f\n",
                n2, at2 / n2, n3, at3 / n3);
  CHECK(err.out == want);
  // Two networks averaged as one: their units side by side; networks of
  // other pawns left are refused.
  const std::string beyond_net = (dir / "beyond.txt").string();
  std::ofstream(beyond_net) << beyond.out;
  std::ofstream(zero) << fit.out;
  const auto both = run_scarney("strength average " + zero + " " + zero);
  CHECK(both.status == 0);
  CHECK(both.out.rfind("scarney-value-net 1 singles 3 3 16 16 ", 0) == 0);
  const auto mixed = run_scarney("strength average " + zero + " " + beyond_net);
  CHECK(mixed.status == 2);
  CHECK(has(mixed.err, beyond_net + ": not of the first network's game, pawns left and scale"));
  // A network of another game is refused, naming it.
  const auto other = run_scarney(
      "strength values --game doubles --left 12 --count 1 --searched 1 "
      "--net " +
      zero);
  CHECK(other.status == 2);
  CHECK(has(other.err, zero + ": the network is for another game"));
  // Bad lines and bad networks are refused with their place.
  std::ofstream(values) << "singles 3 5 0 116\nsingles three\n";
  const auto bad = run_scarney("strength train " + values);
  CHECK(bad.status == 2);
  CHECK(has(bad.err, values + ":2:1: expected a values line"));
  std::ofstream(values) << "singles 3 5 0 116 guessed\n";
  const auto marked = run_scarney("strength train " + values);
  CHECK(marked.status == 2);
  CHECK(has(marked.err, values + ":1:1: expected a values line"));
  std::ofstream(net) << "scarney-value-net 1 singles 3 3 8 8 100 20\nerror 1\n0 0.5\n";
  const auto broken = run_scarney("strength run --net " + net + " " + (dir / "s3.jsonl").string());
  CHECK(broken.status == 2);
  CHECK(has(broken.err, net + ":3:3: expected a weight, found '0.5'"));
  std::filesystem::remove_all(dir);
}

TEST_CASE("strength: a Doubles network values boards in A's terms", "[cli][strength]") {
  // A network of Doubles at 11 left whose weights are all 0 values every
  // board there at its middle value, A's margin: a search from 12 left (A
  // to place) and from 13 left (B to place) both give it, not its negation.
  const auto dir = scratch_dir("strength", "doubles-net");
  const std::string zero = (dir / "zero.txt").string();
  {
    std::ofstream out(zero);
    out << "scarney-value-net 1 doubles 11 11 8 8 7 20\nerror 150\n";
    const int weights = scarney::kNetInputs * 8 + 8 + 8 * 8 + 8 + 8 + 1;
    for (int i = 0; i < weights; ++i) out << (i % 16 == 15 || i + 1 == weights ? "0\n" : "0 ");
  }
  for (const auto& [left, depth] : {std::pair{"12", "1"}, std::pair{"13", "2"}}) {
    const auto r = run_scarney(std::string("strength values --game doubles --count 2 --seed 5") +
                               " --left " + left + " --searched " + depth + " --net " + zero);
    CHECK(r.err == "");
    const std::string line = std::string("doubles ") + left + " 5 ";
    CHECK(r.out == line + "0 7 searched-" + depth + "\n" + line + "1 7 searched-" + depth + "\n");
  }
  std::filesystem::remove_all(dir);
}

// `strength keep` finds each position's winner and the winner after the
// engine's choice (or, with --random, a random placement) by its own two
// searches: both must agree with `strength make`'s value of every
// placement of the same positions.
TEST_CASE("strength: keep agrees with every placement's exact value", "[cli][strength]") {
  const auto made = run_scarney("strength make --game highlow --left 8 --count 6 --seed 3");
  REQUIRE(made.status == 0);
  for (const std::string chooser : {"the engine", "at random"}) {
    const bool random = chooser == "at random";
    const auto kept = run_scarney("strength keep --left 8 --count 6 --seed 3 --budget 0.2 --each" +
                                  std::string(random ? " --random" : ""));
    REQUIRE(kept.status == 0);
    std::istringstream made_lines(made.out), kept_lines(kept.out);
    std::string exact, line;
    int won = 0;
    for (int i = 0; std::getline(made_lines, exact); ++i) {
      REQUIRE(std::getline(kept_lines, line));
      INFO(line);
      // The moves are listed best first: the mover wins when the first wins.
      const bool mover_wins =
          std::regex_search(exact, std::regex("\"moves\":\\[\\{[^}]*\"value\":1\\}"));
      if (!mover_wins) {
        CHECK(line == "  " + std::to_string(i) + ": the mover loses (exact)");
        continue;
      }
      ++won;
      std::smatch m;
      REQUIRE(std::regex_search(
          line, m,
          std::regex(chooser + ": A places ([BRYG][1-4]) on (C\\d+)[ :].*(still won|LOST)$")));
      const std::string chosen = "{\"pawn\":\"" + m[1].str() + "\",\"circle\":\"" + m[2].str() +
                                 "\",\"value\":" + (m[3] == "still won" ? "1}" : "-1}");
      CHECK(has(exact, chosen));
    }
    CHECK(won > 0);
    CHECK(has(kept.out, "highlow    8 left    6 positions  won " + std::to_string(won)));
    // The share kept with its 95% interval (Wilson's: a few positions
    // resolve it coarsely).
    CHECK(std::regex_search(kept.out,
                            std::regex(R"(kept won \d+ of \d+ \(\d+\.\d% \(\d+-\d+%\)\))")));
  }
  const auto bad = run_scarney("strength keep --left 1 --count 1");
  CHECK(bad.status == 2);
  CHECK(has(bad.err, "--left 1: keep needs at least 2 pawns left"));
}

// Ctrl-C during the exact searches of `strength make` and `strength keep`
// ends them with status 130 and a message, not an abort (both once died of
// an uncaught PlacementInterrupted).
TEST_CASE("strength: make and keep stop cleanly on Ctrl-C", "[cli][strength]") {
  const auto dir = scratch_dir("strength", "interrupt");
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"strength", "make", "--game", "highlow", "--left", "12"},
        std::vector<std::string>{"strength", "keep", "--left", "12"}}) {
    INFO(args[1]);
    const pid_t pid = scarney::test::start_scarney(dir, args);
    // Well inside the first exact search (about 30 s at 12 left).
    std::this_thread::sleep_for(std::chrono::seconds(2));
    kill(pid, SIGINT);
    int status = 0;
    waitpid(pid, &status, 0);
    REQUIRE(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 130);
    CHECK(has(scarney::test::slurp(dir / "stderr.txt"), "scarney: interrupted"));
  }
  std::filesystem::remove_all(dir);
}
