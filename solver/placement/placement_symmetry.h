// Relabellings that keep every value of the placement phase: a symmetry of
// the square (corners to corners, lines to lines) together with a
// permutation of the colours that keeps black (black scores double) and
// swaps only among red, yellow and green.
//
// A complete board keeps its value under all 8 x 6 of them. A partial board
// also depends on who holds which colours, so only the relabellings that map
// A's colours onto A's colours are used there: 8 x 2 for every choice.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "board/board.h"
#include "placement/placement_position.h"

namespace scarney {

struct Relabel {
  int square;                            // a symmetry of board/symmetry.h
  std::array<uint8_t, kColours> colour;  // colour c becomes colour[c]; colour[0] == 0
};

// The board as a key: pawn nibbles and occupied circles, plus a tag for
// what else the value depends on (A's colours).
struct BoardKey {
  uint64_t nibbles = 0;
  uint32_t rest = 0;  // occupied circles | tag << 16
  bool operator==(const BoardKey&) const = default;
  bool operator<(const BoardKey& o) const {
    return rest != o.rest ? rest < o.rest : nibbles < o.nibbles;
  }
};

// 64 bits whatever size_t is: the random completions are seeded from it,
// so the WebAssembly build (32-bit size_t) estimates as the native one.
inline uint64_t board_key_bits(const BoardKey& k) {
  const uint64_t h = k.nibbles * 0x9E3779B97F4A7C15ull ^ (uint64_t{k.rest} * 0xC2B2AE3D27D4EB4Full);
  return h ^ (h >> 29);
}
struct BoardKeyHash {
  size_t operator()(const BoardKey& k) const { return static_cast<size_t>(board_key_bits(k)); }
};

// All 48 relabellings (for complete boards).
const std::vector<Relabel>& all_relabellings();
// The 16 that map A's colours onto themselves (a_colours holds two colours;
// worked out once for every set of colours).
const std::vector<Relabel>& relabellings_keeping(Colours a_colours);

// (Pawn and Circle are both small integers, hence two names.)
Pawn relabel_pawn(Pawn p, const Relabel& r);
Circle relabel_circle(Circle c, const Relabel& r);
Board relabel(const Board& b, const Relabel& r);

// A board under each of the 8 symmetries of the square (board/symmetry.h):
// its occupied circles and pawn nibbles. Kept along a search, a child's
// images follow from its parent's by one placement.
struct SquareImages {
  std::array<Mask, 8> occupied{};
  std::array<uint64_t, 8> nibbles{};
  static SquareImages of(const Board& b);
  // The images after pawn p is placed on the empty circle c.
  SquareImages placed(Pawn p, Circle c) const;
};

// The first of rs, in order, that takes `from` to `to` (relabel(from,
// rs[i]) == to), if any. The square's images of `from` are worked out once,
// so each relabelling only renames colours: several times faster than
// relabelling whole boards, which the certificates do for every reference.
std::optional<size_t> first_relabelling(const Board& from, const Board& to,
                                        const std::vector<Relabel>& rs);

// The least key over the images of b; `which` receives the index into rs
// of the relabelling that gives it.
BoardKey canonical_key(const Board& b, const std::vector<Relabel>& rs, uint16_t tag,
                       size_t* which = nullptr);
BoardKey canonical_key(const SquareImages& images, const std::vector<Relabel>& rs, uint16_t tag,
                       size_t* which = nullptr);
// canonical_key(b, all_relabellings(), 0), found faster: for each symmetry
// of the square, the colour change that gives the least key renames red,
// yellow and green in the order they first appear from the key's most
// significant nibble down (colour bits weigh more than spot bits).
BoardKey canonical_key_all(const Board& b);
// Forgets every entry of a map keyed by BoardKey whose board has `left`
// pawns left to place (whole classes, whatever the map's order: the
// bounded-memory searches and certificates, placement_solver.h).
template <class Map>
void forget_pawns_left(Map& m, int left) {
  for (auto it = m.begin(); it != m.end();) {
    const int placed = std::popcount(static_cast<uint16_t>(it->first.rest & 0xFFFF));
    if (kPawns - placed == left)
      m.erase(it++);
    else
      ++it;
  }
}

// The board a key was made from (a key holds every pawn's circle): for a
// canonical key, the canonical image itself.
Board board_of_key(const BoardKey& k);

}  // namespace scarney
