#include "search/colour_reach.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <memory>

#include "board/pawn.h"
#include "search/reach_table.h"

namespace scarney::colour_reach {
namespace {

constexpr int kBinomial[17][5] = {
    {1, 0, 0, 0, 0},        {1, 1, 0, 0, 0},       {1, 2, 1, 0, 0},        {1, 3, 3, 1, 0},
    {1, 4, 6, 4, 1},        {1, 5, 10, 10, 5},     {1, 6, 15, 20, 15},     {1, 7, 21, 35, 35},
    {1, 8, 28, 56, 70},     {1, 9, 36, 84, 126},   {1, 10, 45, 120, 210},  {1, 11, 55, 165, 330},
    {1, 12, 66, 220, 495},  {1, 13, 78, 286, 715}, {1, 14, 91, 364, 1001}, {1, 15, 105, 455, 1365},
    {1, 16, 120, 560, 1820}};

// Where each circle stands among the occupied ones (0 for the first).
struct Positions {
  uint8_t of[kCircles];
  int size_offset[5];  // where the subsets of each size begin
  Positions() = default;
  explicit Positions(Mask occupied) {
    const int n = std::popcount(occupied);
    for (int c = 0; c < kCircles; ++c)
      of[c] = static_cast<uint8_t>(
          std::popcount(static_cast<Mask>(occupied & (bit(static_cast<Circle>(c)) - 1))));
    int total = 0;
    for (int j = 0; j <= 4; ++j) {
      size_offset[j] = total;
      total += kBinomial[n][j];
    }
  }
  // The index of `own` among the subsets of at most 4 occupied circles:
  // by size, then by the combinatorial number system over the positions.
  int rank(Mask own) const {
    int r = size_offset[std::popcount(own)], i = 1;
    for (Circle c : circles(own)) r += kBinomial[of[c]][i++];
    return r;
  }
};

int rows_of(int n) {
  int total = 0;
  for (int j = 0; j <= 4 && j <= n; ++j) total += kBinomial[n][j];
  return total;
}

class Table {
 public:
  ~Table() {
    for (auto& r : rows_) delete[] r.load(std::memory_order_relaxed);
  }
  void prefetch(Mask occupied) const { __builtin_prefetch(&rows_[occupied]); }
  const uint16_t* row(Mask occupied) {
    if (const uint16_t* r = rows_[occupied].load(std::memory_order_acquire)) return r;
    return build(occupied);
  }

 private:
  // Every row is a pure function of `occupied`: when two threads build the
  // same row, one keeps its copy and the other throws its own away.
  const uint16_t* build(Mask occupied) {
    const int n = std::popcount(occupied);
    reach::Hop open[reach::kHops];
    const uint16_t* below[reach::kHops];
    Positions after[reach::kHops];
    int m = 0;
    for (int h = 0; h < reach::kHops; ++h) {
      const reach::Hop& x = reach::hops()[h];
      if ((occupied & x.from) && (occupied & x.over) && !(occupied & x.to)) {
        const Mask next = static_cast<Mask>((occupied & ~x.from & ~x.over) | x.to);
        open[m] = x;
        after[m] = Positions(next);
        below[m] = row(next);
        ++m;
      }
    }
    const Positions here(occupied);
    auto fresh = std::make_unique<uint16_t[]>(static_cast<size_t>(rows_of(n)));
    // Every set of at most four circles of the colour, as
    // submasks of `occupied`.
    for (Mask own = occupied;; own = static_cast<Mask>((own - 1) & occupied)) {
      const int k = std::popcount(own);
      if (k <= 4) {
        uint16_t r = 0;
        if (own == occupied && k == 1)
          r = static_cast<uint16_t>(1u << lone_bit(reach::parity_class(first(own))));
        if (own == occupied && k >= 2)
          r = static_cast<uint16_t>(
              1u << group_bit(k, std::popcount(static_cast<Mask>(own & kCorners))));
        if (k > 0)
          for (int h = 0; h < m; ++h) {
            const reach::Hop& x = open[h];
            if ((own & x.from) && (own & x.over)) continue;  // same colour
            Mask next = static_cast<Mask>(own & ~x.over);
            if (own & x.from) next = static_cast<Mask>((next & ~x.from) | x.to);
            r |= below[h][after[h].rank(next)];
          }
        fresh[here.rank(own)] = r;
      }
      if (!own) break;
    }
    const uint16_t* expected = nullptr;
    if (rows_[occupied].compare_exchange_strong(expected, fresh.get(), std::memory_order_acq_rel))
      return fresh.release();
    return expected;
  }

  std::atomic<const uint16_t*> rows_[65536] = {};
};

Table& table() {
  static Table t;
  return t;
}

}  // namespace

// Positions::rank for one subset, counting only its own circles' positions
// (the search asks once per position; the build asks many times per row).
int index(Mask occupied, Mask own) {
  const int n = std::popcount(occupied), k = std::popcount(own);
  int r = 0, i = 1;
  for (int j = 0; j < k; ++j) r += kBinomial[n][j];
  for (Circle c : circles(own))
    r += kBinomial[std::popcount(static_cast<Mask>(occupied & (bit(c) - 1)))][i++];
  return r;
}

const uint16_t* row(Mask occupied) { return table().row(occupied); }

uint16_t finishes(Mask occupied, Mask own) { return row(occupied)[index(occupied, own)]; }

void prefetch(Mask occupied) { table().prefetch(occupied); }

int best_group(uint16_t f, int pawns, int per) {
  // The survivors' spots are at least those of the smallest pawns.
  int spots[4], present = 0;
  for (int s = 1; s <= 4; ++s)
    if (pawns >> (s - 1) & 1) spots[present++] = s;
  int best = -1, least = 0;
  for (int s = 1; s <= present; ++s) {
    least += spots[s - 1];
    if (s < 2) continue;
    const int corners = (f >> group_bit(s, 0)) & ((1 << (s + 1)) - 1);
    if (corners) {
      const int most = static_cast<int>(std::bit_width(static_cast<unsigned>(corners))) - 1;
      best = std::max(best, kTotalSpots - least + per * (s + most));
    }
  }
  return best;
}

}  // namespace scarney::colour_reach
