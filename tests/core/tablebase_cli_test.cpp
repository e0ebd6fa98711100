#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "test_util.h"

using scarney::test::run_scarney;
namespace fs = std::filesystem;

TEST_CASE("scarney tablebase build, info, probe, verify and solve --tb", "[tablebase][cli]") {
  const std::string dir =
      (fs::temp_directory_path() / ("scarney-tb-cli-" + std::to_string(getpid()))).string();
  const auto built =
      run_scarney("tablebase build --game all --max-pawns 3 --threads 2 --out " + dir);
  REQUIRE(built.status == 0);
  CHECK(built.err.find("layer 3") != std::string::npos);
  CHECK(fs::exists(fs::path(dir) / "highlow-payoff-3.sctb"));
  // A rerun finds every layer done.
  const auto rerun = run_scarney("tablebase build --game solitaire --max-pawns 3 --out " + dir);
  CHECK(rerun.status == 0);
  CHECK(rerun.err.find("already built") != std::string::npos);

  const auto info = run_scarney("tablebase info " + dir);
  CHECK(info.status == 0);
  CHECK(info.out.find("solitaire: positions with up to 3 pawns") != std::string::npos);

  const std::string positions =
      "game: solitaire\nphase: jump\nplacement: B4 on C1, R1 on C2, B3 on C6\n---\n"
      "game: highlow\nphase: removal\nplacement: B4 on C1, R1 on C2, B3 on C6\nremoved: 5 7\n";
  const auto probe = run_scarney("tablebase probe --json --tb " + dir + " -", positions);
  CHECK(probe.status == 0);
  const auto solve = run_scarney("solve --json -", positions.substr(0, positions.find("---")));
  const auto value_of = [](const std::string& out) {
    const size_t at = out.find("\"value\":");
    return at == std::string::npos ? -9999 : std::stoi(out.substr(at + 8));
  };
  CHECK(value_of(probe.out) == value_of(solve.out));
  CHECK(probe.out.find("\"to_move_wins\":") != std::string::npos);
  const auto with_tb =
      run_scarney("solve --json --tb " + dir + " -", positions.substr(0, positions.find("---")));
  CHECK(with_tb.out == solve.out);

  const auto too_many = run_scarney(
      "tablebase probe --tb " + dir + " -",
      "game: doubles\nphase: jump\nplacement: B4 on C1, R1 on C2, B3 on C6, G1 on C7\n");
  CHECK(too_many.status == 2);
  CHECK(too_many.err.find("-:1") != std::string::npos);

  const auto verify = run_scarney("tablebase verify --samples 20 --tb " + dir);
  CHECK(verify.status == 0);
  CHECK(verify.out.find("all 15 tables ok") != std::string::npos);

  // Damage: verify exits 1, loading for probe or solve refuses with the file's name.
  const std::string victim = (fs::path(dir) / "doubles-3.sctb").string();
  fs::resize_file(victim, fs::file_size(victim) - 1);
  const auto damaged = run_scarney("tablebase probe --tb " + dir + " -", positions);
  CHECK(damaged.status == 2);
  CHECK(damaged.err.find("doubles-3.sctb") != std::string::npos);

  CHECK(run_scarney("tablebase build --game solitaire --max-pawns 9 --out " + dir).status == 2);
  CHECK(run_scarney("tablebase build --game chess --max-pawns 3 --out " + dir).status == 2);
  std::error_code ec;
  fs::remove_all(dir, ec);
}

TEST_CASE("tablebase build: no progress bar into a pipe, a damaged table is rebuilt and says so",
          "[tablebase][cli]") {
  const std::string dir = "/tmp/scarney-tb-damage-" + std::to_string(::getpid());
  std::filesystem::remove_all(dir);
  const auto first = scarney::test::run_scarney(
      "tablebase build --game solitaire --max-pawns 3 "
      "--out " +
      dir);
  REQUIRE(first.status == 0);
  CHECK(first.err.find("[#") == std::string::npos);  // stderr is a pipe here
  CHECK(first.err.find("solitaire      layer 3: built") != std::string::npos);
  {
    std::fstream f(dir + "/solitaire-3.sctb", std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(200);
    f.put('x');
  }
  const auto again = scarney::test::run_scarney(
      "tablebase build --game solitaire --max-pawns 3 "
      "--out " +
      dir);
  CHECK(again.status == 0);
  CHECK(again.err.find("layer 2: already built, checked") != std::string::npos);
  CHECK(again.err.find("layer 3: rebuilt: the file there was damaged") != std::string::npos);
  std::filesystem::remove_all(dir);
}
