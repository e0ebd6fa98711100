#include "search/solitaire_ceiling.h"

#include <algorithm>
#include <array>
#include <bit>
#include <memory>

#include "search/colour_reach.h"
#include "search/reach_table.h"

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
constexpr Mask kS01 = label_mask(0, 0) | label_mask(0, 1),
               kS12 = label_mask(0, 1) | label_mask(0, 2);
constexpr Mask kD01 = label_mask(1, 0) | label_mask(1, 1),
               kD12 = label_mask(1, 1) | label_mask(1, 2);
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
    t.max_corners[code][sig] =
        static_cast<int8_t>(std::max<int>(t.max_corners[code][sig], corners));
  }
}

void fill_groups(CeilingTables& t) {
  for (int v = 0; v < 6; ++v)
    for (int code = 0; code < 625; ++code) {
      int slot_class[4];
      for (int i = 0, c = code; i < 4; ++i, c /= 5) slot_class[i] = c % 5 - 1;
      int best[16];
      std::fill(best, best + 16, -1);
      for (int sub = 0; sub < 16; ++sub) {
        if (std::popcount(static_cast<unsigned>(sub)) < 2) continue;
        int counts = 0, spots = 0, n = 0;
        bool ok = true;
        for (int i = 0; i < 4; ++i)
          if (sub >> i & 1) {
            if (slot_class[i] < 0)
              ok = false;
            else {
              counts += kPow5[slot_class[i]];
              spots += v < 2 ? i + 1 : v - 1;
              ++n;
            }
          }
        if (!ok) continue;
        const int per = v == 1 ? 20 : 10;
        for (int sig = 0; sig < 16; ++sig) {
          const int corners = t.max_corners[counts][sig];
          if (corners >= 0)
            best[sig] = std::max(best[sig], kTotalSpots - spots + per * (n + corners));
        }
      }
      for (int sig = 0; sig < 16; ++sig) t.group[v][code][sig] = static_cast<int16_t>(best[sig]);
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

int material_ceiling(uint16_t material) { return compute_material_ceiling(material); }

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
  for (int k = 0; k < kColours; ++k)
    best = std::max<int>(best, t.group[k == 0 ? 1 : 0][colour_code[k]][sig]);
  for (int s = 0; s < 4; ++s) best = std::max<int>(best, t.group[2 + s][spot_code[s]][sig]);
  return best;
}

// The invariants' ceiling by pieces for one signature: per colour and nibble.
void CeilingContext::prepare(int sig) const {
  const CeilingTables& t = *tables_;
  for (int k = 0; k < 4; ++k)
    for (int nib = 0; nib < 16; ++nib) {
      colour_term_[sig][k][nib] =
          static_cast<int16_t>(std::max<int>((*single_[k])[t.single_classes[sig]][nib],
                                             t.group[k == 0 ? 1 : 0][group_[k]->code[nib]][sig]));
      spot_term_[sig][k][nib] = t.group[2 + k][group_[4 + k]->code[nib]][sig];
    }
  signatures_ready_ |= static_cast<uint16_t>(1u << sig);
}

// Member i of group g: colour g with i+1 spots, then the (g-3)-spot pawn
// of colour i.
constexpr int member(int g, int i) { return g < 4 ? g * 4 + i : i * 4 + (g - 4); }

void CeilingContext::reset(const Board& root, bool sharp_tables) {
  int cls_of[kPawns];
  for (int p = 0; p < kPawns; ++p) cls_of[p] = -1;
  for (Circle c : circles(root.occupied())) cls_of[root.pawn_on(c)] = parity_class(c);
  reach_ = sharp_tables ? reach::table() : nullptr;
  tables_ = &tables();
  signatures_ready_ = 0;  // the terms per signature, when first asked for
  for (int g = 0; g < 8; ++g) {
    int key = 0;
    for (int i = 0; i < 4; ++i) key += (cls_of[member(g, i)] + 1) * kPow5[i];
    group_[g] = &ceiling_groups::group(g == 0 ? 0 : g < 4 ? 1 : g - 2, key);
    if (g < 4) single_[g] = &ceiling_groups::singles(g == 0, key);
  }
}

int CeilingContext::sharp(const Board& b, uint16_t m) const {
  const Mask occupied = b.occupied();
  if (!reach_) return (*this)(m, signature(occupied));
  const uint64_t* row = reach::row(reach_, occupied);
  const int lone = reach::lone_field(row);
  const auto group = [&](int g, int nib, int floor) {
    int top = floor;
    const ceiling_groups::Group& gr = *group_[g];
    const ceiling_groups::Range r = gr.of[nib];
    if (r.top <= top) return top;
    for (const ceiling_groups::Finish* f = gr.finishes + r.begin;
         f != gr.finishes + r.end && f->potential > top; ++f) {
      const int corners = static_cast<int>((row[f->word] >> f->shift) & 7);  // + 1
      if (corners) top = std::max(top, f->base + f->per * (corners - 1));
    }
    return top;
  };
  // The one-colour rows are read last but asked for first: their entries
  // load while the rest is worked out.
  const bool small = b.pawn_count() <= colour_reach::kMaxPawns;
  const uint16_t* colour_row = small ? colour_reach::row(occupied) : nullptr;
  // (Black's only: the other colours' rows are needed far less often.)
  const int black_at = small ? colour_reach::index(occupied, b.colour_mask(Colour::Black)) : 0;
  if (small) __builtin_prefetch(colour_row + black_at);
  int best = no_bonus(m);
  for (int s = 0; s < 4; ++s) best = group(4 + s, spot_nibble(m, s), best);
  // Each colour's finishes (its pawn alone, or its group), black first: by
  // the invariants, then, when they would raise the ceiling, by whether the
  // colour's pawns can be left alone at all (colour_reach.h).
  for (int k = 0; k < 4; ++k) {
    const int nib = (m >> (4 * k)) & 15;
    int single = (*single_[k])[lone][nib];
    int colour_group = group(k, nib, best);  // only finishes above best matter
    if (std::max(single, colour_group) <= best) continue;
    if (small) {
      // A lone pawn of the colour only where one can be left (by class).
      const uint16_t f =
          colour_row[k == 0 ? black_at
                            : colour_reach::index(occupied, b.colour_mask(static_cast<Colour>(k)))];
      single = (*single_[k])[lone & colour_reach::lone_classes(f)][nib];
      colour_group = std::min(colour_group, colour_reach::best_group(f, nib, k == 0 ? 20 : 10));
    }
    best = std::max({best, single, colour_group});
  }
  return best;
}

int CeilingContext::operator()(uint16_t m, int sig) const {
  if (!(signatures_ready_ >> sig & 1)) prepare(sig);
  int best = no_bonus(m);
  for (int k = 0; k < 4; ++k) {
    best = std::max<int>(best, colour_term_[sig][k][(m >> (4 * k)) & 15]);
    best = std::max<int>(best, spot_term_[sig][k][spot_nibble(m, k)]);
  }
  return best;
}

CeilingContext::Children CeilingContext::children(uint16_t m, int sig) const {
  if (!(signatures_ready_ >> sig & 1)) prepare(sig);
  Children c;
  c.material_ = m;
  c.colour_term_ = colour_term_[sig];
  c.spot_term_ = spot_term_[sig];
  // Each child loses one pawn: one colour term and one spot term change,
  // the other three of each stay.
  const auto others = [](const int v[4], int16_t out[4]) {
    const int m01 = std::max(v[0], v[1]), m23 = std::max(v[2], v[3]);
    out[0] = static_cast<int16_t>(std::max(v[1], m23));
    out[1] = static_cast<int16_t>(std::max(v[0], m23));
    out[2] = static_cast<int16_t>(std::max(v[3], m01));
    out[3] = static_cast<int16_t>(std::max(v[2], m01));
  };
  const int colour[4] = {colour_term_[sig][0][m & 15], colour_term_[sig][1][(m >> 4) & 15],
                         colour_term_[sig][2][(m >> 8) & 15], colour_term_[sig][3][m >> 12]};
  const int spot[4] = {spot_term_[sig][0][spot_nibble(m, 0)], spot_term_[sig][1][spot_nibble(m, 1)],
                       spot_term_[sig][2][spot_nibble(m, 2)],
                       spot_term_[sig][3][spot_nibble(m, 3)]};
  others(colour, c.other_colours_);
  others(spot, c.other_spots_);
  return c;
}

}  // namespace scarney
