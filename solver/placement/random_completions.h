// The estimate beyond the exact horizon: the mean value of random
// completions of a partial board. Each completion puts the pawns still in
// the two hands on the empty circles at random (every completion equally
// likely) and is solved exactly; the estimate treats the rest of the
// placing as random, not as best play.
#pragma once

#include <cstdint>

#include "placement/complete_boards.h"
#include "placement/placement_position.h"

namespace scarney {

// A's mean value over `samples` completions of s drawn with `seed` (the
// same seed gives the same completions). winner_only (High-Low): the mean
// of +1 for a win of A and -1 for a loss.
double mean_of_random_completions(const PlacementState& s, CompleteBoards& boards, int samples,
                                  uint64_t seed, bool winner_only = false);

}  // namespace scarney
