// Damaged tablebases (docs/hardening.md): a real table of three pawns,
// truncated, extended, and with a byte flipped in its header, its index and
// a block, is refused by `tablebase probe`, `solve --tb` and `tablebase
// verify`, each with a message naming the file and a non-zero status; never
// answered from.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <functional>

#include "games/rules.h"
#include "tablebase/table_file.h"
#include "tablebase/table_kind.h"
#include "test_util.h"

using namespace scarney;
using namespace scarney::tablebase;
using scarney::test::run_scarney;
namespace fs = std::filesystem;
using scarney::test::slurp;

namespace {

using scarney::test::spit;

std::string as_file(const Position& p) { return format_position(p); }

// A Solitaire position of four pawns with a single legal jump: solving it
// must ask the tables about the three pawns left.
Position one_jump_position() {
  SplitMix64 rng(10);
  for (;;) {
    Position p;
    p.game = Game::Solitaire;
    p.phase = Phase::Jump;
    p.board = test::random_board(rng, 4);
    if (legal_moves(p).size() == 1) return p;
  }
}

}  // namespace

TEST_CASE("damaged tables are refused by probe, solve --tb and verify, naming the file",
          "[hardening][tablebase]") {
  const fs::path dir =
      fs::temp_directory_path() / ("scarney-hardening-tb-" + std::to_string(getpid()));
  fs::remove_all(dir);
  const auto built =
      run_scarney("tablebase build --game solitaire --max-pawns 3 --out " + dir.string());
  REQUIRE(built.status == 0);
  const fs::path table = dir / table_file_name(TableKind::Solitaire, 3);
  const std::string pristine = slurp(table);
  REQUIRE(pristine.size() > kHeaderBytes);

  // The positions asked: the four-pawn one solved through its single jump,
  // and the three-pawn position that jump leads to, probed.
  const Position four = one_jump_position();
  const Position three = play(four, legal_moves(four).front());
  const TableFile file(table.string());
  const TableHeader& h = file.header();
  const Indexer index(info(TableKind::Solitaire).group, 3);
  const uint32_t block = static_cast<uint32_t>(index.index(three.board) / h.block_entries);
  uint64_t block_at = kHeaderBytes;
  for (uint32_t b = 0; b < block; ++b) block_at += file.compressed_bytes(b);
  const uint64_t block_middle = block_at + file.compressed_bytes(block) / 2;

  // Sound, the three commands answer.
  REQUIRE(run_scarney("tablebase probe --tb " + dir.string() + " -", as_file(three)).status == 0);
  REQUIRE(run_scarney("solve --tb " + dir.string() + " -", as_file(four)).status == 0);
  REQUIRE(run_scarney("tablebase verify --samples 2 --tb " + dir.string()).status == 0);

  const auto flip = [&](uint64_t at) {
    return [at](std::string& f) { f[at] = static_cast<char>(f[at] ^ 0x10); };
  };
  const std::vector<std::pair<std::string, std::function<void(std::string&)>>> damages = {
      {"truncated by a byte", [](std::string& f) { f.pop_back(); }},
      {"truncated inside the header", [](std::string& f) { f.resize(kHeaderBytes / 2); }},
      {"truncated to nothing", [](std::string& f) { f.clear(); }},
      {"extended", [](std::string& f) { f += "extra bytes"; }},
      {"a header byte flipped (block size)", flip(20)},
      {"a header byte flipped (magic)", flip(3)},
      {"an index byte flipped (offsets)", flip(h.index_offset + 9)},
      {"an index byte flipped (checksums)", flip(h.file_size - 2)},
      {"a byte flipped in the block probed", flip(block_middle)},
  };
  for (const auto& [what, damage] : damages) {
    INFO(what);
    std::string bytes = pristine;
    damage(bytes);
    spit(table, bytes);
    const std::string name = table.string();

    const auto probe = run_scarney("tablebase probe --tb " + dir.string() + " -", as_file(three));
    CHECK(probe.status == 2);
    CHECK(probe.err.find(name) != std::string::npos);
    CHECK(probe.out.find("value") == std::string::npos);

    const auto solve = run_scarney("solve --tb " + dir.string() + " -", as_file(four));
    CHECK(solve.status == 2);
    CHECK(solve.err.find(name) != std::string::npos);
    CHECK(solve.out.find("best score") == std::string::npos);

    const auto verify = run_scarney("tablebase verify --samples 2 --tb " + dir.string());
    CHECK(verify.status != 0);
    CHECK((verify.out + verify.err).find(table.filename().string()) != std::string::npos);
    CHECK(verify.out.find("tables ok") == std::string::npos);
  }

  // Restored, the tables answer again; a rebuild over a damaged layer works.
  spit(table, pristine);
  CHECK(run_scarney("tablebase probe --tb " + dir.string() + " -", as_file(three)).status == 0);
  std::string damaged = pristine;
  damaged[block_middle] = static_cast<char>(damaged[block_middle] ^ 1);
  spit(table, damaged);
  CHECK(
      run_scarney("tablebase build --game solitaire --max-pawns 3 --out " + dir.string()).status ==
      0);
  CHECK(slurp(table) == pristine);
  std::error_code ec;
  fs::remove_all(dir, ec);
}
