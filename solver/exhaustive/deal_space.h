// The deals of an exhaustive run and the relabellings that keep their value.
//
// A deal puts one pawn on every circle of a square board; it is stored as
// the pawn on each circle (C1 ... C16 for Scarney).
//
// The rank of a deal is the Lehmer code of its pawns read in the *rank
// order* of the circles: the outer ring first (row by row: C1 C2 C3 C4 C5
// C8 C9 C12 C13 C14 C15 C16), the four centre circles last (C6 C7 C10
// C11). The n! deals are the ranks 0 .. n!-1, and a range of ranks is a
// few blocks of deals sharing their outer circles.
//
// A relabelling is one of the square's 8 symmetries together with one
// permutation of the colours that play alike (every colour but colour 0,
// black, whose bonuses are doubled). Scarney's 48 relabellings keep every
// Solitaire and Singles value. The representative of an orbit is its
// smallest deal read in the *canonical order*, the centre first (C6 C7 C10
// C11, then the outer ring). The two orders are chosen apart on purpose:
// whether a deal is a representative is decided mostly by its centre, the
// last digits of the rank, so the representatives are spread evenly over
// the ranks and equal ranges of ranks hold about equal work. (With the
// smallest image in rank order, the representatives would crowd into the
// lowest ranks: the first millionth of the ranks would hold 15 million of
// them and most shards none.)
//
// The code is written for any square board of side n with n*n pawns of C
// colours and n*n/C spot values each (pawn = colour * spots + spots - 1, as
// board/pawn.h numbers them), so that the same enumerator is checked by
// brute force on small boards of the same structure (2x2 with four
// one-pawn colours, 3x3 with three colours).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace scarney::exhaustive {

inline constexpr int kMaxCells = 16;
inline constexpr int kMaxRelabellings = 64;

struct DealSpace {
  int side = 4;
  int colours = 4;
  int spots = 4;
  int cells() const { return side * side; }
};

// The circles by ring, from the centre out (canonical order) or from the
// outside in (rank order); row by row within a ring.
using CircleOrder = std::array<uint8_t, kMaxCells>;
CircleOrder canonical_order(const DealSpace& s);
CircleOrder rank_order(const DealSpace& s);

inline constexpr DealSpace kScarney{4, 4, 4};

using Deal = std::array<uint8_t, kMaxCells>;  // the pawn on each circle

struct Relabelling {
  int symmetry = 0;                       // 0 .. 7, as board/symmetry.h numbers them
  std::array<uint8_t, 8> colour{};        // colour c becomes colour[c]
  std::array<uint8_t, kMaxCells> to{};    // circle c goes to circle to[c]
  std::array<uint8_t, kMaxCells> from{};  // the inverse: to[from[c]] == c
  std::array<uint8_t, kMaxCells> pawn{};  // pawn p becomes pawn[p]
};

// Identity first, then every other (symmetry, colour permutation): 8 x (C-1)!.
std::vector<Relabelling> relabellings(const DealSpace& s);

// The image of d: the pawn p on circle c becomes pawn[p] on circle to[c].
Deal apply(const Relabelling& g, const Deal& d, int cells);

uint64_t factorial(int n);
uint64_t rank_of(const Deal& d, const DealSpace& s);
Deal deal_of_rank(uint64_t rank, const DealSpace& s);
// Whether a's sequence in canonical order comes before b's.
bool canonically_less(const Deal& a, const Deal& b, const DealSpace& s);

// Brute force, for tests: whether d is the smallest of its images (in
// canonical order) and how
// many distinct images it has.
struct OrbitFacts {
  bool representative = false;
  int orbit_size = 0;
};
OrbitFacts orbit_by_brute_force(const DealSpace& s, const std::vector<Relabelling>& group,
                                const Deal& d);

// The deals a relabelling leaves unchanged, counted from the cycle types:
// d is fixed by g when d(to[c]) = pawn[d(c)], i.e. d maps the circle
// permutation's cycles onto the pawn permutation's; there are such deals
// only when both have the same cycle type, and then prod_l m_l! l^m_l of
// them (m_l cycles of length l).
uint64_t fixed_deals(const DealSpace& s, const Relabelling& g);
// Burnside's lemma: the number of orbits is the mean number of fixed deals.
uint64_t orbit_count(const DealSpace& s);

// "G3 B3 Y2 ... R4": the pawns on C1 ... C16 (Scarney's board only).
std::string deal_text(const Deal& d);

}  // namespace scarney::exhaustive
