// Building tables layer by layer: all positions of n pawns from the layers
// of n-1 (n-2, n-3 for High-Low) pawns. A layer is built in tiers
// (tiers.h), each on several threads; under MPI the tiers are farmed out to
// the ranks (cluster/task_farm.h). Each tier is a file of its own until the
// layer is assembled into its table file, so an interrupted or killed build
// resumes at the tiers it had not finished.
//
// A layer whose file already exists and reads back whole (header, index and
// every block checksum) is not rebuilt; a damaged one (a table's magic
// bytes, then a bad checksum, a truncation, another format) is rebuilt.
// Nothing else is ever written over: a file that is not a table at all, a
// FIFO, a directory, a symbolic link to anything but an intact table (a
// dangling link gets its target created, as every output file does) are
// refused with BuildRefused, before any work on that layer.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "tablebase/table_file.h"
#include "tablebase/table_kind.h"

namespace scarney::cluster {
class Cluster;
}

namespace scarney::tablebase {

inline constexpr int kMaxBuildPawns = 8;

struct BuildProgress {
  TableKind kind;
  int pawns, max_pawns;
  uint64_t done, total;  // entries of this layer
  double seconds;        // since the layer started
};

struct LayerReport {
  TableKind kind;
  int pawns;
  bool reused;  // already built and intact
  uint64_t entries, canonical, file_bytes;
  double seconds;
  std::string damage;       // a file was there but damaged (why): rebuilt
  uint32_t tiers = 0;       // tiers of a layer built now
  uint32_t tiers_kept = 0;  // of which found finished by an earlier run
};

struct BuildOptions {
  std::string dir;
  int max_pawns = 5;
  int threads = 2;
  int zstd_level = 9;
  const std::atomic<bool>* stop = nullptr;             // set (e.g. by SIGINT) to stop cleanly
  std::function<void(const BuildProgress&)> progress;  // called from the calling thread
  std::function<void(const LayerReport&)> layer_done;  // on rank 0 only
  // The ranks of an MPI run (nullptr: this process alone). Every rank calls
  // build_tables with the same options; rank 0 assembles the layers.
  const cluster::Cluster* cluster = nullptr;
};

// Thrown when options.stop was set: finished layers and tiers are kept, the
// tier in progress leaves no file behind.
struct BuildInterrupted : std::runtime_error {
  BuildInterrupted() : std::runtime_error("interrupted") {}
};

// Thrown (on every rank) when the file at a layer's name is not to be
// written over; the message names it and says why (on rank 0).
struct BuildRefused : TablebaseError {
  BuildRefused(const std::string& file, const std::string& why) : TablebaseError(file, why) {}
};

std::vector<LayerReport> build_tables(TableKind kind, const BuildOptions& options);

}  // namespace scarney::tablebase
