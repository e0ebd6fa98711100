// A position of one of the board games, as read from a position file.
#pragma once

#include <array>
#include <optional>
#include <string>

#include "board/board.h"
#include "games/game.h"
#include "util/input_error.h"

namespace scarney {

// A line of text taken from a position file, with where its value starts,
// for keys parsed later by the module that understands them.
struct SourcedText {
  std::string text;
  SourceLocation where;
};

struct Position {
  Game game = Game::Solitaire;
  Phase phase = Phase::TakeOff;
  Board board;
  // High-Low: spots already removed by the side to move and by the other side.
  std::array<int, 2> removed{0, 0};

  std::string title;
  SourceLocation where;  // the first line of the position in its file

  // Keys read by other modules: `claim:` and `solution:` (verify),
  // `hands:` and `to-move:` (placement).
  std::optional<SourcedText> claim, solution, hands, to_move;
};

}  // namespace scarney
