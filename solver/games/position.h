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
  // Doubles, High-Low: the spots already taken off by the side to move and
  // by the other side, kept by games/rules.cpp's play for both two-player
  // games (a position file writes them for High-Low only, whose value
  // depends on them). The one running count of the points: play, verify and
  // games/result.h read it.
  std::array<int, 2> removed{0, 0};
};

}  // namespace scarney
