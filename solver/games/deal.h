// Random deals: the 16 pawns placed uniformly at random on the 16 circles.
// Deal number i of seed s is the same on every machine and thread count
// (our own generator and shuffle, not the standard library's distributions).
#pragma once

#include <cstdint>

#include "board/board.h"
#include "games/game.h"
#include "games/position_record.h"

namespace scarney {

// SplitMix64: a small, well-mixed generator; enough for shuffling.
class SplitMix64 {
 public:
  explicit SplitMix64(uint64_t seed) : state_(seed) {}
  uint64_t next() {
    uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // Uniform in [0, n), without modulo bias.
  uint64_t below(uint64_t n);

 private:
  uint64_t state_;
};

Board random_deal(SplitMix64& rng);
// A random board of n pawns: a random deal, n of its circles kept (each
// circle with the chance that keeps n in all).
Board random_board(SplitMix64& rng, int n);
Board deal(uint64_t seed, uint64_t index);
// Deal `index` of `seed` as a game's start (games/rules.h deal_position),
// titled "deal i of seed s" as `scarney deal` writes it.
PositionRecord dealt_position(Game game, uint64_t seed, uint64_t index);

}  // namespace scarney
