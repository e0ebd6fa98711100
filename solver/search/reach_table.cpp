#include "search/reach_table.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <memory>
#include <vector>

namespace scarney::reach {
namespace {

constexpr int kPow5[4] = {1, 5, 25, 125};

struct Table {
  std::array<int8_t, 625> slot_of_code;  // base-5 class counts -> slot, -1 if not 2..4 pawns
  std::array<uint8_t, 65536> lone;
  uint64_t* rows;  // kRowWords per occupancy, packed, 64-byte aligned
  std::unique_ptr<uint64_t[]> storage;
  Table();
};

Table::Table() : storage(new uint64_t[65536 * kRowWords + 8]) {
  // Two rows to a cache line.
  rows = storage.get();
  while (reinterpret_cast<uintptr_t>(rows) % 64) ++rows;
  slot_of_code.fill(-1);
  int slots = 0;
  for (int code = 0; code < 625; ++code) {
    int n = 0;
    for (int c = code; c; c /= 5) n += c % 5;
    if (n >= 2 && n <= 4) slot_of_code[code] = static_cast<int8_t>(slots++);
  }
  // The 32 jumps of the board as (from | over, to) masks.
  struct Hop {
    Mask leave, land;
  };
  std::vector<Hop> hops;
  for (int c = 0; c < kCircles; ++c) {
    const int r = c >> 2, k = c & 3;
    const int dr[4] = {0, 0, 1, -1}, dk[4] = {1, -1, 0, 0};
    for (int d = 0; d < 4; ++d) {
      const int r2 = r + 2 * dr[d], k2 = k + 2 * dk[d];
      if (r2 < 0 || r2 > 3 || k2 < 0 || k2 > 3) continue;
      hops.push_back({static_cast<Mask>(bit(static_cast<Circle>(c)) |
                                        bit(static_cast<Circle>((r + dr[d]) * 4 + k + dk[d]))),
                      bit(static_cast<Circle>(r2 * 4 + k2))});
    }
  }
  // Work up from the sparse sets: a jump leaves one pawn fewer.
  std::vector<std::array<int8_t, kSlots>> best(65536);
  std::vector<Mask> order(65536);
  for (int m = 0; m < 65536; ++m) order[m] = static_cast<Mask>(m);
  std::stable_sort(order.begin(), order.end(),
                   [](Mask a, Mask b) { return std::popcount(a) < std::popcount(b); });
  for (const Mask m : order) {
    auto& row = best[m];
    row.fill(-1);
    uint8_t lone_here = 0;
    const int n = std::popcount(m);
    if (n == 1) lone_here = static_cast<uint8_t>(1u << parity_class(first(m)));
    if (n >= 2 && n <= 4) {
      int code = 0;
      for (Circle c : circles(m)) code += kPow5[parity_class(c)];
      row[slot_of_code[code]] = static_cast<int8_t>(std::popcount(static_cast<Mask>(m & kCorners)));
    }
    for (const Hop& h : hops)
      if ((m & h.leave) == h.leave && !(m & h.land)) {
        const Mask child = static_cast<Mask>((m & ~h.leave) | h.land);
        const auto& from = best[child];
        for (int i = 0; i < kSlots; ++i) row[i] = std::max(row[i], from[i]);
        lone_here |= lone[child];
      }
    lone[m] = lone_here;
    uint64_t* packed = rows + size_t{m} * kRowWords;
    for (int w = 0; w < kRowWords; ++w) packed[w] = static_cast<uint64_t>(lone_here >> w & 1) << 63;
    for (int i = 0; i < kSlots; ++i)
      packed[i / 21] |= static_cast<uint64_t>(row[i] + 1) << (3 * (i % 21));
  }
}

const Table& the_table() {
  static const std::unique_ptr<Table> t = std::make_unique<Table>();
  return *t;
}

}  // namespace

int class_count_slot(const int counts[4]) {
  int code = 0;
  for (int i = 0; i < 4; ++i) code += counts[i] * kPow5[i];
  return the_table().slot_of_code[code];
}

const uint64_t* table() { return the_table().rows; }
uint8_t lone_classes(Mask occupied) { return the_table().lone[occupied]; }
int max_corners(Mask occupied, int slot) { return corner_field(row(table(), occupied), slot) - 1; }

}  // namespace scarney::reach
