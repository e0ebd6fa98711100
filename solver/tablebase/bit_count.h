// Population counts by table lookup. The project builds for plain x86-64,
// where std::popcount is a call into libgcc; the builder counts bits a few
// billion times.
#pragma once

#include <array>
#include <cstdint>

namespace scarney::tablebase {

inline constexpr std::array<uint8_t, 256> kBitsInByte = [] {
  std::array<uint8_t, 256> t{};
  for (int i = 0; i < 256; ++i) t[i] = static_cast<uint8_t>((i & 1) + t[i / 2]);
  return t;
}();

constexpr int bits16(uint32_t m) { return kBitsInByte[m & 255] + kBitsInByte[(m >> 8) & 255]; }

constexpr int bits64(uint64_t m) {
  int n = 0;
  for (; m; m >>= 8) n += kBitsInByte[m & 255];
  return n;
}

}  // namespace scarney::tablebase
