#include "search/reach_table.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstring>
#include <memory>
#include <vector>

namespace scarney::reach {
namespace {

constexpr int kPow5[4] = {1, 5, 25, 125};

// Base-5 class counts -> slot, -1 if not 2..4 pawns. Apart from the rows:
// the ceilings ask for slots of every position, the rows only when sharp.
const std::array<int8_t, 625>& slots_of_codes() {
  static const std::array<int8_t, 625> slots = [] {
    std::array<int8_t, 625> out;
    out.fill(-1);
    int n = 0;
    for (int code = 0; code < 625; ++code) {
      int pawns = 0;
      for (int c = code; c; c /= 5) pawns += c % 5;
      if (pawns >= 2 && pawns <= 4) out[code] = static_cast<int8_t>(n++);
    }
    return out;
  }();
  return slots;
}

struct Table {
  uint64_t* rows;  // kRowWords per occupancy, packed, 64-byte aligned
  std::unique_ptr<uint64_t[]> storage;
  Table();
};

Table::Table() : storage(new uint64_t[65536 * kRowWords + 8]) {
  std::vector<uint8_t> lone(65536);  // while building: lone classes by occupancy
  // Two rows to a cache line.
  rows = storage.get();
  while (reinterpret_cast<uintptr_t>(rows) % 64) ++rows;
  const std::array<int8_t, 625>& slot_of_code = slots_of_codes();
  // Work up from the sparse sets: a jump leaves one pawn fewer. Rows are
  // kept unpacked (one byte a slot, padded to whole vectors) while building.
  using Bytes = int8_t __attribute__((vector_size(16)));
  constexpr int kVectors = (kSlots + 15) / 16;
  struct Row {
    Bytes v[kVectors];
  };
  std::vector<Row> best(65536);
  for (int pawns = 0; pawns <= kCircles; ++pawns)
    for (int mi = 0; mi < 65536; ++mi) {
      const Mask m = static_cast<Mask>(mi);
      if (std::popcount(m) != pawns) continue;
      Row& row = best[m];
      int8_t bytes[kVectors * 16];
      std::fill(bytes, bytes + kVectors * 16, int8_t{-1});
      if (pawns >= 2 && pawns <= 4) {
        int code = 0;
        for (Circle c : circles(m)) code += kPow5[parity_class(c)];
        bytes[slot_of_code[code]] =
            static_cast<int8_t>(std::popcount(static_cast<Mask>(m & kCorners)));
      }
      std::memcpy(row.v, bytes, sizeof bytes);
      uint8_t lone_here = pawns == 1 ? static_cast<uint8_t>(1u << parity_class(first(m))) : 0;
      for (int i = 0; i < kHops; ++i) {
        const Hop& h = hops()[i];
        if ((m & h.from) && (m & h.over) && !(m & h.to)) {
          const Mask child = static_cast<Mask>((m & ~h.from & ~h.over) | h.to);
          for (int k = 0; k < kVectors; ++k)
            row.v[k] = row.v[k] > best[child].v[k] ? row.v[k] : best[child].v[k];
          lone_here |= lone[child];
        }
      }
      lone[m] = lone_here;
      std::memcpy(bytes, row.v, sizeof bytes);
      uint64_t* packed = rows + size_t{m} * kRowWords;
      for (int w = 0; w < kRowWords; ++w) {
        uint64_t word = static_cast<uint64_t>(lone_here >> w & 1) << 63;
        for (int j = 0; j < 21 && 21 * w + j < kSlots; ++j)
          word |= static_cast<uint64_t>(bytes[21 * w + j] + 1) << (3 * j);
        packed[w] = word;
      }
    }
}

struct AllHops {
  Hop all[kHops];
  AllHops() {
    int n = 0;
    for (int c = 0; c < kCircles; ++c) {
      const int r = c >> 2, k = c & 3;
      const int dr[4] = {0, 0, 1, -1}, dk[4] = {1, -1, 0, 0};
      for (int d = 0; d < 4; ++d) {
        const int r2 = r + 2 * dr[d], k2 = k + 2 * dk[d];
        if (r2 < 0 || r2 > 3 || k2 < 0 || k2 > 3) continue;
        all[n++] = {bit(static_cast<Circle>(c)),
                    bit(static_cast<Circle>((r + dr[d]) * 4 + k + dk[d])),
                    bit(static_cast<Circle>(r2 * 4 + k2))};
      }
    }
  }
};

const Table& the_table() {
  static const std::unique_ptr<Table> t = std::make_unique<Table>();
  return *t;
}

}  // namespace

int class_count_slot(const int counts[4]) {
  int code = 0;
  for (int i = 0; i < 4; ++i) code += counts[i] * kPow5[i];
  return slots_of_codes()[code];
}

const Hop* hops() {
  static const AllHops h;
  return h.all;
}

const uint64_t* table() { return the_table().rows; }
uint8_t lone_classes(Mask occupied) {
  return static_cast<uint8_t>(lone_field(row(table(), occupied)));
}
int max_corners(Mask occupied, int slot) { return corner_field(row(table(), occupied), slot) - 1; }

}  // namespace scarney::reach
