// Upper bounds on the Solitaire / Singles score reachable from a position,
// from two invariants of the jump:
//
//  1. A jump moves a pawn two circles, so a pawn never leaves its parity
//     class (row mod 2, column mod 2). Each class holds exactly one corner.
//
//        class of C1:  C1 C3 C9 C11       class of C4:  C2 C4 C10 C12
//        class of C13: C5 C7 C13 C15      class of C16: C6 C8 C14 C16
//
//  2. Label each circle by (row + column) mod 3, and again by
//     (row - column) mod 3. A jump's three circles (from, over, to) carry
//     all three labels, so every jump changes each label's pawn count by
//     one, and the parities of n0 + n1 and n1 + n2 never change (the "rule
//     of three" of peg solitaire). These four bits are the position's
//     signature; a final position must have the same signature.
//
// The ceiling is the best score over the final sets of pawns that both
// invariants allow: one pawn alone, a colour group (2-4 pawns, corners
// doubled) or a number group, each placed somewhere in its pawns' classes
// with the right signature; or, failing those, 40 minus the smallest spot.
//
// A sharper ceiling (CeilingContext::sharp) asks instead which of those
// finishes colour-blind jumping can reach from the circles occupied now
// (search/reach_table.h); it costs a table row per position, so the search
// uses it only where the invariants' ceiling fails to cut.
#pragma once

#include <algorithm>
#include <cstdint>

#include "board/board.h"
#include "search/ceiling_groups.h"
#include "search/colour_reach.h"
#include "search/reach_table.h"

namespace scarney {

struct CeilingTables;  // shared, built once

// Bound from the pawns alone (bit p = pawn p on the board).
int material_ceiling(uint16_t material);
// Bound from the pawns and where they stand; never above material_ceiling.
int position_ceiling(const Board& b);
// The 4-bit signature of invariant 2.
int signature(Mask occupied);

// position_ceiling for every position that descends from one root: as the
// pawns keep their parity classes, the bound depends only on which pawns
// are left and on the signature, and reduces to a few table lookups.
class CeilingContext {
 public:
  // Records the parity class of each pawn on `root`. Without `sharp_tables`
  // sharp() is operator() and reads no reachability table (none is built).
  void reset(const Board& root, bool sharp_tables = true);
  // Precondition: b descends from the root given to reset().
  int operator()(uint16_t material, int sig) const;
  // The reachability ceiling of a descendant: never above operator().
  int sharp(const Board& b, uint16_t material) const;
  // Starts loading what sharp() will read for `occupied`.
  void prefetch(Mask occupied) const {
    if (!reach_) return;
    __builtin_prefetch(reach::row(reach_, occupied));
    colour_reach::prefetch(occupied);
  }

  // operator() for the children of one position, a pawn fewer each: the
  // position's terms are worked out once, then each child costs two lookups.
  class Children {
   public:
    int without(Pawn p) const {
      const int k = p >> 2, s = p & 3;
      const uint16_t m = static_cast<uint16_t>(material_ & ~(1u << p));
      return std::max({no_bonus(m), int{other_colours_[k]}, int{other_spots_[s]},
                       int{colour_term_[k][(m >> (4 * k)) & 15]},
                       int{spot_term_[s][spot_nibble(m, s)]}});
    }

   private:
    friend class CeilingContext;
    uint16_t material_;
    const int16_t (*colour_term_)[16];
    const int16_t (*spot_term_)[16];
    int16_t other_colours_[4], other_spots_[4];  // best term of the other three
  };
  Children children(uint16_t material, int sig) const;

  // 40 minus the smallest spot value left: an ending with no bonus.
  static int no_bonus(uint16_t m) {
    return (m & 0x1111) ? 39 : (m & 0x2222) ? 38 : (m & 0x4444) ? 37 : 36;
  }
  // The s-spot pawns (s = 0..3 for 1..4 spots) as a nibble by colour: bits
  // s, s+4, s+8, s+12 of the material.
  static int spot_nibble(uint16_t m, int s) {
    const unsigned x = (m >> s) & 0x1111u;
    return static_cast<int>((x | x >> 3 | x >> 6 | x >> 9) & 15);
  }

 private:
  // Per group (colours 0-3, then spot values 1-4): its pieces for where
  // its pawns stood on the root (search/ceiling_groups.h).
  const ceiling_groups::Group* group_[8] = {};
  // Per colour: its lone-pawn finishes, [classes][nibble].
  const ceiling_groups::Singles* single_[4] = {};
  // operator()'s terms per signature: colour k's pawns (lone or as a
  // group), and the number group of k+1 spots, by nibble. Filled for a
  // signature when first needed (a root's positions share one or a few).
  void prepare(int sig) const;
  mutable int16_t colour_term_[16][4][16];
  mutable int16_t spot_term_[16][4][16];
  mutable uint16_t signatures_ready_ = 0;
  const CeilingTables* tables_ = nullptr;
  const uint64_t* reach_ = nullptr;
};

}  // namespace scarney
