// Interrupted writes (docs/hardening.md): `scarney tablebase build` and
// `scarney stats --csv` killed part-way, by SIGINT and by SIGKILL, leave no
// partial file under a final name (a temporary name may remain after
// SIGKILL), and a rerun still works.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "tablebase/table_file.h"
#include "tablebase/table_kind.h"
#include "tablebase/tiers.h"
#include "test_util.h"

using namespace scarney;
using namespace scarney::tablebase;
using scarney::test::run_scarney;
namespace fs = std::filesystem;
using scarney::test::slurp;

namespace {

fs::path scratch(const std::string& name) {
  return scarney::test::scratch_dir("scarney-interrupt", name);
}

pid_t start(const fs::path& dir, const std::vector<std::string>& args) {
  return scarney::test::start_scarney(dir, args);
}

// Waits until `ready` holds while the child runs (polling, with a generous
// deadline for slow sanitizer builds); false if the child ended first.
template <typename Ready>
bool wait_until(pid_t pid, Ready ready) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(2);
  while (std::chrono::steady_clock::now() < deadline) {
    if (ready()) return true;
    int status;
    if (waitpid(pid, &status, WNOHANG) == pid) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return false;
}

int finish(pid_t pid, int signal) {
  kill(pid, signal);
  int status = 0;
  waitpid(pid, &status, 0);
  if (WIFSIGNALED(status)) return -WTERMSIG(status);
  return WEXITSTATUS(status);
}

// The tiers kept of the layer in progress (doubles-N.tiers): whole tier
// files; a kill may leave a temporary one.
void check_tiers(const fs::path& dir, bool temporaries_allowed) {
  const std::string layer = dir.stem().string();
  const int pawns = std::stoi(layer.substr(layer.rfind('-') + 1));
  const TierPlan plan(TableKind::Doubles, pawns);
  for (const auto& e : fs::directory_iterator(dir)) {
    const std::string name = e.path().filename().string();
    INFO(layer << "/" << name);
    unsigned t = 0;
    if (e.path().extension() == ".part" && std::sscanf(name.c_str(), "tier-%u.part", &t) == 1) {
      Tier tier;
      std::string why;
      CHECK(read_tier(e.path().string(), TableKind::Doubles, pawns, 9, t, plan, tier, why));
    } else {
      CHECK(temporaries_allowed);
      CHECK(name.find(".part.tmp") != std::string::npos);
    }
  }
}

// Every file of dir: final names only hold whole tables, the rest are
// temporary names.
void check_tables(const fs::path& dir, bool temporaries_allowed) {
  for (const auto& e : fs::directory_iterator(dir)) {
    const std::string name = e.path().filename().string();
    if (name == "stdout.txt" || name == "stderr.txt") continue;
    if (name == ".scarney-build.lock") continue;  // one build at a time (stays, empty)
    INFO(name);
    if (e.path().extension() == ".sctb") {
      const TableFile f(e.path().string());  // throws on damage
      std::vector<uint8_t> block;
      for (uint32_t b = 0; b < f.header().blocks; ++b) f.read_block(b, block);
    } else if (e.path().extension() == ".tiers") {
      check_tiers(e.path(), temporaries_allowed);
    } else {
      CHECK(temporaries_allowed);
      CHECK(e.path().extension() == ".tmp");
    }
  }
}

}  // namespace

TEST_CASE("an interrupted tablebase build leaves only whole tables, and a rerun finishes",
          "[hardening][interrupt]") {
  for (const int signal : {SIGINT, SIGKILL}) {
    INFO("signal " << signal);
    const fs::path dir = scratch("tb-" + std::to_string(signal));
    const fs::path out = dir / "tables";
    // Doubles tables up to 5 pawns: the last layer takes a while. Killed
    // once layer 3 is done, while layer 4 or 5 is being written.
    const pid_t pid = start(dir, {"tablebase", "build", "--game", "doubles", "--max-pawns", "5",
                                  "--threads", "1", "--out", out.string()});
    REQUIRE(pid > 0);
    const bool part_way = wait_until(
        pid, [&] { return slurp(dir / "stderr.txt").find("layer 3:") != std::string::npos; });
    const int status = finish(pid, signal);
    REQUIRE(part_way);
    if (signal == SIGINT) {
      CHECK(status == 130);
      CHECK(slurp(dir / "stderr.txt").find("interrupted") != std::string::npos);
    } else {
      CHECK(status == -SIGKILL);
    }
    CHECK_FALSE(fs::exists(out / table_file_name(TableKind::Doubles, 5)));
    check_tables(out, signal == SIGKILL);
    if (signal == SIGINT) {
      // The layer in progress was removed, its temporary file too.
      CHECK_FALSE(fs::exists(out / (table_file_name(TableKind::Doubles, 5) + ".tmp")));
      CHECK_FALSE(fs::exists(out / (table_file_name(TableKind::Doubles, 4) + ".tmp")));
    }
    // A rerun keeps the finished layers and builds the rest.
    const auto rerun =
        run_scarney("tablebase build --game doubles --max-pawns 4 --out " + out.string());
    CHECK(rerun.status == 0);
    CHECK(rerun.err.find("layer 3: already built") != std::string::npos);
    check_tables(out, signal == SIGKILL);
    const auto info = run_scarney("tablebase info " + out.string());
    CHECK(info.status == 0);
    CHECK(info.out.find("doubles: positions with up to 4 pawns") != std::string::npos);
    // The games without tables say so (once "positions with up to 0 pawns").
    CHECK(info.out.find("solitaire: no tables") != std::string::npos);
    CHECK(info.out.find("up to 0 pawns") == std::string::npos);
    fs::remove_all(dir);
  }
}

TEST_CASE("an interrupted stats --csv leaves no partial CSV under its name, and a rerun works",
          "[hardening][interrupt]") {
  for (const int signal : {SIGINT, SIGKILL}) {
    INFO("signal " << signal);
    const fs::path dir = scratch("stats-" + std::to_string(signal));
    const fs::path csv = dir / "deals.csv";
    const pid_t pid = start(dir, {"stats", "--game", "solitaire", "--deals", "10000000",
                                  "--threads", "1", "--csv", csv.string()});
    REQUIRE(pid > 0);
    // Part-way: the run has opened its temporary CSV (ten million deals
    // take hours).
    const auto temp_open = [&] {
      for (const auto& e : fs::directory_iterator(dir))
        if (e.path().filename().string().rfind("deals.csv.tmp", 0) == 0) return true;
      return false;
    };
    const bool part_way = wait_until(pid, temp_open);
    // Past the few lines between opening the file and catching Ctrl-C.
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    const int status = finish(pid, signal);
    REQUIRE(part_way);
    if (signal == SIGINT) {
      // Stopped cleanly: the CSV is whole, one line per deal reported.
      CHECK(status == 130);
      const std::string text = slurp(csv);
      REQUIRE_FALSE(text.empty());
      CHECK(text.back() == '\n');
      const std::string err = slurp(dir / "stderr.txt");
      const size_t at = err.find("statistics of the first ");
      REQUIRE(at != std::string::npos);
      const long long deals = std::stoll(err.substr(at + 24));
      CHECK(std::count(text.begin(), text.end(), '\n') == deals + 1);
    } else {
      CHECK(status == -SIGKILL);
      CHECK_FALSE(fs::exists(csv));
    }
    for (const auto& e : fs::directory_iterator(dir)) {
      const std::string name = e.path().filename().string();
      INFO(name);
      CHECK((name == "deals.csv" || name == "stdout.txt" || name == "stderr.txt" ||
             (signal == SIGKILL && name.rfind("deals.csv.tmp.", 0) == 0)));
    }
    // A rerun over what was left writes a whole file.
    const auto rerun =
        run_scarney("stats --quiet --game solitaire --deals 20 --csv " + csv.string());
    CHECK(rerun.status == 0);
    const std::string text = slurp(csv);
    CHECK(std::count(text.begin(), text.end(), '\n') == 21);
    fs::remove_all(dir);
  }
}
