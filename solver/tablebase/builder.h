// Building tables layer by layer: all positions of n pawns from the layers
// of n-1 (n-2, n-3 for High-Low) pawns, on several threads, each layer
// streamed to its own file through a temporary name.
//
// A layer whose file already exists and reads back whole (header, index and
// every block checksum) is not rebuilt; a damaged one is rebuilt.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "tablebase/table_kind.h"

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
  std::string damage;  // a file was there but damaged (why): rebuilt
};

struct BuildOptions {
  std::string dir;
  int max_pawns = 5;
  int threads = 2;
  int zstd_level = 9;
  const std::atomic<bool>* stop = nullptr;             // set (e.g. by SIGINT) to stop cleanly
  std::function<void(const BuildProgress&)> progress;  // called from the calling thread
  std::function<void(const LayerReport&)> layer_done;
};

// Thrown when options.stop was set: finished layers are kept, the layer in
// progress leaves no file behind.
struct BuildInterrupted : std::runtime_error {
  BuildInterrupted() : std::runtime_error("interrupted") {}
};

std::vector<LayerReport> build_tables(TableKind kind, const BuildOptions& options);

}  // namespace scarney::tablebase
