#include "tablebase/builder.h"

#include <atomic>
#include <chrono>
#include <filesystem>

#include "tablebase/layer.h"
#include "tablebase/table_file.h"
#include "util/ordered_pool.h"

namespace scarney::tablebase {
namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

// Reads a finished layer back whole; false when it is missing or damaged
// (then `damage` says why). With `into`, keeps the values. Only a regular
// file (or a link to one) can hold a layer: reading a FIFO would wait for a
// writer.
bool read_layer(const std::string& path, TableKind kind, int pawns, Layer* into,
                uint64_t* canonical, uint64_t* file_bytes, std::string& damage) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return false;
  if (!std::filesystem::is_regular_file(path, ec)) {
    damage = "not a regular file";
    return false;
  }
  try {
    TableFile f(path);
    if (f.header().kind != kind || f.header().pawns != pawns) {
      damage = "it holds another table";
      return false;
    }
    std::vector<uint8_t> block;
    for (uint32_t b = 0; b < f.header().blocks; ++b) {
      f.read_block(b, block);
      if (into)
        std::copy(block.begin(), block.end(),
                  into->bytes.begin() + value_bytes(kind, uint64_t{b} * f.header().block_entries));
    }
    *canonical = f.header().canonical_entries;
    *file_bytes = f.header().file_size;
    return true;
  } catch (const TablebaseError& e) {
    damage = e.message();
    return false;
  }
}

// Computes the entries first .. first + count - 1 into `out` and returns how
// many of them are canonical.
uint64_t compute_block(TableKind kind, const Indexer& index, const Layers& below, uint64_t first,
                       uint64_t count, uint8_t* out) {
  const Encoding enc = info(kind).encoding;
  uint64_t filler = 0, stored = 0;
  for (uint64_t i = 0; i < count; ++i) {
    const Board board = index.board_at(first + i);
    // Entries that are not canonical are never probed: repeat the last
    // value there, which costs almost nothing compressed.
    if (index.index(board) == first + i) {
      filler = compute_entry(kind, board, below);
      ++stored;
    }
    set_entry(enc, out, i, filler);
  }
  return stored;
}

// Computes one layer on `threads` threads and writes it. Blocks are handed
// out in order; the calling thread writes them in order as they finish.
LayerReport build_layer(TableKind kind, int pawns, const Layers& below, Layer* keep,
                        const BuildOptions& o) {
  const auto start = Clock::now();
  const std::string path = (std::filesystem::path(o.dir) / table_file_name(kind, pawns)).string();
  const TableHeader header = new_header(kind, pawns, o.zstd_level);
  const Indexer index(info(kind).group, pawns);
  TableWriter writer(path, header);

  OrderedPoolOptions po;
  po.tasks = header.blocks;
  po.threads = o.threads;
  po.window = 16 * static_cast<uint64_t>(o.threads);  // blocks done but not yet written
  po.stop = o.stop;
  OrderedPool<std::string> pool(po);
  std::atomic<uint64_t> entries_done{0}, canonical{0};
  const auto make_worker = [&] {
    return [&, local = std::vector<uint8_t>()](uint64_t b) mutable {
      const uint64_t first = b * header.block_entries;
      const uint64_t count = std::min<uint64_t>(header.block_entries, header.entries - first);
      uint8_t* out;
      if (keep) {
        out = keep->bytes.data() + value_bytes(kind, first);
      } else {
        local.assign(value_bytes(kind, count), 0);
        out = local.data();
      }
      const uint64_t stored = compute_block(kind, index, below, first, count, out);
      std::string packed = compress_block(out, value_bytes(kind, count), o.zstd_level);
      entries_done += count;
      canonical += stored;
      return packed;
    };
  };
  uint32_t written = 0;
  const auto write = [&](uint64_t, std::string&& block) {
    if (pool.stopping()) return false;  // an interrupted layer is not finished
    writer.add_block(block);
    ++written;
    return true;
  };
  auto last_report = Clock::now();
  const auto report = [&](bool) {
    if (o.progress && since(last_report) > 0.25) {
      last_report = Clock::now();
      o.progress({kind, pawns, o.max_pawns, entries_done.load(), header.entries, since(start)});
    }
  };
  pool.run(make_worker, write, report);
  if (written < header.blocks) throw BuildInterrupted();
  if (o.progress)
    o.progress({kind, pawns, o.max_pawns, header.entries, header.entries, since(start)});
  writer.finish(canonical.load());
  std::error_code ec;
  const uint64_t bytes = std::filesystem::file_size(path, ec);
  return {kind, pawns, false, header.entries, canonical.load(), bytes, since(start), ""};
}

}  // namespace

std::vector<LayerReport> build_tables(TableKind kind, const BuildOptions& o) {
  if (o.max_pawns < 1 || o.max_pawns > kMaxBuildPawns)
    throw std::invalid_argument("max pawns must be 1.." + std::to_string(kMaxBuildPawns));
  std::filesystem::create_directories(o.dir);
  const int reach = (kind == TableKind::HighLowWins || kind == TableKind::HighLowPayoff) ? 3 : 1;
  Layers layers;
  std::vector<LayerReport> reports;
  for (int n = 1; n <= o.max_pawns; ++n) {
    // Layers no longer needed by the ones still to build.
    for (int m = 1; m < n - reach; ++m) layers[m].reset();
    const bool needed = n < o.max_pawns;
    auto layer = needed ? std::make_unique<Layer>(kind, n) : nullptr;
    const std::string path = (std::filesystem::path(o.dir) / table_file_name(kind, n)).string();
    const auto start = Clock::now();
    uint64_t canonical = 0, bytes = 0;
    LayerReport r;
    std::string damage;
    if (read_layer(path, kind, n, layer.get(), &canonical, &bytes, damage)) {
      r = {kind,      n,     true,         Indexer(info(kind).group, n).entries(),
           canonical, bytes, since(start), ""};
    } else {
      r = build_layer(kind, n, layers, layer.get(), o);
      r.damage = damage;
    }
    if (o.layer_done) o.layer_done(r);
    reports.push_back(r);
    layers[n] = std::move(layer);
  }
  return reports;
}

}  // namespace scarney::tablebase
