// Solitaire and Singles scoring: 40 minus the spots left on the board, plus
// the bonus the pawns left earn; and the book's rating tables.
#pragma once

#include <string>

#include "board/board.h"

namespace scarney {

struct Score {
  int game = 0;   // 40 - spots left on the board
  int bonus = 0;  // single-pawn, colour (+corner) or number (+corner) bonus
  std::string
      bonus_kind;  // "", "single-pawn", "black single-pawn", "colour", "black colour", "number"
  int total() const { return game + bonus; }
};

// The bonus earned by the pawns left on the board:
//   one pawn: 10 points a spot, 20 if black;
//   two to four pawns of one colour: 10 a pawn (20 if black), doubled on a corner;
//   two to four pawns of one spot value: 10 a pawn, doubled on a corner.
Score final_score(const Board& left);
int bonus_of(const Board& left);

// "Perfect game" ... "Try again!" (below 20 points: "Try again!" too).
std::string game_rating(int score);
// "Perfect match" ... "You need practice!" for the total of five games.
std::string match_rating(int score);

}  // namespace scarney
