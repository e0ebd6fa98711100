// A table layer below the one being built, read from its file by blocks:
// only the blocks the tier in hand can reach are held, decompressed, so no
// rank ever holds a whole layer (the 7-pawn Solitaire layer is 24 GB).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <vector>

#include "tablebase/indexing.h"
#include "tablebase/table_file.h"
#include "tablebase/table_kind.h"

namespace scarney::tablebase {

class Layer {
 public:
  Layer(TableKind k, int pawns);

  // Holds exactly `blocks` (ascending) of `file`, this layer's table:
  // blocks already held are kept, the rest read; others are dropped.
  void hold(const TableFile& file, const std::vector<uint32_t>& blocks);
  void hold_all(const TableFile& file);

  // The entry of b (whose material is `material`). Throws std::logic_error
  // for a block not held: a tier reading outside its children.
  uint64_t at(const Board& b, uint16_t material) const {
    const uint64_t i = index_.index(b, material);
    const std::vector<uint8_t>& block = blocks_[i >> shift_];
    if (block.empty()) throw std::logic_error("tablebase: a child entry in a block not held");
    return get_entry(encoding_, block.data(), i & mask_);
  }

 private:
  TableKind kind_;
  Encoding encoding_;
  Indexer index_;
  int shift_;                                 // block_entries is a power of two
  uint64_t mask_;                             // block_entries - 1
  std::vector<std::vector<uint8_t>> blocks_;  // empty: not held
};

// The value of one position of n pawns of kind k, from the layers below
// (layers[m] holds m pawns; High-Low reads n-1, n-2 and n-3).
using Layers = std::array<std::unique_ptr<Layer>, kPawns + 1>;
uint64_t compute_entry(TableKind k, const Board& b, const Layers& layers);

}  // namespace scarney::tablebase
