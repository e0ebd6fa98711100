// Ctrl-C on `bench` and on a placement `solve --exact` says what was
// interrupted and prints what is known, with exit status 130: the positions
// timed so far with their figures; the nodes searched and the best line so
// far, marked as not proven.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "test_util.h"

using scarney::test::slurp;
namespace fs = std::filesystem;

namespace {

fs::path scratch(const std::string& name) {
  return scarney::test::scratch_dir("scarney-report", name);
}

pid_t start(const fs::path& dir, const std::vector<std::string>& args) {
  return scarney::test::start_scarney(dir, args);
}

// Whether the process catches SIGINT now (its Ctrl-C guard is in place):
// bit 1 of SigCgt in /proc/PID/status.
bool catches_sigint(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("SigCgt:", 0) == 0) return (std::stoull(line.substr(7), nullptr, 16) & 2) != 0;
  return false;
}

// Waits (a generous deadline, for sanitizer builds) until the child catches
// SIGINT, lets it work `busy` longer, then sends SIGINT; the exit status, or
// minus the signal that ended it.
int interrupt(pid_t pid, std::chrono::milliseconds busy) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (!catches_sigint(pid) && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  std::this_thread::sleep_for(busy);
  kill(pid, SIGINT);
  int status = 0;
  waitpid(pid, &status, 0);
  if (WIFSIGNALED(status)) return -WTERMSIG(status);
  return WEXITSTATUS(status);
}

}  // namespace

TEST_CASE("Ctrl-C on bench prints the positions timed so far and says so", "[interrupt][cli]") {
  const fs::path dir = scratch("bench");
  const std::string file =
      std::string(SCARNEY_SOURCE_DIR) + "/positions/bench/solitaire-1000.scarney";
  // A hundred passes take far longer than the test waits.
  const pid_t pid = start(dir, {"bench", "--repeat", "100", file});
  REQUIRE(pid > 0);
  CHECK(interrupt(pid, std::chrono::milliseconds(1500)) == 130);
  const std::string out = slurp(dir / "stdout.txt"), err = slurp(dir / "stderr.txt");
  INFO(out << err);
  CHECK(err.find("scarney: interrupted: bench stopped in " + file + " after ") !=
        std::string::npos);
  CHECK(err.find(" of 100000 positions timed (their figures above)") != std::string::npos);
  // The figures of the positions timed: as many as the message says.
  const size_t at = out.find("  positions ");
  REQUIRE(at != std::string::npos);
  const std::string timed = out.substr(at + 12, out.find(' ', at + 12) - at - 12);
  CHECK(err.find("after " + timed + " of") != std::string::npos);
  CHECK(out.find("cpu:  median") != std::string::npos);
  CHECK(out.find("checksum") != std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("Ctrl-C on a placement solve --exact reports the search and its unproven line",
          "[interrupt][cli]") {
  const fs::path dir = scratch("placement");
  // An empty Singles board: an exact search of it takes hours.
  std::ofstream(dir / "empty.scarney") << "title: empty board\ngame: singles\nphase: placement\n";
  const pid_t pid = start(dir, {"solve", "--exact", (dir / "empty.scarney").string()});
  REQUIRE(pid > 0);
  CHECK(interrupt(pid, std::chrono::milliseconds(1500)) == 130);
  const std::string out = slurp(dir / "stdout.txt"), err = slurp(dir / "stderr.txt");
  INFO(err);
  CHECK(out.empty());  // standard output keeps only whole answers
  CHECK(err.find("scarney: interrupted: the placement search of empty board (") !=
        std::string::npos);
  CHECK(err.find(" nodes, ") != std::string::npos);
  CHECK(err.find("value proven so far: ") != std::string::npos);
  // The line reaches the full board: A's colours, then sixteen placements.
  const size_t line = err.find("best line so far (not proven): A takes ");
  REQUIRE(line != std::string::npos);
  const std::string text = err.substr(line, err.find('\n', line) - line);
  CHECK(std::count(text.begin(), text.end(), ',') == 16);
  fs::remove_all(dir);
}
