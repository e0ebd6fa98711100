#include "tablebase/indexing.h"

#include <algorithm>
#include <array>
#include <bit>
#include <memory>
#include <stdexcept>

#include "board/symmetry.h"

namespace scarney::tablebase {
namespace {

using ColourPerm = std::array<uint8_t, kColours>;  // colour c -> perm[c]

std::vector<ColourPerm> colour_perms(ColourGroup g) {
  std::vector<ColourPerm> out;
  ColourPerm p{0, 1, 2, 3};
  do {
    if (g == ColourGroup::AllFour || p[0] == 0) out.push_back(p);
  } while (std::next_permutation(p.begin(), p.end()));
  return out;
}

uint16_t recoloured(const ColourPerm& perm, uint16_t material) {
  uint16_t m = 0;
  for (int c = 0; c < kColours; ++c)
    m |= static_cast<uint16_t>(((material >> (4 * c)) & 15) << (4 * perm[c]));
  return m;
}

// Everything about the colour permutations of one group, for all 65536
// materials: built once, on first use.
struct GroupTables {
  std::vector<ColourPerm> perms;
  // inverse[k][q]: the pawn that permutation k sends to pawn q.
  std::vector<std::array<uint8_t, kPawns>> inverse;
  std::vector<uint16_t> canonical;  // per material
  std::vector<uint32_t> ordinal;    // per material: its canonical form's ordinal
  std::vector<uint32_t> perm_set;   // per material: bit k = perms[k] gives the canonical form
  std::array<std::vector<uint16_t>, kPawns + 1> by_size;
};

GroupTables make_tables(ColourGroup g) {
  GroupTables t;
  t.perms = colour_perms(g);
  for (const ColourPerm& p : t.perms) {
    std::array<uint8_t, kPawns> inv{};
    for (int pawn = 0; pawn < kPawns; ++pawn)
      inv[p[pawn >> 2] * 4 + (pawn & 3)] = static_cast<uint8_t>(pawn);
    t.inverse.push_back(inv);
  }
  t.canonical.resize(65536);
  t.ordinal.resize(65536);
  t.perm_set.resize(65536);
  for (int m = 0; m < 65536; ++m) {
    uint16_t best = 0xFFFF;
    uint32_t set = 0;
    for (size_t k = 0; k < t.perms.size(); ++k) {
      const uint16_t img = recoloured(t.perms[k], static_cast<uint16_t>(m));
      if (img < best) best = img, set = 0;
      if (img == best) set |= 1u << k;
    }
    t.canonical[m] = best;
    t.perm_set[m] = set;
    if (best == m)
      t.by_size[std::popcount(static_cast<unsigned>(m))].push_back(static_cast<uint16_t>(m));
  }
  std::array<uint32_t, 65536> ord_of_canonical{};
  for (const auto& v : t.by_size)
    for (size_t i = 0; i < v.size(); ++i) ord_of_canonical[v[i]] = static_cast<uint32_t>(i);
  for (int m = 0; m < 65536; ++m) t.ordinal[m] = ord_of_canonical[t.canonical[m]];
  return t;
}

const GroupTables& tables(ColourGroup g) {
  static const GroupTables three = make_tables(ColourGroup::RedYellowGreen);
  static const GroupTables four = make_tables(ColourGroup::AllFour);
  return g == ColourGroup::AllFour ? four : three;
}

// The orbits of the circles under the symmetries, and for each circle the
// symmetries that carry it onto its orbit's representative.
constexpr Circle kRepresentative[3] = {0, 1, 5};  // C1, C2, C6
struct CircleOrbits {
  std::array<uint8_t, kCircles> orbit{};
  std::array<std::array<uint8_t, 2>, kCircles> syms{};
  std::array<uint8_t, kCircles> sym_count{};
};

const CircleOrbits& circle_orbits() {
  static const CircleOrbits o = [] {
    CircleOrbits r;
    for (int c = 0; c < kCircles; ++c)
      for (int k = 0; k < 3; ++k)
        for (int s = 0; s < kSymmetries; ++s)
          if (transform(static_cast<Circle>(c), s) == kRepresentative[k]) {
            r.orbit[c] = static_cast<uint8_t>(k);
            r.syms[c][r.sym_count[c]++] = static_cast<uint8_t>(s);
          }
    return r;
  }();
  return o;
}

// The i-th (from 0) circle of m.
Circle select(Mask m, unsigned i) {
  for (; i; --i) m &= static_cast<Mask>(m - 1);
  return first(m);
}

}  // namespace

uint64_t partial_permutations(int n, int k) {
  uint64_t r = 1;
  for (int i = 0; i < k; ++i) r *= static_cast<uint64_t>(n - i);
  return r;
}

MaterialClass material_class(ColourGroup g, uint16_t material) {
  const GroupTables& t = tables(g);
  return {t.canonical[material], t.ordinal[material]};
}

const std::vector<uint16_t>& canonical_materials(ColourGroup g, int pawns) {
  return tables(g).by_size.at(pawns);
}

Indexer::Indexer(ColourGroup g, int pawns)
    : group_(g),
      pawns_(pawns),
      placements_(partial_permutations(kCircles - 1, pawns - 1)),
      per_material_(3 * placements_),
      materials_(&canonical_materials(g, pawns)) {
  if (pawns < 1 || pawns > kPawns) throw std::invalid_argument("indexer: pawn count out of range");
}

uint64_t Indexer::index(const Board& b, uint16_t material) const {
  const GroupTables& t = tables(group_);
  const CircleOrbits& orbits = circle_orbits();
  const uint16_t canon = t.canonical[material];
  std::array<uint8_t, kPawns> circle_of{};
  for (Circle c : circles(b.occupied())) circle_of[b.pawn_on(c)] = c;
  std::array<uint8_t, kPawns> order{};  // the canonical material's pawns, ascending
  int n = 0;
  for (uint16_t m = canon; m; m &= static_cast<uint16_t>(m - 1))
    order[n++] = static_cast<uint8_t>(std::countr_zero(m));

  uint64_t best = UINT64_MAX;
  for (uint32_t set = t.perm_set[material]; set; set &= set - 1) {
    const auto& inv = t.inverse[std::countr_zero(set)];
    const Circle c0 = circle_of[inv[order[0]]];
    const int orbit = orbits.orbit[c0];
    for (int k = 0; k < orbits.sym_count[c0]; ++k) {
      const auto& map = symmetry_map(orbits.syms[c0][k]);
      uint32_t avail = kAllCircles & ~bit(kRepresentative[orbit]);
      uint64_t rank = 0;
      for (int i = 1; i < n; ++i) {
        const Circle c = map[circle_of[inv[order[i]]]];
        const uint32_t below = avail & ((1u << c) - 1);
        avail ^= 1u << c;
        rank = rank * static_cast<uint64_t>(kCircles - i) +
               static_cast<uint64_t>(std::popcount(below));
      }
      best = std::min(best, orbit * placements_ + rank);
    }
  }
  return t.ordinal[material] * per_material_ + best;
}

Board Indexer::board_at(uint64_t i) const {
  const uint16_t canon = (*materials_)[i / per_material_];
  const uint64_t local = i % per_material_;
  // P(15, k) < 2^32 up to 8 pawns: 32-bit division is much faster.
  uint64_t rank = local % placements_;
  std::array<uint8_t, kPawns> digit{};
  if (placements_ <= UINT32_MAX) {
    auto r = static_cast<uint32_t>(rank);
    for (int k = pawns_ - 1; k >= 1; --k) {
      const auto radix = static_cast<uint32_t>(kCircles - k);
      digit[k] = static_cast<uint8_t>(r % radix);
      r /= radix;
    }
  } else {
    for (int k = pawns_ - 1; k >= 1; --k) {
      const auto radix = static_cast<uint64_t>(kCircles - k);
      digit[k] = static_cast<uint8_t>(rank % radix);
      rank /= radix;
    }
  }
  Board b;
  const Circle rep = kRepresentative[local / placements_];
  Mask avail = static_cast<Mask>(kAllCircles & ~bit(rep));
  int k = 0;
  for (uint16_t m = canon; m; m &= static_cast<uint16_t>(m - 1), ++k) {
    const Pawn p = static_cast<Pawn>(std::countr_zero(m));
    if (k == 0) {
      b.place(p, rep);
      continue;
    }
    const Circle c = select(avail, digit[k]);
    avail = static_cast<Mask>(avail & ~bit(c));
    b.place(p, c);
  }
  return b;
}

}  // namespace scarney::tablebase
