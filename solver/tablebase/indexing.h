// Perfect ranking of the positions of one pawn count, reduced by the 8
// symmetries of the square and by colour permutations.
//
// A position is its material (which pawns, a 16-bit set, bit p = pawn p)
// and where they stand. The index of a position is
//
//   material ordinal * per_material + orbit * P(15, n-1) + placement rank
//
//   material ordinal  rank of the canonical material (the smallest image of
//                     the material under the colour permutations allowed)
//                     among the canonical materials of n pawns, ascending
//   orbit             where the canonical material's first (lowest) pawn
//                     stands, moved by a symmetry onto its orbit's
//                     representative: 0 = C1 (corners), 1 = C2 (edges),
//                     2 = C6 (centre)
//   placement rank    the circles of the other pawns, in pawn order, as a
//                     partial permutation of the 15 other circles
//                     (mixed radix 15, 14, ...)
//
// A corner or centre circle is left fixed by one reflection (a diagonal),
// and a material may be left fixed by some colour permutations: of the
// images reaching the same orbit, the canonical one has the smallest index.
// The other indexes are never probed; tables store a filler there.
#pragma once

#include <cstdint>
#include <vector>

#include "board/board.h"

namespace scarney::tablebase {

// Colours that may be permuted without changing a table's values.
enum class ColourGroup : uint8_t {
  RedYellowGreen = 3,  // black is special (Solitaire and Singles bonuses)
  AllFour = 4,         // black is like the others (Doubles, the High-Low winner)
};

// P(n, k) = n! / (n-k)!.
uint64_t partial_permutations(int n, int k);

// The material after colour permutation: its canonical form and ordinal.
struct MaterialClass {
  uint16_t canonical;
  uint32_t ordinal;  // among the canonical materials of the same size
};
MaterialClass material_class(ColourGroup g, uint16_t material);
// The canonical materials of n pawns, ascending.
const std::vector<uint16_t>& canonical_materials(ColourGroup g, int pawns);

class Indexer {
 public:
  Indexer(ColourGroup g, int pawns);

  ColourGroup group() const { return group_; }
  int pawns() const { return pawns_; }
  uint64_t per_material() const { return per_material_; }
  uint32_t materials() const { return static_cast<uint32_t>(materials_->size()); }
  uint64_t entries() const { return per_material_ * materials(); }

  // The index of b's canonical image. Precondition: b has pawns() pawns
  // and `material` is b.material().
  uint64_t index(const Board& b, uint16_t material) const;
  uint64_t index(const Board& b) const { return index(b, b.material()); }
  // The position at an index (canonical or not). Precondition: i < entries().
  Board board_at(uint64_t i) const;
  // Whether i is the index of a canonical position (the ones stored).
  bool canonical(uint64_t i) const { return index(board_at(i)) == i; }

 private:
  ColourGroup group_;
  int pawns_;
  uint64_t placements_;    // P(15, pawns - 1)
  uint64_t per_material_;  // 3 * placements_
  const std::vector<uint16_t>* materials_;
};

}  // namespace scarney::tablebase
