// A position of one of the board games: what the rules and the solvers work
// on, and nothing else (no text, so copying one is cheap). What a position
// file says about it besides (title, claim, solution, hands) is in
// games/position_record.h.
#pragma once

#include <array>

#include "board/board.h"
#include "games/game.h"

namespace scarney {

struct Position {
  Game game = Game::Solitaire;
  Phase phase = Phase::TakeOff;
  Board board;
  // High-Low: spots already removed by the side to move and by the other side.
  std::array<int, 2> removed{0, 0};
};

}  // namespace scarney
