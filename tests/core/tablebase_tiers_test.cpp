// Tables built in tiers: the tiers partition a layer at material
// boundaries, each tier's child blocks hold every child its positions read
// (checked against the rules kernel, not the tier code), a build killed
// mid-layer resumes from its tier files to the same bytes, and a 2-rank MPI
// build equals the threaded one byte for byte.
#include <signal.h>
#include <sys/wait.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <thread>

#include "games/rules.h"
#include "tablebase/indexing.h"
#include "tablebase/tiers.h"
#include "test_util.h"

using namespace scarney;
using namespace scarney::tablebase;
namespace fs = std::filesystem;
using scarney::test::run_scarney;
using scarney::test::slurp;

namespace {

std::vector<std::string> tables_in(const fs::path& d) {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(d))
    if (e.path().extension() == ".sctb") out.push_back(e.path().filename().string());
  std::sort(out.begin(), out.end());
  return out;
}

void check_same_tables(const fs::path& a, const fs::path& b) {
  REQUIRE(tables_in(a) == tables_in(b));
  for (const std::string& f : tables_in(a)) {
    INFO(f);
    CHECK(slurp((a / f).string()) == slurp((b / f).string()));
  }
}

int parts_in(const fs::path& d) {
  std::error_code ec;
  int n = 0;
  for (const auto& e : fs::directory_iterator(d, ec)) n += e.path().extension() == ".part";
  return n;
}

// Waits until `dir` holds `parts` tier files (or the child ends).
void wait_for_parts(pid_t pid, const fs::path& dir, int parts) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(5);
  while (parts_in(dir) < parts && std::chrono::steady_clock::now() < deadline &&
         waitpid(pid, nullptr, WNOHANG) == 0)
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
}

}  // namespace

TEST_CASE("tiers partition a layer's blocks at material boundaries", "[tablebase][tiers]") {
  for (int k = 0; k < kTableKinds; ++k)
    for (int n = 1; n <= 8; ++n) {
      const auto kind = static_cast<TableKind>(k);
      INFO(kind_name(kind) << " " << n);
      const TierPlan plan(kind, n);
      const Indexer index(info(kind).group, n);
      const uint64_t e = info(kind).block_entries, pm = index.per_material();
      REQUIRE(plan.tiers() >= 1);
      CHECK(plan.first_block(0) == 0);
      CHECK(plan.first_entry(plan.tiers()) == index.entries());
      for (uint32_t t = 0; t < plan.tiers(); ++t) {
        CHECK(plan.blocks(t) >= 1);
        // A tier starts in the block where one of its materials starts.
        CHECK(plan.first_entry(t) % pm < e);
        if (t + 1 < plan.tiers()) CHECK(plan.entries(t) + e > kTierEntries);
      }
      // At 7 and 8 pawns a tier is one material.
      if (n >= 7) CHECK(plan.tiers() == index.materials());
    }
}

TEST_CASE("a tier's child blocks hold every child its positions read",
          "[tablebase][tiers][cross-check]") {
  SplitMix64 rng(17);
  for (int k = 0; k < kTableKinds; ++k)
    for (int n = 2; n <= 6; ++n) {
      const auto kind = static_cast<TableKind>(k);
      const Game game = info(kind).game;
      const TierPlan plan(kind, n);
      const Indexer index(info(kind).group, n);
      for (int trial = 0; trial < 40; ++trial) {
        const auto t = static_cast<uint32_t>(rng.below(plan.tiers()));
        const uint64_t i = plan.first_entry(t) + rng.below(plan.entries(t));
        Position p;
        p.game = game;
        p.phase = phase_after_takeoff(game);
        p.board = index.board_at(i);
        for (const Move& m : legal_moves(p)) {
          const Board child = play(p, m).board;
          const int lower = child.pawn_count();
          const Indexer below(info(kind).group, lower);
          const auto block = static_cast<uint32_t>(below.index(child) / info(kind).block_entries);
          const auto blocks = plan.child_blocks(t, lower);
          INFO(kind_name(kind) << " " << n << " tier " << t << " child of " << lower);
          CHECK(std::binary_search(blocks.begin(), blocks.end(), block));
        }
      }
    }
}

TEST_CASE("a table build killed mid-layer resumes from its tiers to the same bytes",
          "[tablebase][tiers][cli][slow]") {
  const fs::path ref = test::scratch_dir("tiers", "ref"), d = test::scratch_dir("tiers", "kill");
  const std::string args = "tablebase build --game doubles --max-pawns 5 --threads 1 --out ";
  REQUIRE(run_scarney(args + ref.string()).status == 0);
  const std::vector<std::string> argv = {"tablebase",   "build",   "--game",    "doubles",
                                         "--max-pawns", "5",       "--threads", "1",
                                         "--out",       d.string()};
  const pid_t pid = test::start_scarney(d, argv);
  const fs::path tiers = d / "doubles-5.tiers";
  wait_for_parts(pid, tiers, 2);
  kill(pid, SIGKILL);
  waitpid(pid, nullptr, 0);
  REQUIRE(parts_in(tiers) >= 2);
  CHECK_FALSE(fs::exists(d / "doubles-5.sctb"));
  CHECK(run_scarney("tablebase info " + d.string()).out.find("doubles-5: being built, ") !=
        std::string::npos);
  // A kept tier damaged since is computed again.
  fs::path first;
  for (const auto& e : fs::directory_iterator(tiers))
    if (e.path().extension() == ".part") first = e.path();
  std::string bytes = slurp(first.string());
  bytes[bytes.size() / 2] ^= 0x40;
  {
    std::FILE* f = std::fopen(first.c_str(), "wb");
    std::fwrite(bytes.data(), 1, bytes.size(), f);
    std::fclose(f);
  }
  const auto rerun = run_scarney(args + d.string());
  REQUIRE(rerun.status == 0);
  CHECK(rerun.err.find("tiers from an earlier run") != std::string::npos);
  CHECK_FALSE(fs::exists(tiers));
  for (const char* f : {"stdout.txt", "stderr.txt"}) fs::remove(d / f);
  check_same_tables(ref, d);
  fs::remove_all(ref);
  fs::remove_all(d);
}

#ifdef SCARNEY_MPIEXEC
TEST_CASE("a 2-rank MPI table build equals the threaded build byte for byte",
          "[tablebase][tiers][mpi][slow]") {
  setenv("OMPI_ALLOW_RUN_AS_ROOT", "1", 1);
  setenv("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", 1);
  const fs::path t = test::scratch_dir("tiers", "threads"), m = test::scratch_dir("tiers", "mpi");
  const std::string build = "tablebase build --game doubles,highlow --max-pawns 4 --out ";
  REQUIRE(run_scarney(build + t.string() + " --threads 2").status == 0);
  const std::string cmd = std::string(SCARNEY_MPIEXEC) + " -np 2 --oversubscribe " +
                          SCARNEY_BINARY + " " + build + m.string() + " --threads 1 2>&1";
  REQUIRE(std::system(cmd.c_str()) == 0);
  check_same_tables(t, m);
  CHECK(tables_in(m).size() == 12);
  fs::remove_all(t);
  fs::remove_all(m);
}
#endif
