// The 8 symmetries of the square (rotations and reflections). They map
// corners to corners and neighbours to neighbours, so every game's rules and
// scores are unchanged by them.
#pragma once

#include <array>

#include "board/board.h"

namespace scarney {

inline constexpr int kSymmetries = 8;

// Symmetry s maps circle c to symmetry_map(s)[c]. Symmetry 0 is the identity.
const std::array<Circle, kCircles>& symmetry_map(int s);
int inverse_symmetry(int s);
Circle transform(Circle c, int s);
Mask transform(Mask m, int s);
Board transform(const Board& b, int s);

}  // namespace scarney
