// Tablebase files (tablebase/table_file.h, tablebase_set.h). The first byte
// of the input holds flags, the rest is the file. A mutated file almost
// never keeps its checksums, so the flags let the harness set them right
// after the mutation and reach the checks behind them:
//   bit 0  the header checksum      bit 2  every block checksum in the index
//   bit 1  the index checksum       bit 3  the file-size field
// Opening must either succeed or throw TablebaseError; a table that opens
// has every block read, then goes into a TablebaseSet and is probed.
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "fuzz_util.h"
#include "games/deal.h"
#include "tablebase/checksum.h"
#include "tablebase/table_file.h"
#include "tablebase/tablebase_set.h"

using namespace scarney;
using namespace scarney::tablebase;
namespace fs = std::filesystem;

namespace {

constexpr size_t kHeaderSumAt = 120, kIndexSumAt = 56, kFileSizeAt = 48;
constexpr size_t kBlocksAt = 36, kIndexOffsetAt = 40;

uint64_t get(const std::string& s, size_t at, int bytes) {
  uint64_t v = 0;
  for (int i = bytes - 1; i >= 0; --i) v = v << 8 | static_cast<uint8_t>(s[at + i]);
  return v;
}
void put(std::string& s, size_t at, uint64_t v) {
  for (int i = 0; i < 8; ++i) s[at + i] = static_cast<char>(v >> (8 * i));
}

void fix_checksums(std::string& f, uint8_t flags) {
  if (f.size() < kHeaderBytes) return;
  const uint64_t blocks = get(f, kBlocksAt, 4);
  const uint64_t index_at = get(f, kIndexOffsetAt, 8);
  const bool index_fits = index_at <= f.size() && (2 * blocks + 1) * 8 <= f.size() - index_at;
  if ((flags & 4) && index_fits) {
    for (uint64_t b = 0; b < blocks; ++b) {
      const uint64_t from = get(f, index_at + 8 * b, 8), to = get(f, index_at + 8 * (b + 1), 8);
      if (from <= to && to <= f.size())
        put(f, index_at + 8 * (blocks + 1 + b), xxh64(f.data() + from, to - from));
    }
  }
  if (flags & 8) put(f, kFileSizeAt, f.size());
  if ((flags & 2) && index_fits)
    put(f, kIndexSumAt, xxh64(f.data() + index_at, (2 * blocks + 1) * 8));
  if (flags & 1) put(f, kHeaderSumAt, xxh64(f.data(), kHeaderSumAt));
}

// A directory of this process's own, removed at exit.
struct ScratchDir {
  std::string path;
  ScratchDir() {
    const fs::path base = fs::exists("/dev/shm") ? fs::path("/dev/shm") : fs::temp_directory_path();
    path = (base / ("scarney-fuzz-tb-" + std::to_string(getpid()))).string();
    fs::create_directories(path);
  }
  ~ScratchDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

void probe(const std::string& dir, const TableHeader& h) {
  const TablebaseSet set(dir, size_t{1} << 20);
  SplitMix64 rng(h.pawns);
  for (int i = 0; i < 8; ++i) {
    const Board full = random_deal(rng);
    Board b;
    for (int c = 0; c < h.pawns; ++c)
      b.place(full.pawn_on(static_cast<Circle>(c)), static_cast<Circle>(c));
    (void)set.entry(h.kind, b);
    const Game g = info(h.kind).game;
    (void)set.max_pawns(g);
    if (g == Game::HighLow) {
      (void)set.highlow_wins(b);
      (void)set.highlow_value(b, static_cast<int>(rng.below(41)), static_cast<int>(rng.below(41)));
    } else {
      (void)set.value(g, b);
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const ScratchDir scratch;
  const std::string& dir = scratch.path;
  if (size == 0) return 0;
  std::string file(reinterpret_cast<const char*>(data + 1), size - 1);
  fix_checksums(file, data[0]);
  const std::string path = dir + "/input.sctb.part";  // not a *.sctb: the set ignores it
  std::ofstream(path, std::ios::binary | std::ios::trunc) << file;
  try {
    const TableFile t(path);
    std::vector<uint8_t> block;
    for (uint32_t b = 0; b < t.header().blocks; ++b) t.read_block(b, block);
    const std::string name = dir + "/" + table_file_name(t.header().kind, t.header().pawns);
    fs::rename(path, name);
    try {
      probe(dir, t.header());
    } catch (const TablebaseError&) {
      fs::remove(name);
      throw;
    }
    fs::remove(name);
  } catch (const TablebaseError&) {
  }
  return 0;
}
