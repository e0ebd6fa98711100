// Jumps for all circles at once, by shifting masks: the one jump generator
// (Board::jumps and the Doubles solver both use it; tests check it against
// a plain circle-by-circle search).
//
// A jump depends only on which circles hold a pawn and which neighbours
// differ in colour. A colour is two bits (black 00, red 01, yellow 10,
// green 11), kept as two masks: two neighbours differ in colour when either
// bit differs. Both directions of a line come from one mask of such pairs.
#pragma once

#include <bit>
#include <cstdint>

#include "board/circle.h"

namespace scarney {

// A jump: the pawn on `from` jumps the pawn on `over` and lands on `to`.
struct Jump {
  Circle from, over, to;
  bool operator==(const Jump&) const = default;
};

// The four directions a jump can take, by their step in circle numbers.
enum class Direction : uint8_t { East, West, South, North };

// The circle one step from c in direction d; precondition: it exists.
constexpr int step(Direction d) {
  constexpr int s[] = {1, -1, 4, -4};
  return s[static_cast<int>(d)];
}

// The jump from `from` in direction d; precondition: it stays on the board.
constexpr Jump jump_from(Circle from, Direction d) {
  const int s = step(d);
  return Jump{from, static_cast<Circle>(from + s), static_cast<Circle>(from + 2 * s)};
}

// What the jumps depend on: the circles holding a pawn and the two colour
// bits of each pawn, as masks.
struct ColourBits {
  uint32_t occupied, high, low;

  // After the jump j, without making the whole board.
  constexpr ColourBits after(const Jump& j) const {
    const uint32_t gone = bit(j.from) | bit(j.over), to = bit(j.to);
    const auto move = [&](uint32_t m) { return (m & ~gone) | ((m >> j.from & 1) ? to : 0); };
    return {occupied ^ gone ^ to, move(high), move(low)};
  }
};

// The jumps open to the mover, as the circles jumping in each direction.
// A jump east may start only in columns 1-2 (the landing circle must
// exist), west in columns 3-4, south in rows 1-2, north in rows 3-4.
struct JumpMasks {
  Mask dir[4] = {};  // by Direction: East, West, South, North

  constexpr explicit JumpMasks(const ColourBits& s) {
    const uint32_t occ = s.occupied, emp = static_cast<Mask>(~occ), high = s.high, low = s.low;
    // Bit c: c and the circle after it (east, or south) hold two colours.
    const uint32_t row_pairs = occ & (occ >> 1) & ((high ^ (high >> 1)) | (low ^ (low >> 1)));
    const uint32_t column_pairs = occ & (occ >> 4) & ((high ^ (high >> 4)) | (low ^ (low >> 4)));
    dir[0] = static_cast<Mask>(row_pairs & (emp >> 2) & 0x3333);
    dir[1] = static_cast<Mask>((row_pairs << 1) & (emp << 2) & 0xCCCC);
    dir[2] = static_cast<Mask>(column_pairs & (emp >> 8) & 0x00FF);
    dir[3] = static_cast<Mask>((column_pairs << 4) & (emp << 8) & 0xFF00);
  }
  constexpr Mask from(Direction d) const { return dir[static_cast<int>(d)]; }
  constexpr bool any() const { return (dir[0] | dir[1] | dir[2] | dir[3]) != 0; }
  constexpr int count() const {
    return std::popcount(dir[0]) + std::popcount(dir[1]) + std::popcount(dir[2]) +
           std::popcount(dir[3]);
  }
  // The circles of the pawns that can be jumped.
  constexpr Mask victims() const {
    return static_cast<Mask>((dir[0] << 1) | (dir[1] >> 1) | (dir[2] << 4) | (dir[3] >> 4));
  }
};

}  // namespace scarney
