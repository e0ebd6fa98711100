// What a solver returns: the value, the principal line, and for best-move
// queries the value of every legal move.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "games/move.h"

namespace scarney {

struct Solution {
  int value = 0;                       // see games/rules.h for what a value means per game
  std::vector<Move> line;              // the principal line from the position
  std::vector<std::string> line_text;  // the same, in the book's words
  std::optional<bool> to_move_wins;    // High-Low
};

struct MoveValue {
  Move move;
  std::string text;
  int value;                 // the value of the position for the mover if he plays this move
  std::optional<bool> wins;  // High-Low
};

}  // namespace scarney
