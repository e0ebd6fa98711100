// The board: which pawn stands on which circle, as bitboards.
//
//   occupied_      16-bit mask of circles holding a pawn
//   colour_[c]     16-bit mask of circles holding a pawn of colour c
//   pawn_at_       64 bits, one nibble per circle: the pawn (0..15) standing
//                  there, 0 on empty circles
//       bits 63..60 59..56 ...  7..4  3..0
//            C16    C15    ...  C2    C1
//   spot_[s]       16-bit mask of circles holding a pawn of s+1 spots
//   spots_         total spots on the board
//
// (pawn_at_, occupied_) is the whole position; it is also the key used by
// the memo tables. Jumps are generated for all circles at once by shifting
// the masks (see board/jumps.h).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "board/circle.h"
#include "board/jumps.h"
#include "board/pawn.h"

namespace scarney {

class Board {
 public:
  Board() = default;

  bool empty_at(Circle c) const { return !(occupied_ & bit(c)); }
  std::optional<Pawn> at(Circle c) const {
    if (empty_at(c)) return std::nullopt;
    return pawn_on(c);
  }
  // Precondition: c is occupied.
  Pawn pawn_on(Circle c) const { return static_cast<Pawn>((pawn_at_ >> (4 * c)) & 15); }
  std::optional<Circle> circle_of(Pawn p) const;

  Mask occupied() const { return occupied_; }
  Mask empty() const { return static_cast<Mask>(~occupied_); }
  Mask colour_mask(Colour c) const { return colour_[static_cast<int>(c)]; }
  Mask spot_mask(int spots) const { return spot_[spots - 1]; }
  int pawn_count() const { return count(occupied_); }
  int spots() const { return spots_; }
  // A partial board's key, as the tables, certificates and placement
  // memos keep it: pawn_nibbles() (the pawn on circle c in bits 4c..4c+3)
  // with occupied(); of_key() is its inverse. Precondition of of_key: no
  // pawn twice among the occupied circles.
  uint64_t pawn_nibbles() const { return pawn_at_; }
  static Board of_key(uint64_t nibbles, Mask occupied) {
    Board b;
    for (Mask rest = occupied; rest; rest &= rest - 1) {
      const Circle c = static_cast<Circle>(__builtin_ctz(rest));
      b.place(static_cast<Pawn>(nibbles >> (4 * c) & 15), c);
    }
    return b;
  }
  // Bit p set when pawn p stands on the board.
  uint16_t material() const;

  // Precondition: c is empty and p is not on the board.
  void place(Pawn p, Circle c) {
    pawn_at_ |= static_cast<uint64_t>(p) << (4 * c);
    occupied_ |= bit(c);
    colour_[p >> 2] |= bit(c);
    spot_[p & 3] |= bit(c);
    spots_ += spots_of(p);
  }
  // Precondition: c is occupied.
  void remove(Circle c) {
    const Pawn p = pawn_on(c);
    pawn_at_ &= ~(uint64_t{15} << (4 * c));
    occupied_ &= ~bit(c);
    colour_[p >> 2] &= ~bit(c);
    spot_[p & 3] &= ~bit(c);
    spots_ -= spots_of(p);
  }
  // Precondition: j is one of jumps().
  void jump(const Jump& j) {
    const Pawn p = pawn_on(j.from);
    remove(j.over);
    pawn_at_ &= ~(uint64_t{15} << (4 * j.from));
    pawn_at_ |= static_cast<uint64_t>(p) << (4 * j.to);
    occupied_ ^= bit(j.from) | bit(j.to);
    colour_[p >> 2] ^= bit(j.from) | bit(j.to);
    spot_[p & 3] ^= bit(j.from) | bit(j.to);
  }

  // The colour bits the jump generator reads (board/jumps.h).
  ColourBits colour_bits() const {
    return {occupied_, static_cast<uint32_t>(colour_[2] | colour_[3]),
            static_cast<uint32_t>(colour_[1] | colour_[3])};
  }
  bool has_jump() const { return JumpMasks(colour_bits()).any(); }
  // All legal jumps, in a fixed order (by direction, then circle).
  std::vector<Jump> jumps() const;
  // Appends to `out` (at most 48 jumps exist); returns the number written.
  int jumps(Jump* out) const;

  bool operator==(const Board& o) const {
    return pawn_at_ == o.pawn_at_ && occupied_ == o.occupied_;
  }

 private:
  uint64_t pawn_at_ = 0;
  Mask occupied_ = 0;
  std::array<Mask, kColours> colour_{};
  std::array<Mask, 4> spot_{};
  uint8_t spots_ = 0;
};

// Text forms: a 4x4 diagram ("B1 .  R3 ..."), and the book's placement line
// ("Y4 on C2, Y3 on C5").
std::string diagram(const Board& b);
std::string placement_line(const Board& b);

}  // namespace scarney
