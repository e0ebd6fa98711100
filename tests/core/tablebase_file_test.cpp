#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "tablebase/builder.h"
#include "tablebase/table_file.h"
#include "tablebase/tablebase_set.h"
#include "test_util.h"

using namespace scarney;
using namespace scarney::tablebase;
namespace fs = std::filesystem;

namespace {

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}
using scarney::test::spit;

// Every value of every block: what a reader would be told.
void read_all(const std::string& path) {
  TableFile f(path);
  std::vector<uint8_t> block;
  for (uint32_t b = 0; b < f.header().blocks; ++b) f.read_block(b, block);
}

// The message names the file and the damage.
void require_refused(const std::string& path, const std::string& why) {
  try {
    read_all(path);
    FAIL("damaged file accepted: " << why);
  } catch (const TablebaseError& e) {
    CHECK(std::string(e.what()).find(path) != std::string::npos);
  }
}

}  // namespace

TEST_CASE("damaged or truncated tables are refused, naming the file", "[tablebase][file]") {
  const std::string dir =
      (fs::temp_directory_path() / ("scarney-tb-file-" + std::to_string(getpid()))).string();
  BuildOptions o;
  o.dir = dir;
  o.max_pawns = 3;
  build_tables(TableKind::Solitaire, o);
  const std::string path = (fs::path(dir) / table_file_name(TableKind::Solitaire, 3)).string();
  const std::string good = slurp(path);
  REQUIRE_NOTHROW(read_all(path));
  const TableHeader h = TableFile(path).header();
  REQUIRE(h.blocks >= 2);

  SECTION("truncated") {
    for (size_t keep : {size_t{0}, size_t{10}, kHeaderBytes, good.size() / 2, good.size() - 1}) {
      spit(path, good.substr(0, keep));
      require_refused(path, "truncated to " + std::to_string(keep));
    }
  }
  SECTION("extended") {
    spit(path, good + std::string(7, '\0'));
    require_refused(path, "extended");
  }
  SECTION("a flipped byte anywhere: header, blocks or index") {
    std::vector<size_t> spots = {0,
                                 9,
                                 17,
                                 24,
                                 40,
                                 56,
                                 64,
                                 121,  // header
                                 kHeaderBytes + 5,
                                 h.index_offset - 3,  // first and last blocks
                                 h.index_offset + 4,
                                 good.size() - 2};  // index
    for (size_t at : spots) {
      std::string bad = good;
      bad[at] = static_cast<char>(bad[at] ^ 0x20);
      spit(path, bad);
      require_refused(path, "byte " + std::to_string(at) + " flipped");
    }
  }
  SECTION("a table under another table's name") {
    fs::rename(path, fs::path(dir) / table_file_name(TableKind::Solitaire, 2));
    CHECK_THROWS_AS(TablebaseSet(dir), TablebaseError);
  }
  SECTION("a damaged block met by a probe throws instead of answering") {
    std::string bad = good;
    bad[h.index_offset - 3] = static_cast<char>(bad[h.index_offset - 3] ^ 1);
    spit(path, bad);
    const TablebaseSet set(dir);  // header and index are fine
    const Indexer ix(ColourGroup::RedYellowGreen, 3);
    const Board last = ix.board_at(ix.entries() - 1);
    CHECK_THROWS_AS(set.value(Game::Solitaire, last), TablebaseError);
  }
  std::error_code ec;
  fs::remove_all(dir, ec);
}
