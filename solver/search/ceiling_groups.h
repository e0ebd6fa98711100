// The pieces of the Solitaire ceiling that depend on one group of pawns,
// worked out once for every way the group can stand, so that starting a
// new root (search/solitaire_ceiling.h) only looks them up.
//
// A group is colour k's four pawns (member i: the (i+1)-spot pawn) or the
// four s-spot pawns (member i: colour i). Its key says where each member
// stood on the root: digit i (base 5) is 0 when member i is off the board,
// else 1 + its parity class; 5^4 = 625 keys.
//
//   kind 0: black (20 a pawn of a colour group)   kind 1: another colour
//   kind 2 + s - 1: the s-spot pawns (number group, 10 a pawn)
#pragma once

#include <cstdint>

namespace scarney::ceiling_groups {

inline constexpr int kKinds = 6;
inline constexpr int kKeys = 625;
// Over the 16 nibbles of members present, the finishes within each: each
// subset of 2-4 members is within 2^(4 - size) nibbles, 33 in all.
inline constexpr int kFinishes = 33;

// A group finish: a subset of the group's pawns left at the end, with its
// score before the corners (base), per corner (per), best possible
// (potential), and where a reach-table row holds its class count's slot.
struct Finish {
  int16_t base, per, potential;
  uint8_t word, shift;
};
struct Range {
  uint16_t begin, end;
  int16_t top;  // the best potential among them
};

struct Group {
  // The key with only the members of a nibble kept: the group code that
  // CeilingTables::group is indexed by.
  uint16_t code[16];
  // The finishes made of members of each nibble, best potential first.
  Range of[16];
  Finish finishes[kFinishes];
};

// kind as above; 0 <= key < kKeys.
const Group& group(int kind, int key);

// A colour's lone-pawn finishes: [classes][nibble], the best score of one
// of the nibble's pawns left alone in one of the parity classes (a bit
// set) it may end in. `black`: the black pawns (bonus 20 a spot).
using Singles = int16_t[16][16];
const Singles& singles(bool black, int key);

}  // namespace scarney::ceiling_groups
