#include "placement/placement_symmetry.h"

#include <algorithm>

#include "board/symmetry.h"

namespace scarney {
namespace {

std::vector<Relabel> make_all() {
  std::vector<Relabel> out;
  const std::array<std::array<uint8_t, 3>, 6> perms = {
      {{1, 2, 3}, {1, 3, 2}, {2, 1, 3}, {2, 3, 1}, {3, 1, 2}, {3, 2, 1}}};
  for (const auto& q : perms)
    for (int s = 0; s < kSymmetries; ++s) out.push_back({s, {0, q[0], q[1], q[2]}});
  return out;
}

}  // namespace

const std::vector<Relabel>& all_relabellings() {
  static const std::vector<Relabel> all = make_all();
  return all;
}

namespace {
std::vector<Relabel> make_keeping(Colours a_colours) {
  std::vector<Relabel> out;
  for (const Relabel& r : all_relabellings()) {
    Colours image = 0;
    for (int c = 0; c < kColours; ++c)
      if (a_colours >> c & 1) image |= static_cast<Colours>(1u << r.colour[c]);
    if (image == a_colours) out.push_back(r);
  }
  return out;
}
}  // namespace

const std::vector<Relabel>& relabellings_keeping(Colours a_colours) {
  static const std::array<std::vector<Relabel>, 16> keeping = [] {
    std::array<std::vector<Relabel>, 16> all;
    for (int a = 0; a < 16; ++a) all[a] = make_keeping(static_cast<Colours>(a));
    return all;
  }();
  return keeping[a_colours & 15];
}

Pawn relabel_pawn(Pawn p, const Relabel& r) {
  return static_cast<Pawn>(r.colour[p >> 2] * 4 + (p & 3));
}

Circle relabel_circle(Circle c, const Relabel& r) { return transform(c, r.square); }

Board relabel(const Board& b, const Relabel& r) {
  Board out;
  for (Circle c : circles(b.occupied()))
    out.place(relabel_pawn(b.pawn_on(c), r), relabel_circle(c, r));
  return out;
}

// A board's pawn nibbles as a 4 x 4 matrix, a row of circles to each 16
// bits (circle_at(r, k) is nibble 4r + k):
//
//     bits 63..48  C16 C15 C14 C13   row 3
//          47..32  C12 C11 C10 C9    row 2
//          31..16  C8  C7  C6  C5    row 1
//          15..0   C4  C3  C2  C1    row 0
//
// The square's symmetries are then a few swaps of nibbles and rows, rather
// than sixteen moves of one pawn each (SquareImages::of is on every node a
// search or a certificate writes).
namespace {
uint64_t mirrored_left_right(uint64_t x) {  // column k -> 3 - k
  x = (x & 0x0F0F0F0F0F0F0F0Full) << 4 | (x >> 4 & 0x0F0F0F0F0F0F0F0Full);
  return (x & 0x00FF00FF00FF00FFull) << 8 | (x >> 8 & 0x00FF00FF00FF00FFull);
}
uint64_t mirrored_top_bottom(uint64_t x) {  // row r -> 3 - r
  x = (x & 0x0000FFFF0000FFFFull) << 16 | (x >> 16 & 0x0000FFFF0000FFFFull);
  return x << 32 | x >> 32;
}
uint64_t transposed(uint64_t x) {  // (r, k) -> (k, r): 2 x 2 blocks, then the blocks
  uint64_t t = (x ^ (x >> 12)) & 0x0000F0F00000F0F0ull;
  x ^= t ^ (t << 12);
  t = (x ^ (x >> 24)) & 0x00000000FF00FF00ull;
  return x ^ t ^ (t << 24);
}
// The nibbles under each symmetry of board/symmetry.h, in its order.
std::array<uint64_t, 8> square_images(uint64_t x) {
  const uint64_t t = transposed(x), turned = mirrored_left_right(t);
  return {x,
          turned,                                       // (k, 3 - r)
          mirrored_left_right(mirrored_top_bottom(x)),  // (3 - r, 3 - k)
          mirrored_top_bottom(t),                       // (3 - k, r)
          mirrored_left_right(x),
          mirrored_top_bottom(x),
          t,
          mirrored_top_bottom(turned)};  // (3 - k, 3 - r)
}
}  // namespace

SquareImages SquareImages::of(const Board& b) {
  SquareImages out;
  out.nibbles = square_images(b.pawn_nibbles());
  for (int s = 0; s < kSymmetries; ++s) out.occupied[s] = transform(b.occupied(), s);
  return out;
}

SquareImages SquareImages::placed(Pawn p, Circle c) const {
  SquareImages out = *this;
  for (int s = 0; s < kSymmetries; ++s) {
    const Circle to = symmetry_map(s)[c];
    out.occupied[s] |= bit(to);
    out.nibbles[s] |= uint64_t{p} << (4 * to);
  }
  return out;
}

namespace {
// Each nibble's colour bits (3..2) as one flag a nibble, at bit 4i, for
// colours 1 to 3 (black, 0, is never renamed; an empty circle reads as
// black).
struct ColourFlags {
  std::array<uint64_t, kColours> of{};
  explicit ColourFlags(uint64_t nibbles) {
    const uint64_t lo = nibbles >> 2 & 0x1111111111111111ull;
    const uint64_t hi = nibbles >> 3 & 0x1111111111111111ull;
    of[1] = lo & ~hi;
    of[2] = hi & ~lo;
    of[3] = hi & lo;
  }
};

// The nibbles with colour c renamed to to[c] (to[0] == 0), spots kept.
uint64_t renamed(uint64_t nibbles, const ColourFlags& f, const std::array<uint8_t, kColours>& to) {
  uint64_t out = nibbles & 0x3333333333333333ull;
  for (int c = 1; c < kColours; ++c) out |= (f.of[c] * to[c]) << 2;
  return out;
}

// The pawns of `nibbles` under r's colour change.
uint64_t recoloured(uint64_t nibbles, const Relabel& r) {
  return renamed(nibbles, ColourFlags(nibbles), r.colour);
}
}  // namespace

std::optional<size_t> first_relabelling(const Board& from, const Board& to,
                                        const std::vector<Relabel>& rs) {
  if (from.pawn_count() != to.pawn_count()) return std::nullopt;
  const SquareImages images = SquareImages::of(from);
  for (size_t i = 0; i < rs.size(); ++i) {
    const Relabel& r = rs[i];
    if (images.occupied[r.square] == to.occupied() &&
        recoloured(images.nibbles[r.square], r) == to.pawn_nibbles())
      return i;
  }
  return std::nullopt;
}

BoardKey canonical_key(const Board& b, const std::vector<Relabel>& rs, uint16_t tag,
                       size_t* which) {
  return canonical_key(SquareImages::of(b), rs, tag, which);
}

// Keys compare by their occupied circles first: only the symmetries of the
// square that give the least occupied mask can give the least key.
BoardKey canonical_key(const SquareImages& images, const std::vector<Relabel>& rs, uint16_t tag,
                       size_t* which) {
  const Mask least = *std::min_element(images.occupied.begin(), images.occupied.end());
  BoardKey best;
  size_t best_i = rs.size();
  for (size_t i = 0; i < rs.size(); ++i) {
    const Relabel& r = rs[i];
    if (images.occupied[r.square] != least) continue;
    const BoardKey k{recoloured(images.nibbles[r.square], r), least | uint32_t{tag} << 16};
    if (best_i == rs.size() || k < best) {
      best = k;
      best_i = i;
    }
  }
  if (which) *which = best_i;
  return best;
}

namespace {
// The colour change that gives an image its least key: red, yellow and
// green renamed 1, 2, 3 in the order they first appear from the most
// significant nibble down (colour bits weigh more than spot bits).
uint64_t least_renaming(uint64_t nibbles) {
  const ColourFlags f(nibbles);
  std::array<int, kColours> first{};  // the highest nibble of each colour, -1 if none
  for (int c = 1; c < kColours; ++c) first[c] = f.of[c] ? 63 - std::countl_zero(f.of[c]) : -1;
  std::array<uint8_t, kColours> to{0, 0, 0, 0};
  for (int c = 1; c < kColours; ++c) {
    if (first[c] < 0) continue;
    int before = 0;  // the colours met earlier, from the top
    for (int d = 1; d < kColours; ++d) before += first[d] > first[c];
    to[c] = static_cast<uint8_t>(1 + before);
  }
  return renamed(nibbles, f, to);
}
}  // namespace

BoardKey canonical_key_all(const Board& b) {
  const SquareImages images = SquareImages::of(b);
  const Mask least = *std::min_element(images.occupied.begin(), images.occupied.end());
  BoardKey best{~uint64_t{0}, least};
  for (int s = 0; s < kSymmetries; ++s)
    if (images.occupied[s] == least)
      best.nibbles = std::min(best.nibbles, least_renaming(images.nibbles[s]));
  return best;
}

Board board_of_key(const BoardKey& k) {
  return Board::of_key(k.nibbles, static_cast<Mask>(k.rest & 0xFFFF));
}

}  // namespace scarney
