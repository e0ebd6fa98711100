#include "placement/random_placement.h"

#include <bit>

#include "games/deal.h"
#include "placement/placement_move.h"

namespace scarney {
namespace {

// The i-th set bit of m (from the lowest).
int nth_bit(uint32_t m, uint64_t i) {
  for (; i > 0; --i) m &= m - 1;
  return std::countr_zero(m);
}

}  // namespace

PlacementState random_placement(Game game, int pawns_left, uint64_t seed, uint64_t index) {
  // One stream per (seed, index), as deal() does for boards.
  SplitMix64 rng(seed * 0x9E3779B97F4A7C15ull ^ (index + 1) * 0xD1B54A32D192ED03ull);
  PlacementState s;
  s.game = game;
  static constexpr Colours kChoices[6] = {0b0011, 0b0101, 0b1001, 0b0110, 0b1010, 0b1100};
  s.a_colours = kChoices[rng.below(6)];
  while (s.pawns_left() > pawns_left) {
    const uint16_t hand = s.hand(s.to_move());
    const Pawn p = static_cast<Pawn>(nth_bit(hand, rng.below(std::popcount(hand))));
    const Mask empty = s.board.empty();
    const Circle c = static_cast<Circle>(nth_bit(empty, rng.below(std::popcount(empty))));
    s = play(s, PlacementMove::place(p, c));
  }
  return s;
}

PositionRecord random_placement_record(Game game, int pawns_left, uint64_t seed, uint64_t index) {
  PositionRecord r = record_of(random_placement(game, pawns_left, seed, index));
  r.title = "placement " + std::to_string(index) + " of seed " + std::to_string(seed) + ", " +
            std::to_string(pawns_left) + " left";
  return r;
}

}  // namespace scarney
