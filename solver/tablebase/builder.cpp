#include "tablebase/builder.h"

#include <chrono>
#include <condition_variable>
#include <exception>
#include <filesystem>
#include <mutex>
#include <thread>

#include "tablebase/layer.h"
#include "tablebase/table_file.h"

namespace scarney::tablebase {
namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

// Reads a finished layer back whole; nullopt-like (false) when it is missing
// or damaged. With `into`, keeps the values.
bool read_layer(const std::string& path, TableKind kind, int pawns, Layer* into,
                uint64_t* canonical, uint64_t* file_bytes) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return false;
  try {
    TableFile f(path);
    if (f.header().kind != kind || f.header().pawns != pawns) return false;
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
  } catch (const TablebaseError&) {
    return false;
  }
}

// Computes one layer on `threads` threads and writes it. Blocks are handed
// out in order; the calling thread writes them in order as they finish.
LayerReport build_layer(TableKind kind, int pawns, const Layers& below, Layer* keep,
                        const BuildOptions& o) {
  const auto start = Clock::now();
  const std::string path = (std::filesystem::path(o.dir) / table_file_name(kind, pawns)).string();
  const TableHeader header = new_header(kind, pawns, o.zstd_level);
  const Indexer index(info(kind).group, pawns);
  const Encoding enc = info(kind).encoding;
  TableWriter writer(path, header);

  const uint32_t blocks = header.blocks;
  const uint32_t window = 16 * static_cast<uint32_t>(o.threads);  // blocks done but not yet written
  std::vector<std::string> done(blocks);
  std::vector<char> ready(blocks, 0);
  std::mutex mu;
  std::condition_variable cv;
  uint32_t written = 0;
  std::atomic<uint32_t> next{0};
  std::atomic<uint64_t> entries_done{0}, canonical{0};
  std::atomic<bool> failed{false};
  std::exception_ptr error;
  const auto stopping = [&] { return failed.load() || (o.stop && o.stop->load()); };

  const auto worker = [&] {
    std::vector<uint8_t> local;
    try {
      for (;;) {
        const uint32_t b = next.fetch_add(1);
        if (b >= blocks) return;
        {
          std::unique_lock lock(mu);
          cv.wait(lock, [&] { return b < written + window || stopping(); });
        }
        if (stopping()) return;
        const uint64_t first = uint64_t{b} * header.block_entries;
        const uint64_t count = std::min<uint64_t>(header.block_entries, header.entries - first);
        uint8_t* out;
        if (keep) {
          out = keep->bytes.data() + value_bytes(kind, first);
        } else {
          local.assign(value_bytes(kind, count), 0);
          out = local.data();
        }
        uint64_t filler = 0, stored = 0;
        for (uint64_t i = 0; i < count; ++i) {
          const Board board = index.board_at(first + i);
          // Entries that are not canonical are never probed: repeat the
          // last value there, which costs almost nothing compressed.
          if (index.index(board) == first + i) {
            filler = compute_entry(kind, board, below);
            ++stored;
          }
          set_entry(enc, out, i, filler);
        }
        std::string packed = compress_block(out, value_bytes(kind, count), o.zstd_level);
        entries_done += count;
        canonical += stored;
        std::lock_guard lock(mu);
        done[b] = std::move(packed);
        ready[b] = 1;
        cv.notify_all();
      }
    } catch (...) {
      std::lock_guard lock(mu);
      if (!error) error = std::current_exception();
      failed = true;
      cv.notify_all();
    }
  };

  std::vector<std::thread> pool;
  for (int t = 0; t < o.threads; ++t) pool.emplace_back(worker);
  const auto finish_threads = [&] {
    {
      std::lock_guard lock(mu);
      failed = failed || (o.stop && o.stop->load());
      cv.notify_all();
    }
    for (auto& t : pool) t.join();
  };

  auto last_report = Clock::now();
  try {
    while (written < blocks) {
      std::string block;
      bool got = false;
      {
        std::unique_lock lock(mu);
        cv.wait_for(lock, std::chrono::milliseconds(100),
                    [&] { return ready[written] || stopping(); });
        if (stopping()) break;
        if (ready[written]) {
          block = std::move(done[written]);
          done[written] = std::string();
          got = true;
        }
      }
      if (got) {
        writer.add_block(block);
        std::lock_guard lock(mu);
        ++written;
        cv.notify_all();
      }
      if (o.progress && since(last_report) > 0.25) {
        last_report = Clock::now();
        o.progress({kind, pawns, o.max_pawns, entries_done.load(), header.entries, since(start)});
      }
    }
  } catch (...) {
    failed = true;
    finish_threads();
    throw;
  }
  finish_threads();
  if (error) std::rethrow_exception(error);
  if (written < blocks) throw BuildInterrupted();
  if (o.progress)
    o.progress({kind, pawns, o.max_pawns, header.entries, header.entries, since(start)});
  writer.finish(canonical.load());
  std::error_code ec;
  const uint64_t bytes = std::filesystem::file_size(path, ec);
  return {kind, pawns, false, header.entries, canonical.load(), bytes, since(start)};
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
    if (read_layer(path, kind, n, layer.get(), &canonical, &bytes)) {
      r = {kind, n, true, Indexer(info(kind).group, n).entries(), canonical, bytes, since(start)};
    } else {
      r = build_layer(kind, n, layers, layer.get(), o);
    }
    if (o.layer_done) o.layer_done(r);
    reports.push_back(r);
    layers[n] = std::move(layer);
  }
  return reports;
}

}  // namespace scarney::tablebase
