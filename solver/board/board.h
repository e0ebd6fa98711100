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
// the masks (see jumps()).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "board/circle.h"
#include "board/pawn.h"

namespace scarney {

// A jump: the pawn on `from` jumps the pawn on `over` and lands on `to`.
struct Jump {
  Circle from, over, to;
  bool operator==(const Jump&) const = default;
};

// The four directions a jump can take, by their step in circle numbers.
enum class Direction : uint8_t { East, West, South, North };

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
  uint64_t pawn_nibbles() const { return pawn_at_; }
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

  // Circles from which a jump in direction d is possible: the next circle
  // holds a pawn of another colour and the one beyond it is empty.
  Mask jumpers(Direction d) const;
  template <Direction d>
  Mask jumpers() const;
  bool has_jump() const;
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

// The circle one step from c in direction d; precondition: it exists.
constexpr int step(Direction d) {
  constexpr int s[] = {1, -1, 4, -4};
  return s[static_cast<int>(d)];
}

// A jump in direction d may start only where the landing circle exists:
// East needs columns 0-1, West columns 2-3, South rows 0-1, North rows 2-3.
template <Direction d>
inline Mask Board::jumpers() const {
  constexpr int s = step(d);
  constexpr uint32_t start = d == Direction::East    ? 0x3333
                             : d == Direction::West  ? 0xCCCC
                             : d == Direction::South ? 0x00FF
                                                     : 0xFF00;
  // Bit c of look<n>(m) is bit c + n*s of m.
  const auto look = [](uint32_t m, int n) { return s > 0 ? m >> (s * n) : m << (-s * n); };
  const uint32_t occ = occupied_;
  const uint32_t emp = static_cast<uint16_t>(~occupied_);
  const uint32_t same = (colour_[0] & look(colour_[0], 1)) | (colour_[1] & look(colour_[1], 1)) |
                        (colour_[2] & look(colour_[2], 1)) | (colour_[3] & look(colour_[3], 1));
  return static_cast<Mask>(occ & look(occ, 1) & look(emp, 2) & ~same & start);
}

// Text forms: a 4x4 diagram ("B1 .  R3 ..."), and the book's placement line
// ("Y4 on C2, Y3 on C5").
std::string diagram(const Board& b);
std::string placement_line(const Board& b);

}  // namespace scarney
