// The command line's defects found by trying it as a new user and an
// attacker would (issue 15): standard output that cannot be written, seeds
// out of range, output paths checked before the work, unknown subcommands.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>

#include "test_util.h"

using scarney::test::run_scarney;
using scarney::test::slurp;
namespace fs = std::filesystem;

namespace {

struct Outcome {
  int status;
  std::string err;
};

// Runs `scarney ARGS` with its standard output sent to `out` (a path).
Outcome run_into(const std::string& args, const std::string& out) {
  const std::string err = "/tmp/scarney-defects-" + std::to_string(getpid()) + ".err";
  const int raw = std::system(
      (std::string(SCARNEY_BINARY) + " " + args + " </dev/null >" + out + " 2>" + err).c_str());
  Outcome o{WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, slurp(err)};
  std::remove(err.c_str());
  return o;
}

std::string example(const std::string& name) {
  return std::string(SCARNEY_SOURCE_DIR) + "/positions/examples/" + name;
}

}  // namespace

TEST_CASE("a full standard output is an error, for every subcommand", "[cli][defects]") {
  const std::vector<std::string> commands = {
      "deal --count 5000",
      "solve " + example("solitaire-endgames.scarney"),
      "show " + example("solitaire-endgames.scarney"),
      "verify " + std::string(SCARNEY_SOURCE_DIR) + "/positions/book",
      "dice heaven-and-nine",
      "cards baccarat",
      "--help",
  };
  for (const std::string& c : commands) {
    INFO(c);
    const Outcome o = run_into(c, "/dev/full");
    CHECK(o.status == 1);
    CHECK(o.err.find("scarney: error writing standard output: No space left on device") !=
          std::string::npos);
    // The same to a file that takes it: no error.
    CHECK(run_into(c, "/dev/null").status == 0);
  }
}

TEST_CASE("every --seed refuses a negative number or one past 2^64 - 1", "[cli][defects]") {
  const std::vector<std::string> commands = {
      "stats --quiet --game solitaire --deals 1",
      "deal",
      "tablebase verify --tb /nonexistent",
      "dice heaven-and-nine --simulate 10",
  };
  for (const std::string& c : commands)
    for (const char* seed : {"-1", "99999999999999999999999", "1e3", "''"}) {
      INFO(c << " --seed " << seed);
      const auto r = run_scarney(c + " --seed " + seed);
      CHECK(r.status == 2);
      CHECK(r.err.find("--seed") != std::string::npos);
      CHECK(r.err.find("must be a whole number from 0 to 18446744073709551615") !=
            std::string::npos);
      CHECK(r.out.empty());
    }
  // The largest seed is a seed.
  const auto top = run_scarney("deal --seed 18446744073709551615");
  CHECK(top.status == 0);
  CHECK(top.out.find("of seed 18446744073709551615") != std::string::npos);
}

TEST_CASE("output paths are checked before any work", "[cli][defects]") {
  const fs::path dir = fs::temp_directory_path() / ("scarney-paths-" + std::to_string(getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir / "folder");
  std::ofstream(dir / "file") << "x\n";
  const std::string stats = "stats --quiet --game solitaire --deals 20 ";
  struct Case {
    std::string args, says;
  };
  const std::vector<Case> cases = {
      {stats + "--csv " + (dir / "folder").string(),
       "--csv " + (dir / "folder").string() + ": is a directory"},
      {stats + "--plot " + (dir / "missing" / "p.svg").string(), "no such directory"},
      {stats + "--save-json " + (dir / "file" / "s.json").string(), "is not a directory"},
      {stats + "--match-plot " + (dir / "missing" / "m.svg").string(), "--match-plot"},
      {stats + "--keep-extremes " + (dir / "file").string(), "is not a directory"},
      {"tablebase build --game solitaire --max-pawns 2 --out " + (dir / "file").string(),
       "scarney: --out " + (dir / "file").string() + ": exists and is not a directory"},
      {"tablebase build --game solitaire --max-pawns 2 --out " + (dir / "file" / "t").string(),
       "scarney: --out " + (dir / "file" / "t").string() + ": cannot create the directory"},
  };
  for (const Case& c : cases) {
    INFO(c.args);
    const auto r = run_scarney(c.args);
    CHECK(r.status == 2);
    CHECK(r.err.find(c.says) != std::string::npos);
    CHECK(r.err.find("filesystem error") == std::string::npos);
    // Refused before the first deal: no report, no timing.
    CHECK(r.out.empty());
    CHECK(r.err.find("solved") == std::string::npos);
    CHECK(r.err.find("layer") == std::string::npos);
  }
  // Nothing was written beside them.
  CHECK(std::distance(fs::directory_iterator(dir), fs::directory_iterator()) == 2);
  fs::remove_all(dir);
}

TEST_CASE("an unknown or missing subcommand is named, with the ones there are", "[cli][defects]") {
  struct Case {
    std::string args, says;
  };
  const std::vector<Case> cases = {
      {"frobnicate",
       "scarney: unknown subcommand 'frobnicate' (expected one of: show, solve, moves, "},
      {"cards foo",
       "scarney: unknown subcommand 'cards foo' (expected one of: blackjack, chemin-de-fer, "
       "baccarat)"},
      {"tablebase x", "unknown subcommand 'tablebase x' (expected one of: build, info, probe, "},
      {"cards", "scarney: 'scarney cards' needs a subcommand (one of: blackjack, "},
      {"", "scarney: 'scarney' needs a subcommand (one of: show, solve, "},
      {"\"$(printf 'fro\\033[31mb')\"", "unknown subcommand 'fro\\x1b[31mb'"},  // no raw ESC
  };
  for (const Case& c : cases) {
    INFO(c.args);
    const auto r = run_scarney(c.args);
    CHECK(r.status == 2);
    CHECK(r.err.find(c.says) != std::string::npos);
    CHECK(r.err.find("A subcommand is required") == std::string::npos);
  }
  // Options still go to the parser: help and version are not subcommands.
  CHECK(run_scarney("cards --help").status == 0);
  const auto version = run_scarney("--version");
  CHECK(version.status == 0);
  // It names the commit the binary was built from (a certificate's bytes
  // are one build's).
  CHECK(version.out.rfind("scarney 0.1.0 (build ", 0) == 0);
}

// A required option shows no default in --help: the captured value of its
// variable (solitaire, 0) is not one (issue 39).
TEST_CASE("--help shows no default beside REQUIRED", "[cli][defects]") {
  for (const char* args : {"play --help", "prove --help", "strength run --help"}) {
    INFO(args);
    const auto r = run_scarney(args);
    CHECK(r.status == 0);
    CHECK(r.out.find("REQUIRED") != std::string::npos);
    CHECK(r.out.find("=solitaire REQUIRED") == std::string::npos);
    CHECK(r.out.find("=0 REQUIRED") == std::string::npos);
  }
  CHECK(run_scarney("play --help").out.find("--game TEXT REQUIRED") != std::string::npos);
  CHECK(run_scarney("prove --help").out.find("--frontier INT REQUIRED") != std::string::npos);
}

// A port already taken: the reason, and what to do (issue 39: it once
// said only "cannot listen on 127.0.0.1:8080").
TEST_CASE("serve on a port in use says why and what to do", "[cli][defects]") {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  REQUIRE(fd >= 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  REQUIRE(::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0);
  REQUIRE(::listen(fd, 1) == 0);
  socklen_t len = sizeof a;
  REQUIRE(::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len) == 0);
  const auto r = run_scarney("serve --port " + std::to_string(ntohs(a.sin_port)));
  ::close(fd);
  CHECK(r.status == 2);
  CHECK(r.err.find("cannot listen on 127.0.0.1:") != std::string::npos);
  CHECK(r.err.find("Address already in use") != std::string::npos);
  CHECK(r.err.find("--port 0") != std::string::npos);
}

// A mistyped option is named, with the nearest one the subcommand has
// (issue 39: CLI11's "The following argument was not expected" alone).
TEST_CASE("an unknown option is named with the nearest one", "[cli][defects]") {
  const auto r = run_scarney("solve --jsn positions/examples");
  CHECK(r.status == 2);
  CHECK(r.err == "scarney: unknown option --jsn (did you mean --json?) (see --help)\n");
  const auto far = run_scarney("solve --frobnicate positions/examples");
  CHECK(far.status == 2);
  CHECK(far.err == "scarney: unknown option --frobnicate (see --help)\n");
}

// A wrong game name: one message whichever subcommand reads it.
TEST_CASE("a wrong game name is refused in one format everywhere", "[cli][defects]") {
  const std::string want =
      "scarney: --game: unknown game 'soltaire' (expected solitaire, singles, doubles or "
      "highlow)";
  for (const char* args : {"play --game soltaire", "solve --game soltaire --position 'R1 on C1'",
                           "moves --game soltaire --position 'R1 on C1'"}) {
    INFO(args);
    const auto r = run_scarney(args);
    CHECK(r.status == 2);
    CHECK(r.err.rfind(want, 0) == 0);
  }
}

// The static board one step away (issue 39): `scarney site` names the
// folder the build wrote, and says how to open it; a binary with no site
// beside it says where it looked and how to make one.
TEST_CASE("scarney site finds the static board or says how to make it", "[cli][defects]") {
  const fs::path built = fs::path(SCARNEY_BINARY).parent_path().parent_path() / "site";
  if (fs::exists(built / "scarney.wasm")) {
    const auto r = run_scarney("site --path");
    CHECK(r.status == 0);
    CHECK(r.out == fs::weakly_canonical(built).string() + "\n");
    const auto text = run_scarney("site");
    CHECK(text.status == 0);
    CHECK(text.out.find("python3 -m http.server") != std::string::npos);
    CHECK(text.out.find("http://127.0.0.1:8000/") != std::string::npos);
  }
  // A copy of the binary alone in a folder: no site beside it.
  const fs::path lonely = fs::temp_directory_path() / ("scarney-site-" + std::to_string(getpid()));
  fs::create_directories(lonely / "bin");
  fs::copy_file(SCARNEY_BINARY, lonely / "bin" / "scarney");
  const std::string out = (lonely / "out").string(), err = (lonely / "err").string();
  const int raw = std::system(
      ((lonely / "bin" / "scarney").string() + " site --path >" + out + " 2>" + err).c_str());
  const std::string found = slurp(out), message = slurp(err);
  fs::remove_all(lonely);
  if (WEXITSTATUS(raw) == 0) {
    // This machine has one installed (cmake --install): the path the build installs to.
    CHECK(fs::exists(found.substr(0, found.size() - 1) + "/scarney.wasm"));
  } else {
    CHECK(WEXITSTATUS(raw) == 1);
    CHECK(message.find("no static board found") != std::string::npos);
    CHECK(message.find("--target site") != std::string::npos);
  }
}
