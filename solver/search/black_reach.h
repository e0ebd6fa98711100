// Where the black pawns can be left alone, under a relaxed jump.
//
// A black colour group scores the most of all finishes, so it is the
// ceiling that keeps the most positions alive. Whether the black pawns can
// ever stand alone depends on colours, which the colour-blind reach table
// (search/reach_table.h) ignores: two black pawns side by side block each
// other. This table keeps exactly that much colour: a pawn is black or not,
// a black pawn may not jump a black pawn, and any other jump is allowed (two
// pawns of one other colour are treated as if they differed, so the table
// over-approximates, as a ceiling must).
//
// The finish is summarised by how many black pawns are left (2 to 4) and
// how many of them stand on corners. Rows are worked out on first use, per
// set of occupied circles, and shared by all threads.
#pragma once

#include <cstdint>

#include "board/circle.h"

namespace scarney::black_reach {

// Positions with more pawns are not looked up (their rows would cost more
// to build than they save).
inline constexpr int kMaxPawns = 15;

// Bit 5 * (s - 2) + j is set when a position of s black pawns alone, j of
// them on corners, is reachable from the pawns on `occupied`, the black
// ones on `black`.
// Preconditions: popcount(occupied) <= kMaxPawns, black is a subset of
// occupied with at most 4 circles.
uint16_t finishes(Mask occupied, Mask black);

// The best black colour-group score those finishes allow, given which black
// pawns are on the board (bit s-1 of `black_pawns` = the s-spot black
// pawn); -1 when the black pawns cannot be left alone.
int best_black_group(uint16_t finishes, int black_pawns);

}  // namespace scarney::black_reach
