// A Scarney die: six faces, marked with 1, 3, 4 and 6 spots, plus the word
// "dead" on two opposite sides. A dead face counts zero.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

namespace scarney::dice {

inline constexpr int kDead = 0;  // the spots a dead face counts
inline constexpr std::array<int, 6> kScarneyFaces = {1, 3, 4, 6, kDead, kDead};

inline constexpr bool is_dead(int face) { return face == kDead; }

// 6 to the power `n`: the number of equally likely ways `n` dice can fall.
std::uint64_t ways_to_throw(int n);

// For each total 0 .. 6n, the number of the 6^n ways `n` Scarney dice can fall
// that add up to it (dead dice count zero).
std::vector<std::uint64_t> scarney_total_ways(int n);

}  // namespace scarney::dice
