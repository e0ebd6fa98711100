// Hostile input (docs/hardening.md): files over the size limit, lines over
// the length limit, endless streams, binary garbage and absurd counts on the
// command line are refused with a clear message and exit status 2, never
// attempted.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "games/match.h"
#include "games/position_file.h"
#include "test_util.h"

using namespace scarney;
using scarney::test::run_scarney;
namespace fs = std::filesystem;

namespace {

// The message of the InputError that parsing `text` throws ("" if none).
template <typename Parse>
std::string error_of(Parse parse) {
  try {
    parse();
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

using scarney::test::has;

const std::string kPosition = "game: solitaire\nphase: jump\nplacement: G3 on C1, B2 on C2\n";

fs::path scratch_file(const std::string& name) {
  return fs::temp_directory_path() / ("scarney-hardening-" + std::to_string(getpid()) + "-" + name);
}

}  // namespace

TEST_CASE("position files over the size limit are refused", "[hardening][limits]") {
  // Comment lines of a valid file, padded past the limit.
  std::string text = kPosition;
  const std::string comment = "# " + std::string(1000, 'x') + "\n";
  while (text.size() <= kMaxPositionFileBytes) text += comment;
  const std::string parsed = error_of([&] { parse_positions(text, "big.scarney"); });
  CHECK(has(parsed, "big.scarney:1:1: file too large"));
  // The same file just under the limit still reads.
  text.resize(kMaxPositionFileBytes - comment.size());
  text.resize(text.rfind('\n') + 1);
  CHECK(parse_positions(text, "ok.scarney").size() == 1);

  // Through the program: a file on disk, and an endless stream.
  std::string big = kPosition;
  while (big.size() <= kMaxPositionFileBytes) big += comment;
  const fs::path path = scratch_file("big.scarney");
  std::ofstream(path, std::ios::binary) << big;
  const auto shown = run_scarney("show " + path.string());
  CHECK(shown.status == 2);
  CHECK(has(shown.err, path.string() + ":1:1: file too large"));
  fs::remove(path);
  const auto endless = run_scarney("show /dev/zero");
  CHECK(endless.status == 2);
  CHECK(has(endless.err, "/dev/zero:1:1: file too large"));
}

TEST_CASE("lines over the length limit are refused with their line number", "[hardening][limits]") {
  const std::string long_title = "title: " + std::string(kMaxLineBytes, 'a') + "\n";
  const std::string parsed = error_of([&] { parse_positions(kPosition + long_title, "t"); });
  CHECK(has(parsed, "t:4:1: line too long"));
  // A line of exactly the limit is fine.
  const std::string at_limit = "title: " + std::string(kMaxLineBytes - 7, 'a') + "\n";
  CHECK(parse_positions(kPosition + at_limit, "t").at(0).title.size() == kMaxLineBytes - 7);

  const auto run = run_scarney("solve -", kPosition + long_title);
  CHECK(run.status == 2);
  CHECK(has(run.err, "-:4:1: line too long"));
  // A long solution line is refused before `scarney verify` reads it.
  const std::string long_solution = "solution: " + std::string(kMaxLineBytes, 'G') + "\n";
  const auto verified = run_scarney("verify -", kPosition + long_solution);
  CHECK(verified.status == 2);
  CHECK(has(verified.err, "-:4:1: line too long"));
}

TEST_CASE("match sheets over the size or line limit are refused", "[hardening][limits]") {
  std::string sheet = "game: singles\nplayers: A B\n";
  while (sheet.size() <= kMaxMatchFileBytes) sheet += "# padding padding padding padding\n";
  CHECK(has(error_of([&] { parse_match(sheet, "m.match", std::nullopt); }),
            "m.match:1:1: file too large"));
  const std::string long_line = "game: singles\nplayers: A B\n" + std::string(5000, '1') + "\n";
  CHECK(has(error_of([&] { parse_match(long_line, "m.match", std::nullopt); }),
            "m.match:3:1: line too long"));
  const auto endless = run_scarney("match /dev/zero");
  CHECK(endless.status == 2);
  CHECK(has(endless.err, "/dev/zero:1:1: file too large"));
}

TEST_CASE("binary garbage and odd paths are bad input, not crashes", "[hardening][limits]") {
  std::string garbage;
  for (int i = 0; i < 4096; ++i) garbage += static_cast<char>((i * 7919) & 0xFF);
  const auto show = run_scarney("show -", garbage);
  CHECK(show.status == 2);
  CHECK(has(show.err, "-:1"));
  const auto nul = run_scarney("solve -", std::string("game: solitaire\0\nphase: jump\n", 29));
  CHECK(nul.status == 2);
  const auto missing = run_scarney("solve /nonexistent/x.scarney");
  CHECK(missing.status == 2);
  CHECK(has(missing.err, "/nonexistent/x.scarney"));
  const auto empty_dir = scratch_file("empty-dir");
  fs::create_directories(empty_dir);
  CHECK(run_scarney("solve " + empty_dir.string()).status == 2);
  fs::remove_all(empty_dir);
}

TEST_CASE("absurd counts on the command line are refused with status 2", "[hardening][limits]") {
  const std::string out = scratch_file("tb").string();
  struct Case {
    std::string args, option;
  };
  const std::vector<Case> cases = {
      {"stats --quiet --game solitaire --deals 200000000", "--deals"},
      {"stats --quiet --game solitaire --deals 99999999999999999999999", "--deals"},
      {"stats --quiet --game solitaire --deals 0", "--deals"},
      {"tablebase build --game solitaire --max-pawns 9 --out " + out, "--max-pawns"},
      {"tablebase build --game solitaire --max-pawns 0 --out " + out, "--max-pawns"},
      {"tablebase build --game solitaire --max-pawns 4294967297 --out " + out, "--max-pawns"},
      {"tablebase build --game solitaire --max-pawns 2 --threads 100000 --out " + out, "--threads"},
      {"tablebase verify --samples 1000000000 --tb " + out, "--samples"},
      {"tablebase verify --samples -1 --tb " + out, "--samples"},
      {"tablebase bench --probes 1000000000 --tb " + out, "--probes"},
      {"deal --count 2000000", "--count"},
      {"deal --count 0", "--count"},
      {"bench --repeat 1000 -", "--repeat"},
      {"bench --repeat 0 -", "--repeat"},
      {"solve --depth 100 -", "--depth"},
      {"solve --samples 0 -", "--samples"},
  };
  for (const Case& c : cases) {
    INFO("scarney " << c.args);
    const auto r = run_scarney(c.args, kPosition);
    CHECK(r.status == 2);
    CHECK(has(r.err, c.option));
    CHECK(r.out.empty());
  }
  // Nothing was built on the way.
  CHECK_FALSE(fs::exists(out));
}
