#include "search/solitaire_ceiling.h"

#include "search/reach_table.h"

#include <algorithm>
#include <array>
#include <bit>
#include <memory>

namespace scarney {
namespace {

using reach::parity_class;
constexpr int sum_label(int c) { return (row_of(c) + column_of(c)) % 3; }
constexpr int diff_label(int c) { return (row_of(c) - column_of(c) + 3) % 3; }

constexpr Mask label_mask(int which, int label) {
  Mask m = 0;
  for (int c = 0; c < kCircles; ++c)
    if ((which == 0 ? sum_label(c) : diff_label(c)) == label) m |= bit(static_cast<Circle>(c));
  return m;
}
constexpr Mask kS01 = label_mask(0, 0) | label_mask(0, 1), kS12 = label_mask(0, 1) | label_mask(0, 2);
constexpr Mask kD01 = label_mask(1, 0) | label_mask(1, 1), kD12 = label_mask(1, 1) | label_mask(1, 2);
constexpr Mask kClassMask[4] = {0x0505, 0x0A0A, 0x5050, 0xA0A0};

constexpr int kPow5[5] = {1, 5, 25, 125, 625};

}  // namespace

struct CeilingTables {
  // max_corners[code][sig]: the most corners a set of pawns can stand on at
  // the end, given how many of them are in each parity class (code = counts
  // in base 5) and the signature; -1 when no placement has that signature.
  std::array<std::array<int8_t, 16>, 625> max_corners;
  // group[v][code][sig]: best group score for 2-4 pawns of one kind, code =
  // for each member slot 0..3, 0 if absent or 1 + its parity class (base 5).
  //   v = 0: colour group, 10 a pawn;  v = 1: black group, 20 a pawn;
  //   v = 2 + s - 1: number group of s-spot pawns, 10 a pawn.
  // Slot i of a colour group is the (i+1)-spot pawn; of a number group, colour i.
  std::array<std::array<std::array<int16_t, 16>, 625>, 6> group;
  std::array<int8_t, 16> single_classes;  // classes a lone pawn may end in
  std::array<int16_t, 65536> material;
};

namespace {

void fill_corners(CeilingTables& t) {
  for (auto& row : t.max_corners) row.fill(-1);
  // Enumerate every set of 1-4 circles: its class counts, signature, corners.
  for (int set = 1; set < 65536; ++set) {
    const int n = std::popcount(static_cast<unsigned>(set));
    if (n > 4) continue;
    int code = 0;
    for (int c = 0; c < kCircles; ++c)
      if (set >> c & 1) code += kPow5[parity_class(c)];
    const int sig = signature(static_cast<Mask>(set));
    const int corners = std::popcount(static_cast<unsigned>(set) & kCorners);
    t.max_corners[code][sig] = static_cast<int8_t>(std::max<int>(t.max_corners[code][sig], corners));
  }
}

void fill_groups(CeilingTables& t) {
  for (int v = 0; v < 6; ++v)
    for (int code = 0; code < 625; ++code) {
      int slot_class[4];
      for (int i = 0, c = code; i < 4; ++i, c /= 5) slot_class[i] = c % 5 - 1;
      for (int sig = 0; sig < 16; ++sig) {
        int best = -1;
        for (int sub = 0; sub < 16; ++sub) {
          if (std::popcount(static_cast<unsigned>(sub)) < 2) continue;
          int counts = 0, spots = 0, n = 0;
          bool ok = true;
          for (int i = 0; i < 4; ++i)
            if (sub >> i & 1) {
              if (slot_class[i] < 0) ok = false;
              else {
                counts += kPow5[slot_class[i]];
                spots += v < 2 ? i + 1 : v - 1;
                ++n;
              }
            }
          if (!ok) continue;
          const int corners = t.max_corners[counts][sig];
          if (corners < 0) continue;
          const int per = v == 1 ? 20 : 10;
          best = std::max(best, kTotalSpots - spots + per * (n + corners));
        }
        t.group[v][code][sig] = static_cast<int16_t>(best);
      }
    }
}

int compute_material_ceiling(uint16_t material) {
  int best = 0;
  for (int p = 0; p < kPawns; ++p)
    if (material >> p & 1) {
      const int s = spots_of(static_cast<Pawn>(p));
      best = std::max(best, kTotalSpots - s + s * (is_black(static_cast<Pawn>(p)) ? 20 : 10));
    }
  for (int c = 0; c < kColours; ++c) {
    const int per = c == 0 ? 40 : 20;
    int n = 0, gain = 0;
    for (int s = 1; s <= 4; ++s)
      if (material >> (c * 4 + s - 1) & 1) ++n, gain += per - s;
    if (n >= 2) best = std::max(best, kTotalSpots + gain);
  }
  for (int s = 1; s <= 4; ++s) {
    int n = 0, gain = 0;
    for (int c = 0; c < kColours; ++c)
      if (material >> (c * 4 + s - 1) & 1) ++n, gain += 20 - s;
    if (n >= 2) best = std::max(best, kTotalSpots + gain);
  }
  return best;
}

const CeilingTables& tables() {
  static const std::unique_ptr<CeilingTables> t = [] {
    auto x = std::make_unique<CeilingTables>();
    fill_corners(*x);
    fill_groups(*x);
    for (int sig = 0; sig < 16; ++sig) {
      int classes = 0;
      for (int c = 0; c < kCircles; ++c)
        if (signature(bit(static_cast<Circle>(c))) == sig) classes |= 1 << parity_class(c);
      x->single_classes[sig] = static_cast<int8_t>(classes);
    }
    for (int m = 0; m < 65536; ++m)
      x->material[m] = static_cast<int16_t>(compute_material_ceiling(static_cast<uint16_t>(m)));
    return x;
  }();
  return *t;
}

}  // namespace

int signature(Mask occ) {
  return (std::popcount(static_cast<unsigned>(occ & kS01)) & 1) |
         (std::popcount(static_cast<unsigned>(occ & kS12)) & 1) << 1 |
         (std::popcount(static_cast<unsigned>(occ & kD01)) & 1) << 2 |
         (std::popcount(static_cast<unsigned>(occ & kD12)) & 1) << 3;
}

int material_ceiling(uint16_t material) { return tables().material[material]; }

int position_ceiling(const Board& b) {
  const CeilingTables& t = tables();
  const int sig = signature(b.occupied());
  const int single_ok = t.single_classes[sig];
  int best = 0, min_spots = 5;
  int colour_code[kColours] = {}, spot_code[4] = {};
  for (int k = 0; k < kColours; ++k) {
    const Mask cm = b.colour_mask(static_cast<Colour>(k));
    if (!cm) continue;
    for (int cls = 0; cls < 4; ++cls) {
      const Mask m = cm & kClassMask[cls];
      if (!m) continue;
      for (int s = 1; s <= 4; ++s)
        if (m & b.spot_mask(s)) {
          colour_code[k] += (cls + 1) * kPow5[s - 1];
          spot_code[s - 1] += (cls + 1) * kPow5[k];
          min_spots = std::min(min_spots, s);
          if (single_ok >> cls & 1) best = std::max(best, kTotalSpots - s + s * (k == 0 ? 20 : 10));
        }
    }
  }
  best = std::max(best, kTotalSpots - min_spots);  // an ending with no bonus
  for (int k = 0; k < kColours; ++k) best = std::max<int>(best, t.group[k == 0 ? 1 : 0][colour_code[k]][sig]);
  for (int s = 0; s < 4; ++s) best = std::max<int>(best, t.group[2 + s][spot_code[s]][sig]);
  return best;
}

void CeilingContext::reset(const Board& root) {
  int cls_of[kPawns];
  for (int p = 0; p < kPawns; ++p) cls_of[p] = -1;
  for (Circle c : circles(root.occupied())) cls_of[root.pawn_on(c)] = parity_class(c);
  for (int k = 0; k < 4; ++k)
    for (int nib = 0; nib < 16; ++nib) {
      int cc = 0, sc = 0;
      for (int i = 0; i < 4; ++i) {
        if (!(nib >> i & 1)) continue;
        const int colour_pawn = k * 4 + i;  // colour k, i+1 spots
        const int spot_pawn = i * 4 + k;    // colour i, k+1 spots
        if (cls_of[colour_pawn] >= 0) cc += (cls_of[colour_pawn] + 1) * kPow5[i];
        if (cls_of[spot_pawn] >= 0) sc += (cls_of[spot_pawn] + 1) * kPow5[i];
      }
      colour_code_[k][nib] = static_cast<uint16_t>(cc);
      spot_code_[k][nib] = static_cast<uint16_t>(sc);
    }
  for (int classes = 0; classes < 16; ++classes)
    for (int k = 0; k < 4; ++k)
      for (int nib = 0; nib < 16; ++nib) {
        int best = 0;
        for (int i = 0; i < 4; ++i) {
          const int p = k * 4 + i;
          if ((nib >> i & 1) && cls_of[p] >= 0 && (classes >> cls_of[p] & 1))
            best = std::max(best, kTotalSpots - (i + 1) + (i + 1) * (k == 0 ? 20 : 10));
        }
        single_[classes][k][nib] = static_cast<int16_t>(best);
      }
  // Group finishes: every subset of 2-4 members of each group and nibble.
  reach_ = reach::table();
  tables_ = &tables();
  int n = 0;
  for (int g = 0; g < 8; ++g)
    for (int nib = 0; nib < 16; ++nib) {
      const int begin = n;
      for (int sub = 1; sub < 16; ++sub) {
        if ((sub & nib) != sub || std::popcount(static_cast<unsigned>(sub)) < 2) continue;
        int counts[4] = {}, spots = 0, members = 0;
        bool on_board = true;
        for (int i = 0; i < 4; ++i) {
          if (!(sub >> i & 1)) continue;
          const int p = g < 4 ? g * 4 + i : i * 4 + (g - 4);
          if (cls_of[p] < 0) on_board = false;
          else ++counts[cls_of[p]];
          spots += spots_of(static_cast<Pawn>(p));
          ++members;
        }
        if (!on_board) continue;
        const int per = g == 0 ? 20 : 10;
        const int classes = (counts[0] > 0) + (counts[1] > 0) + (counts[2] > 0) + (counts[3] > 0);
        const int base = kTotalSpots - spots + per * members;
        finishes_[n++] = {static_cast<int16_t>(base), static_cast<int16_t>(per),
                          static_cast<int16_t>(base + per * classes),
                          static_cast<uint8_t>(reach::class_count_slot(counts))};
      }
      std::sort(finishes_ + begin, finishes_ + n, [](const GroupFinish& a, const GroupFinish& b) {
        return a.potential > b.potential;
      });
      finishes_of_[g][nib] = {static_cast<uint16_t>(begin), static_cast<uint16_t>(n)};
    }
}

int CeilingContext::sharp(Mask occupied, uint16_t m, int bound) const {
  const uint64_t* row = reach::row(reach_, occupied);
  const int lone = reach::lone_field(row);
  int best = (m & 0x1111) ? 39 : (m & 0x2222) ? 38 : (m & 0x4444) ? 37 : 36;
  for (int k = 0; k < 4; ++k) best = std::max<int>(best, single_[lone][k][(m >> (4 * k)) & 15]);
  for (int g = 0; g < 8; ++g) {
    int nib;
    if (g < 4) {
      nib = (m >> (4 * g)) & 15;
    } else {
      const unsigned spots = (m >> (g - 4)) & 0x1111;
      nib = static_cast<int>((spots & 1) | (spots >> 3 & 2) | (spots >> 6 & 4) | (spots >> 9 & 8));
    }
    const Range r = finishes_of_[g][nib];
    for (int i = r.begin; i < r.end && finishes_[i].potential > std::max(best, bound); ++i) {
      const int f = reach::corner_field(row, finishes_[i].slot);
      if (f) best = std::max(best, finishes_[i].base + finishes_[i].per * (f - 1));
    }
  }
  // The finishes not looked at could not beat the bound.
  return std::max(best, bound);
}

int CeilingContext::operator()(uint16_t m, int sig) const {
  const CeilingTables& t = *tables_;
  // An ending with no bonus: 40 minus the smallest spot value left.
  int best = (m & 0x1111) ? 39 : (m & 0x2222) ? 38 : (m & 0x4444) ? 37 : 36;
  for (int k = 0; k < 4; ++k) {
    const int nib = (m >> (4 * k)) & 15;
    best = std::max<int>(best, single_[t.single_classes[sig]][k][nib]);
    best = std::max<int>(best, t.group[k == 0 ? 1 : 0][colour_code_[k][nib]][sig]);
    // The s-spot pawns of each colour: bits s-1, s+3, s+7, s+11.
    const unsigned spots = (m >> k) & 0x1111;
    const int snib = (spots & 1) | (spots >> 3 & 2) | (spots >> 6 & 4) | (spots >> 9 & 8);
    best = std::max<int>(best, t.group[2 + k][spot_code_[k][snib]][sig]);
  }
  return best;
}

}  // namespace scarney
