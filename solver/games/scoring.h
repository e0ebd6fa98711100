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

enum class BonusKind : uint8_t { None, SinglePawn, BlackSinglePawn, Colour, BlackColour, Number };
struct Bonus {
  BonusKind kind = BonusKind::None;
  int points = 0;
};

// The bonus earned by the pawns left on the board, the one home of the rule
// (the solvers and the table builder inline it):
//   one pawn: 10 points a spot, 20 if black;
//   two to four pawns of one colour: 10 a pawn (20 if black), doubled on a corner;
//   two to four pawns of one spot value: 10 a pawn, doubled on a corner.
inline Bonus bonus(const Board& left) {
  const Mask occ = left.occupied();
  const int n = count(occ);
  if (n == 1) {
    const Pawn p = left.pawn_on(first(occ));
    return is_black(p) ? Bonus{BonusKind::BlackSinglePawn, 20 * spots_of(p)}
                       : Bonus{BonusKind::SinglePawn, 10 * spots_of(p)};
  }
  if (n < 2 || n > 4) return {};
  const int corners = count(static_cast<Mask>(occ & kCorners));
  for (int c = 0; c < kColours; ++c)
    if (left.colour_mask(static_cast<Colour>(c)) == occ)
      return c == 0 ? Bonus{BonusKind::BlackColour, 20 * (n + corners)}
                    : Bonus{BonusKind::Colour, 10 * (n + corners)};
  for (int s = 1; s <= 4; ++s)
    if (left.spot_mask(s) == occ) return {BonusKind::Number, 10 * (n + corners)};
  return {};
}

// The game score and bonus, in numbers only: final_score(left).total().
inline int score_total(const Board& left) {
  return kTotalSpots - left.spots() + bonus(left).points;
}

// The score with the bonus named (`Score::bonus_kind`).
Score final_score(const Board& left);

// "Perfect game" ... "Try again!" (below 20 points: "Try again!" too).
std::string game_rating(int score);
// "Perfect match" ... "You need practice!" for the total of five games.
std::string match_rating(int score);

}  // namespace scarney
