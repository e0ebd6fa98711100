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

SquareImages SquareImages::of(const Board& b) {
  SquareImages out;
  for (int s = 0; s < kSymmetries; ++s) {
    const auto& map = symmetry_map(s);
    for (Circle c : circles(b.occupied())) {
      out.occupied[s] |= bit(map[c]);
      out.nibbles[s] |= uint64_t{b.pawn_on(c)} << (4 * map[c]);
    }
  }
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
    const uint64_t moved = images.nibbles[r.square];
    uint64_t out = 0;
    for (Circle c : circles(least)) {
      const unsigned p = (moved >> (4 * c)) & 15;
      out |= uint64_t{r.colour[p >> 2] * 4u + (p & 3)} << (4 * c);
    }
    const BoardKey k{out, least | uint32_t{tag} << 16};
    if (best_i == rs.size() || k < best) {
      best = k;
      best_i = i;
    }
  }
  if (which) *which = best_i;
  return best;
}

BoardKey canonical_key_all(const Board& b) {
  const uint64_t nib = b.pawn_nibbles();
  std::array<Mask, kSymmetries> occupied;
  for (int s = 0; s < kSymmetries; ++s) occupied[s] = transform(b.occupied(), s);
  const Mask least = *std::min_element(occupied.begin(), occupied.end());
  BoardKey best{~uint64_t{0}, least};
  for (int s = 0; s < kSymmetries; ++s) {
    if (occupied[s] != least) continue;
    const auto& map = symmetry_map(s);
    uint64_t moved = 0;
    for (Circle c : circles(b.occupied())) moved |= (nib >> (4 * c) & 15) << (4 * map[c]);
    std::array<uint8_t, kColours> to{0, 0, 0, 0};  // 0: not met yet (black stays 0)
    uint8_t next = 1;
    uint64_t out = 0;
    for (Mask rest = least; rest;) {
      const Circle c = static_cast<Circle>(15 - std::countl_zero(static_cast<uint16_t>(rest)));
      rest &= static_cast<Mask>(~bit(c));
      const unsigned p = (moved >> (4 * c)) & 15, colour = p >> 2;
      if (colour && !to[colour]) to[colour] = next++;
      out |= uint64_t{to[colour] * 4u + (p & 3)} << (4 * c);
    }
    best.nibbles = std::min(best.nibbles, out);
  }
  return best;
}

Board board_of_key(const BoardKey& k) {
  return Board::of_key(k.nibbles, static_cast<Mask>(k.rest & 0xFFFF));
}

}  // namespace scarney
