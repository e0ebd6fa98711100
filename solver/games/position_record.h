// A position as a position file gives it: the game state, and the text that
// comes with it (title, where it stands in its file, and the keys other
// layers read: `claim:` and `solution:` for verify, `hands:` and `to-move:`
// for the placement phase).
#pragma once

#include <optional>
#include <string>

#include "games/position.h"
#include "util/input_error.h"

namespace scarney {

// A line of text taken from a position file, with where its value starts,
// for keys parsed later by the module that understands them.
struct SourcedText {
  std::string text;
  SourceLocation where;
};

struct PositionRecord {
  PositionRecord() = default;
  explicit PositionRecord(const Position& p) : position(p) {}

  Position position;
  std::string title;
  SourceLocation where;  // the first line of the position in its file

  std::optional<SourcedText> claim, solution, hands, to_move;
};

}  // namespace scarney
