// A table layer held whole in memory (decompressed): what the builder reads
// from the layers below the one it computes.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "tablebase/indexing.h"
#include "tablebase/table_kind.h"

namespace scarney::tablebase {

struct Layer {
  Layer(TableKind k, int pawns)
      : kind(k), index(info(k).group, pawns), bytes(value_bytes(k, index.entries())) {}
  TableKind kind;
  Indexer index;
  std::vector<uint8_t> bytes;

  uint64_t at(const Board& b, uint16_t material) const {
    return get_entry(info(kind).encoding, bytes.data(), index.index(b, material));
  }
};

// The value of one position of n pawns of kind k, from the layers below
// (layers[m] holds m pawns; High-Low reads n-1, n-2 and n-3).
using Layers = std::array<std::unique_ptr<Layer>, kPawns + 1>;
uint64_t compute_entry(TableKind k, const Board& b, const Layers& layers);

}  // namespace scarney::tablebase
