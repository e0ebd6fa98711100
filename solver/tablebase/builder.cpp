#include "tablebase/builder.h"

#include <atomic>
#include <chrono>
#include <filesystem>
#include <memory>
#include <optional>

#include "cluster/task_farm.h"
#include "tablebase/layer.h"
#include "tablebase/table_file.h"
#include "tablebase/tiers.h"
#include "util/input_file.h"
#include "util/ordered_pool.h"

namespace scarney::tablebase {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

double since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

std::string layer_path(const std::string& dir, TableKind kind, int pawns) {
  return (fs::path(dir) / table_file_name(kind, pawns)).string();
}

// What stands at a layer's name, and so what the build does there.
enum class LayerFile {
  Missing,  // nothing (or a dangling link): build
  Intact,   // a table that reads back whole: keep
  Damaged,  // a table file, damaged or of another format: rebuild over it
  Refused,  // anything else: not written over
};

// Reads a finished layer back whole (every block's checksum); `why` says
// what is wrong with a damaged or refused one. Only a regular file is read
// (a FIFO would wait for a writer); a symbolic link is followed to read an
// intact table, never to write over its target.
LayerFile check_layer(const std::string& path, TableKind kind, int pawns, uint64_t& canonical,
                      uint64_t& file_bytes, std::string& why) {
  std::error_code ec;
  const fs::file_status own = fs::symlink_status(path, ec);
  if (!fs::exists(own)) return LayerFile::Missing;
  const bool link = fs::is_symlink(own);
  const PathKind kind_there = kind_of(path);
  if (link && kind_there == PathKind::DanglingLink) return LayerFile::Missing;  // target created
  if (kind_there != PathKind::Regular) {
    why = (link ? "a symbolic link to " + kind_words(kind_there) : kind_words(kind_there)) +
          ", not a table file: not written over (move it away or choose another --out)";
    if (kind_there == PathKind::LinkLoop) why = "a symbolic link loop: not written through";
    return LayerFile::Refused;
  }
  if (!has_table_magic(path)) {
    why = (link ? "a symbolic link to a file that is not a tablebase file"
                : std::string("not a tablebase file")) +
          ": not written over (move it away or choose another --out)";
    return LayerFile::Refused;
  }
  try {
    TableFile f(path);
    if (f.header().kind != kind || f.header().pawns != pawns) {
      why = "holds a " + kind_name(f.header().kind) + " table of " +
            std::to_string(f.header().pawns) + " pawns, not this one: not written over";
      return LayerFile::Refused;
    }
    std::vector<uint8_t> block;
    for (uint32_t b = 0; b < f.header().blocks; ++b) f.read_block(b, block);
    canonical = f.header().canonical_entries;
    file_bytes = f.header().file_size;
    return LayerFile::Intact;
  } catch (const TablebaseError& e) {
    why = e.message();
    if (!link) return LayerFile::Damaged;
    why = "a symbolic link to a damaged table (" + why +
          "): not written through (repair or remove its target, or remove the link)";
    return LayerFile::Refused;
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

// The layers below the one being built, opened once by each rank, holding
// the blocks that the tier in hand reads.
class Below {
 public:
  Below(TableKind kind, const TierPlan& plan, const std::string& dir) : plan_(plan) {
    for (int m : plan.lower_layers()) {
      files_[m] = std::make_unique<TableFile>(layer_path(dir, kind, m));
      layers_[m] = std::make_unique<Layer>(kind, m);
    }
  }
  const Layers& hold(uint32_t tier) {
    for (int m : plan_.lower_layers()) layers_[m]->hold(*files_[m], plan_.child_blocks(tier, m));
    return layers_;
  }

 private:
  const TierPlan& plan_;
  std::array<std::unique_ptr<TableFile>, kPawns + 1> files_;
  Layers layers_;
};

// What one layer's build shares between its tiers.
struct LayerJob {
  TableKind kind;
  int pawns;
  const BuildOptions& o;
  TierPlan plan;
  Indexer index;
  Clock::time_point start = Clock::now();
  std::atomic<uint64_t> entries_done{0};  // of the tiers finished (rank 0's count)
  std::atomic<uint64_t> in_tier{0};       // of this rank's tier in hand
  bool shows_progress = false;            // rank 0 only: the ranks share a terminal
};

// Computes tier t on o.threads threads; nullopt when stopped.
std::optional<Tier> compute_tier(LayerJob& job, uint32_t t, const Layers& below) {
  const TableKind kind = job.kind;
  const uint64_t block_entries = info(kind).block_entries;
  const uint64_t end = job.plan.first_entry(t + 1);
  OrderedPoolOptions po;
  po.tasks = job.plan.blocks(t);
  po.threads = job.o.threads;
  po.window = 16 * static_cast<uint64_t>(job.o.threads);  // blocks done but not yet taken
  po.stop = job.o.stop;
  OrderedPool<std::pair<std::string, uint64_t>> pool(po);
  const auto make_worker = [&] {
    return [&, local = std::vector<uint8_t>()](uint64_t i) mutable {
      const uint64_t first = (job.plan.first_block(t) + i) * block_entries;
      const uint64_t count = std::min(block_entries, end - first);
      local.assign(value_bytes(kind, count), 0);
      const uint64_t stored = compute_block(kind, job.index, below, first, count, local.data());
      job.in_tier += count;
      return std::pair{compress_block(local.data(), local.size(), job.o.zstd_level), stored};
    };
  };
  Tier tier;
  const auto take = [&](uint64_t, std::pair<std::string, uint64_t>&& block) {
    if (pool.stopping()) return false;  // an interrupted tier is not finished
    tier.blocks.push_back(std::move(block.first));
    tier.canonical += block.second;
    return true;
  };
  auto last = Clock::now();
  const auto tick = [&](bool) {
    if (!job.shows_progress || !job.o.progress || since(last) < 0.25) return;
    last = Clock::now();
    job.o.progress({kind, job.pawns, job.o.max_pawns, job.entries_done + job.in_tier,
                    job.index.entries(), since(job.start)});
  };
  pool.run(make_worker, take, tick);
  if (tier.blocks.size() < job.plan.blocks(t)) return std::nullopt;
  return tier;
}

// Rank 0: the tier files, in order, into the layer's table file; then the
// tier files go.
uint64_t assemble(const LayerJob& job) {
  const std::string path = layer_path(job.o.dir, job.kind, job.pawns);
  TableWriter writer(path, new_header(job.kind, job.pawns, job.o.zstd_level));
  uint64_t canonical = 0;
  for (uint32_t t = 0; t < job.plan.tiers(); ++t) {
    const std::string tp = tier_path(job.o.dir, job.kind, job.pawns, t);
    Tier tier;
    std::string why = "missing";
    if (!read_tier(tp, job.kind, job.pawns, job.o.zstd_level, t, job.plan, tier, why))
      throw TablebaseError(tp, "tier file " + why);
    for (const std::string& b : tier.blocks) writer.add_block(b);
    canonical += tier.canonical;
  }
  writer.finish(canonical);
  std::error_code ec;
  fs::remove_all(tier_dir(job.o.dir, job.kind, job.pawns), ec);
  return canonical;
}

// Builds layer `pawns` tier by tier, on every rank, and (rank 0) assembles
// it.
LayerReport build_layer(TableKind kind, int pawns, const BuildOptions& o,
                        const cluster::Cluster& cluster) {
  LayerJob job{kind, pawns, o, TierPlan(kind, pawns), Indexer(info(kind).group, pawns)};
  job.shows_progress = cluster.manager();
  const std::string dir = tier_dir(o.dir, kind, pawns);
  fs::create_directories(dir);
  std::atomic<uint64_t> kept{0};  // tiers read back whole from an earlier run (this rank's)
  std::unique_ptr<Below> below;   // opened by the first tier this rank computes
  const auto run = [&](uint64_t task) {
    const auto t = static_cast<uint32_t>(task);
    const std::string path = tier_path(o.dir, kind, pawns, t);
    Tier tier;
    std::string why;
    if (read_tier(path, kind, pawns, o.zstd_level, t, job.plan, tier, why)) {
      ++kept;
      return cluster::TaskStatus::Done;
    }
    if (!below) below = std::make_unique<Below>(kind, job.plan, o.dir);
    std::optional<Tier> done = compute_tier(job, t, below->hold(t));
    job.in_tier = 0;
    if (!done) return cluster::TaskStatus::Interrupted;
    write_tier(path, kind, pawns, o.zstd_level, t, job.plan, *done);
    return cluster::TaskStatus::Done;
  };
  const auto on_done = [&](uint64_t t) { job.entries_done += job.plan.entries(t); };
  const cluster::FarmResult r = cluster.farm(job.plan.tiers(), run, o.stop, on_done);
  if (r.failed) throw std::runtime_error(r.error.empty() ? "another rank failed" : r.error);
  if (r.interrupted || r.done < job.plan.tiers()) throw BuildInterrupted();
  const auto kept_all = static_cast<uint32_t>(cluster.sum(kept));
  LayerReport report{kind, pawns, false, job.index.entries(), 0,
                     0,    0,     "",    job.plan.tiers(),    kept_all};
  if (cluster.manager()) {
    if (o.progress) o.progress({kind, pawns, o.max_pawns, report.entries, report.entries, 0});
    report.canonical = assemble(job);
    std::error_code ec;
    report.file_bytes = fs::file_size(layer_path(o.dir, kind, pawns), ec);
  }
  cluster.barrier();  // the next layer reads this one
  report.seconds = since(job.start);
  return report;
}

}  // namespace

std::vector<LayerReport> build_tables(TableKind kind, const BuildOptions& o) {
  if (o.max_pawns < 1 || o.max_pawns > kMaxBuildPawns)
    throw std::invalid_argument("max pawns must be 1.." + std::to_string(kMaxBuildPawns));
  std::optional<cluster::Cluster> alone;
  const cluster::Cluster& cluster = o.cluster ? *o.cluster : alone.emplace();
  fs::create_directories(o.dir);
  std::vector<LayerReport> reports;
  for (int n = 1; n <= o.max_pawns; ++n) {
    const std::string path = layer_path(o.dir, kind, n);
    const auto start = Clock::now();
    uint64_t canonical = 0, bytes = 0;
    std::string damage;
    // Rank 0 checks the file; every rank learns whether it is to be built.
    const LayerFile there = cluster.manager() ? check_layer(path, kind, n, canonical, bytes, damage)
                                              : LayerFile::Missing;
    if (cluster.any(there == LayerFile::Refused)) throw BuildRefused(path, damage);
    const bool intact = there == LayerFile::Intact;
    LayerReport r;
    if (!cluster.any(cluster.manager() && !intact)) {
      r = {kind, n, true, Indexer(info(kind).group, n).entries(), canonical, bytes, since(start),
           "",   0, 0};
      std::error_code ec;
      if (cluster.manager()) fs::remove_all(tier_dir(o.dir, kind, n), ec);  // a stale run's
    } else {
      r = build_layer(kind, n, o, cluster);
      r.damage = damage;
    }
    if (o.layer_done && cluster.manager()) o.layer_done(r);
    reports.push_back(r);
  }
  return reports;
}

}  // namespace scarney::tablebase
