// Moves of the placement phase: A's choice of two colours (from the empty
// board, before anything is placed), then one pawn placed on an empty
// circle per turn.
#pragma once

#include <string>
#include <vector>

#include "placement/placement_position.h"

namespace scarney {

struct PlacementMove {
  Colours colours = 0;  // the colour choice: A's two colours; 0 for a placement
  Pawn pawn = 0;
  Circle circle = 0;

  static PlacementMove take(Colours cs) { return {cs, 0, 0}; }
  static PlacementMove place(Pawn p, Circle c) { return {0, p, c}; }
  bool is_choice() const { return colours != 0; }
  bool operator==(const PlacementMove&) const = default;
};

// All moves, in a fixed order: the six colour choices, or every pawn of the
// mover's hand on every empty circle (by pawn, then circle). None when the
// board is full.
std::vector<PlacementMove> placement_moves(const PlacementState& s);
// Precondition: m is one of placement_moves(s).
PlacementState play(const PlacementState& s, const PlacementMove& m);
// "A places G3 on C7", "A takes black and red".
std::string placement_text(const PlacementState& before, const PlacementMove& m);

}  // namespace scarney
