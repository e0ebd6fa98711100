// Where the pawns of one colour can be left alone, under a relaxed jump.
//
// A colour group (and above all the black one) scores the most of all
// finishes, so it is the ceiling that keeps the most positions alive.
// Whether the pawns of a colour can ever stand alone depends on colours,
// which the colour-blind reach table (search/reach_table.h) ignores: two
// pawns of one colour side by side block each other. This table keeps
// exactly that much colour: a pawn is of the colour in question or not, a
// pawn of the colour may not jump another of it, and any other jump is
// allowed (two pawns of one other colour are treated as if they differed,
// so the table over-approximates, as a ceiling must).
//
// A finish is summarised by how many pawns of the colour are left (1 to
// 4) and how many of them stand on corners. Rows are worked out on first
// use, per set of occupied circles, and shared by all threads.
#pragma once

#include <cstdint>

#include "board/circle.h"

namespace scarney::colour_reach {

// Positions with more pawns are not looked up.
inline constexpr int kMaxPawns = 15;

// The finishes reachable from the pawns on `occupied`, those of the colour
// on `colour`, as bits: bit group_bit(s, j) when s pawns of the colour
// (s = 2..4) can be left alone with j of them on corners, bit lone_bit(c)
// when a single pawn of the colour can be left alone in parity class c
// (reach::parity_class). 16 bits in all.
// Preconditions: popcount(occupied) <= kMaxPawns, colour is a subset of
// occupied with at most 4 circles.
constexpr int group_bit(int s, int corners) { return (s == 2 ? 0 : s == 3 ? 3 : 7) + corners; }
constexpr int lone_bit(int parity_class) { return 12 + parity_class; }
// The parity classes in which a single pawn of the colour can be left.
constexpr int lone_classes(uint16_t finishes) { return finishes >> 12; }
uint16_t finishes(Mask occupied, Mask colour);
// finishes() in two steps, for inner loops: the row of `occupied`, built
// if need be, and where in it the entry of `colour` stands.
const uint16_t* row(Mask occupied);
int index(Mask occupied, Mask colour);
// Starts loading the row's address for `occupied`.
void prefetch(Mask occupied);

// The best colour-group score those finishes allow (per: 10 a pawn and a
// corner, 20 for black), given which pawns of the colour are on the board
// (bit s-1 of `pawns` = its s-spot pawn); -1 when no two of them can be
// left alone.
int best_group(uint16_t finishes, int pawns, int per);

}  // namespace scarney::colour_reach
