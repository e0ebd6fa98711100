// What colour-blind jumping can still reach from a set of occupied circles.
//
// Scarney's jump is peg solitaire's jump with one more condition (the pawn
// jumped is of another colour), so any set of circles the pawns can end on
// is also reachable when colours are ignored. For each of the 65,536 sets of
// occupied circles this table records, computed once by working up from the
// small sets:
//
//   lone_classes(occ)    the parity classes (see solitaire_ceiling.h) in
//                        which a single pawn can be left;
//   max_corners(occ, k)  for every "class count" k of 2 to 4 pawns (how many
//                        of them stand in each parity class), the most
//                        corners such a set can end on, or -1.
//
// A pawn never leaves its parity class, so the classes of the pawns of a
// hoped-for finish say which class count it needs.
#pragma once

#include <cstdint>

#include "board/circle.h"

namespace scarney::reach {

// A jump of the board as masks: the pawn on `from` jumps the one on `over`
// and lands on `to`.
struct Hop {
  Mask from, over, to;
};
// The 32 jumps the 4x4 board has room for.
inline constexpr int kHops = 32;
const Hop* hops();

// Parity class of a circle: (row mod 2) * 2 + (column mod 2).
constexpr int parity_class(int c) { return ((c >> 2) & 1) * 2 + (c & 1); }

// A class count of 2-4 pawns, as a slot of the packed corner table.
// counts[i] = pawns in class i; precondition: 2 <= sum <= 4.
int class_count_slot(const int counts[4]);
inline constexpr int kSlots = 65;

uint8_t lone_classes(Mask occupied);
int max_corners(Mask occupied, int slot);

// The table itself, for inner loops: one 32-byte row per occupancy,
// row(occ) = table() + kRowWords * occ. Slot s takes 3 bits (max corners
// + 1, 0 when unreachable), 21 slots a word; the top bit of word i says
// whether a lone pawn can end in class i.
inline constexpr int kRowWords = 4;
const uint64_t* table();
inline const uint64_t* row(const uint64_t* table, Mask occupied) {
  return table + size_t{occupied} * kRowWords;
}
inline int corner_field(const uint64_t* row, int slot) {
  return static_cast<int>((row[slot / 21] >> (3 * (slot % 21))) & 7);
}
inline int lone_field(const uint64_t* row) {
  return static_cast<int>(row[0] >> 63 | (row[1] >> 63) << 1 | (row[2] >> 63) << 2 |
                          (row[3] >> 63) << 3);
}

}  // namespace scarney::reach
