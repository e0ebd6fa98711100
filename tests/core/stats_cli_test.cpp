#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

#include "test_util.h"

using scarney::test::run_scarney;
namespace fs = std::filesystem;
using scarney::test::slurp;

namespace {

// A fresh empty directory for one test's files.
fs::path scratch(const std::string& name) {
  const fs::path d =
      fs::temp_directory_path() / ("scarney-stats-" + std::to_string(getpid()) + "-" + name);
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

// The values `scarney solve --json` gives for deals 0..n-1 of a seed, one
// deal at a time: the independent check of `scarney stats`.
std::vector<int> solve_one_by_one(const std::string& game, int n, int seed) {
  const auto deals = run_scarney("deal --count " + std::to_string(n) + " --seed " +
                                 std::to_string(seed) + " --game " + game);
  REQUIRE(deals.status == 0);
  const auto solved = run_scarney("solve --json -", deals.out);
  REQUIRE(solved.status == 0);
  std::vector<int> values;
  const std::regex value("\"value\":(-?[0-9]+)");
  for (auto it = std::sregex_iterator(solved.out.begin(), solved.out.end(), value);
       it != std::sregex_iterator(); ++it)
    values.push_back(std::stoi((*it)[1]));
  REQUIRE(values.size() == static_cast<size_t>(n));
  return values;
}

std::string histogram_json(const std::vector<int>& values) {
  std::map<int, int> h;
  for (int v : values) ++h[v];
  std::string s = "\"histogram\":{";
  for (const auto& [v, c] : h)
    s += (s.back() == '{' ? "" : ",") + ("\"" + std::to_string(v) + "\":" + std::to_string(c));
  return s + "}";
}

std::string number_after(const std::string& json, const std::string& key) {
  const auto at = json.find("\"" + key + "\":");
  if (at == std::string::npos) return "";
  const auto start = at + key.size() + 3;
  return json.substr(start, json.find_first_of(",}", start) - start);
}

}  // namespace

TEST_CASE("stats of fixed deals equal solving them one by one with scarney solve", "[stats][cli]") {
  for (const char* game : {"solitaire", "singles"}) {
    INFO(game);
    const int n = 25, seed = 3;
    const std::vector<int> values = solve_one_by_one(game, n, seed);
    const auto r = run_scarney(std::string("stats --quiet --json --game ") + game +
                               " --deals 25 --seed 3 --threads 2");
    REQUIRE(r.status == 0);
    CHECK(number_after(r.out, "deals") == "25");
    CHECK(r.out.find(histogram_json(values)) != std::string::npos);
    double sum = 0;
    for (int v : values) sum += v;
    CHECK(std::stod(number_after(r.out, "mean")) == Approx(sum / n));
    std::vector<int> sorted = values;
    std::sort(sorted.begin(), sorted.end());
    CHECK(std::stod(number_after(r.out, "median")) == sorted[n / 2]);
    int perfect = 0, par = 0;
    for (int v : values) {
      perfect += v >= 150;
      par += v >= 95 && v <= 124;
    }
    CHECK(std::stod(number_after(r.out, "Perfect game")) == Approx(perfect / double(n)));
    CHECK(std::stod(number_after(r.out, "Par game")) == Approx(par / double(n)));
    CHECK(r.out.find("\"match\":{\"games\":5") != std::string::npos);
  }
}

TEST_CASE("Singles stats count the deals where the early call beats Solitaire", "[stats][cli]") {
  const std::vector<int> singles = solve_one_by_one("singles", 20, 9);
  const std::vector<int> solitaire = solve_one_by_one("solitaire", 20, 9);
  int beats = 0;
  for (size_t i = 0; i < singles.size(); ++i) beats += singles[i] > solitaire[i];
  const auto r = run_scarney("stats --quiet --json --game singles --deals 20 --seed 9");
  REQUIRE(r.status == 0);
  CHECK(std::stod(number_after(r.out, "early_call_beats_solitaire")) == Approx(beats / 20.0));
}

TEST_CASE("the same seed gives the same output on 1 and 2 threads", "[stats][cli]") {
  const fs::path d = scratch("threads");
  for (const char* flags : {"", "--json"}) {
    const std::string common =
        std::string("stats --quiet --game solitaire --deals 60 --seed 42 ") + flags;
    const auto one = run_scarney(common + " --threads 1 --csv " + (d / "one.csv").string());
    const auto two = run_scarney(common + " --threads 2 --csv " + (d / "two.csv").string());
    REQUIRE(one.status == 0);
    REQUIRE(two.status == 0);
    CHECK(one.out == two.out);
    CHECK(!one.out.empty());
    CHECK(slurp(d / "one.csv") == slurp(d / "two.csv"));
  }
  fs::remove_all(d);
}

TEST_CASE("stats writes the CSV, the plots and the extreme deals", "[stats][cli]") {
  const fs::path d = scratch("files");
  const auto r =
      run_scarney("stats --quiet --json --game solitaire --deals 30 --seed 8 --save-json " +
                  (d / "saved.json").string() + " --csv " + (d / "deals.csv").string() +
                  " --plot " + (d / "h.svg").string() + " --match-plot " + (d / "m.svg").string() +
                  " --keep-extremes " + (d / "extremes").string());
  REQUIRE(r.status == 0);
  const std::vector<int> values = solve_one_by_one("solitaire", 30, 8);

  std::ifstream csv(d / "deals.csv");
  std::string line;
  std::getline(csv, line);
  CHECK(line == "deal,score,rating,placement");
  for (int i = 0; i < 30; ++i) {
    REQUIRE(std::getline(csv, line));
    CHECK(line.rfind(std::to_string(i) + "," + std::to_string(values[i]) + ",", 0) == 0);
  }
  CHECK_FALSE(std::getline(csv, line));

  const std::string svg = slurp(d / "h.svg");
  CHECK(svg.rfind("<svg", 0) == 0);
  CHECK(svg.find("Par game") != std::string::npos);
  CHECK(svg.find("Scarney Solitaire") != std::string::npos);
  CHECK(svg.find("</svg>") != std::string::npos);
  CHECK(slurp(d / "m.svg").find("Perfect match") != std::string::npos);

  // The extreme deals read back and solve to the highest and lowest value.
  const int best = *std::max_element(values.begin(), values.end());
  const int worst = *std::min_element(values.begin(), values.end());
  for (auto [file, expect] : {std::pair{"best.scarney", best}, std::pair{"worst.scarney", worst}}) {
    const auto s = run_scarney("solve --json " + (d / "extremes" / file).string());
    REQUIRE(s.status == 0);
    CHECK(s.out.find("\"value\":" + std::to_string(expect) + ",") != std::string::npos);
  }
  // Nothing but the final files: no temporary file is left behind.
  int files = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(d)) ++files;
  CHECK(files == 5);
  CHECK(slurp(d / "saved.json") == r.out);
  fs::remove_all(d);
}

TEST_CASE("stats rejects absurd counts and bad paths with status 2", "[stats][cli][errors]") {
  const auto many = run_scarney("stats --game solitaire --deals 200000000");
  CHECK(many.status == 2);
  CHECK(many.err.find("--deals") != std::string::npos);
  CHECK(run_scarney("stats --game solitaire --deals 0").status == 2);
  CHECK(run_scarney("stats --game solitaire --deals -5").status == 2);
  const auto threads = run_scarney("stats --game solitaire --deals 10 --threads 300");
  CHECK(threads.status == 2);
  CHECK(threads.err.find("--threads") != std::string::npos);
  CHECK(run_scarney("stats --game chess --deals 10").status == 2);
  const auto path =
      run_scarney("stats --quiet --game solitaire --deals 10 --csv /nonexistent-dir/x.csv");
  CHECK(path.status == 2);
  CHECK(path.err.find("/nonexistent-dir/x.csv") != std::string::npos);
  CHECK(run_scarney("stats --game doubles --deals 10 --match-plot m.svg").status == 2);
}

TEST_CASE("Ctrl-C stops stats cleanly with the statistics of the finished prefix", "[stats][cli]") {
  const fs::path d = scratch("sigint");
  const fs::path out = d / "out.json", err = d / "err.txt", csv = d / "deals.csv";
  const pid_t pid = fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    std::freopen(out.c_str(), "w", stdout);
    std::freopen(err.c_str(), "w", stderr);
    execl(SCARNEY_BINARY, SCARNEY_BINARY, "stats", "--json", "--game", "solitaire", "--deals",
          "10000000", "--seed", "4", "--threads", "2", "--csv", csv.c_str(), nullptr);
    _exit(127);
  }
  sleep(1);
  kill(pid, SIGINT);
  int status = 0;
  waitpid(pid, &status, 0);
  REQUIRE(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 130);
  const std::string json = slurp(out);
  CHECK(json.find("\"interrupted\":true") != std::string::npos);
  const std::string k = number_after(json, "deals");
  REQUIRE(!k.empty());
  CHECK(std::stoll(k) < 10000000);
  // The CSV holds exactly the deals reported, and no temporary file is left.
  int lines = 0;
  std::ifstream in(csv);
  for (std::string line; std::getline(in, line);) ++lines;
  CHECK(lines == std::stoll(k) + 1);
  int files = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(d)) ++files;
  CHECK(files == 3);
  // The statistics are those of the first k deals: a fresh run agrees.
  const auto again = run_scarney("stats --quiet --json --game solitaire --seed 4 --deals " + k);
  REQUIRE(again.status == 0);
  CHECK(again.out.substr(again.out.find("\"statistic\"")) ==
        json.substr(json.find("\"statistic\"")));
  fs::remove_all(d);
}

TEST_CASE("Doubles and High-Low stats equal solving the placements one by one", "[stats][cli]") {
  {
    const std::vector<int> margins = solve_one_by_one("doubles", 20, 5);
    const auto r = run_scarney("stats --quiet --json --game doubles --deals 20 --seed 5");
    REQUIRE(r.status == 0);
    CHECK(r.out.find(histogram_json(margins)) != std::string::npos);
    int wins = 0, draws = 0;
    for (int m : margins) {
      wins += m > 0;
      draws += m == 0;
    }
    CHECK(std::stod(number_after(r.out, "nonstarter wins")) == Approx(wins / 20.0));
    CHECK(std::stod(number_after(r.out, "draw")) == Approx(draws / 20.0));
  }
  {
    const std::vector<int> payoffs = solve_one_by_one("highlow", 10, 5);
    const auto r = run_scarney("stats --quiet --json --game highlow --deals 10 --seed 5");
    REQUIRE(r.status == 0);
    std::vector<int> winner_scores;
    int starter_wins = 0;
    for (int p : payoffs) {
      winner_scores.push_back(std::abs(p));
      starter_wins += p > 0;
    }
    CHECK(r.out.find(histogram_json(winner_scores)) != std::string::npos);
    CHECK(std::stod(number_after(r.out, "starter_wins")) == Approx(starter_wins / 10.0));
  }
}
