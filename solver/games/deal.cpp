#include "games/deal.h"

#include <array>
#include <string>

#include "games/rules.h"

namespace scarney {

uint64_t SplitMix64::below(uint64_t n) {
  const uint64_t limit = UINT64_MAX - UINT64_MAX % n;
  for (;;) {
    const uint64_t x = next();
    if (x < limit) return x % n;
  }
}

Board random_deal(SplitMix64& rng) {
  std::array<Pawn, kPawns> pawns;
  for (int i = 0; i < kPawns; ++i) pawns[i] = static_cast<Pawn>(i);
  for (int i = kPawns - 1; i > 0; --i) std::swap(pawns[i], pawns[rng.below(i + 1)]);
  Board b;
  for (int c = 0; c < kCircles; ++c) b.place(pawns[c], static_cast<Circle>(c));
  return b;
}

Board random_board(SplitMix64& rng, int n) {
  const Board full = random_deal(rng);
  Board b;
  int kept = 0;
  for (int c = 0; c < kCircles && kept < n; ++c)
    if (rng.below(static_cast<uint64_t>(kCircles - c)) < static_cast<uint64_t>(n - kept)) {
      b.place(full.pawn_on(static_cast<Circle>(c)), static_cast<Circle>(c));
      ++kept;
    }
  return b;
}

Board deal(uint64_t seed, uint64_t index) {
  SplitMix64 rng(seed * 0xD1B54A32D192ED03ull + index * 0x9E3779B97F4A7C15ull + 1);
  return random_deal(rng);
}

PositionRecord dealt_position(Game game, uint64_t seed, uint64_t index) {
  PositionRecord r;
  r.position = deal_position(game, deal(seed, index));
  r.title = "deal " + std::to_string(index) + " of seed " + std::to_string(seed);
  return r;
}

}  // namespace scarney
