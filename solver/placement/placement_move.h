// Moves of the placement phase: A's choice of two colours (from the empty
// board, before anything is placed), then one pawn placed on an empty
// circle per turn.
#pragma once

#include <optional>
#include <string>
#include <string_view>
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
// The move a player's words name, read as placement_text writes it or
// shorter: "G3 on C7", "places g3 on c7", "A: black and red", "red and
// black" (case and blanks free; a leading player's letter is skipped).
// None when the words name no placement or choice; whether it is legal is
// the caller's question.
std::optional<PlacementMove> read_placement_words(std::string_view words);

}  // namespace scarney
