// Random placement positions, for measuring the placement search: A's two
// colours drawn at random, then placements drawn alternately (A first), each
// a random pawn of the placer's hand on a random empty circle, until
// `pawns_left` remain. Number i of seed s is the same on every machine.
#pragma once

#include <cstdint>

#include "games/position_record.h"
#include "placement/placement_position.h"

namespace scarney {

// Precondition: 1 <= pawns_left <= 16, game Singles, Doubles or HighLow.
PlacementState random_placement(Game game, int pawns_left, uint64_t seed, uint64_t index);
// The same as a position file gives it, titled "placement i of seed s,
// n left".
PositionRecord random_placement_record(Game game, int pawns_left, uint64_t seed, uint64_t index);

}  // namespace scarney
