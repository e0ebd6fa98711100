#include "games/scoring.h"

namespace scarney {

Score final_score(const Board& b) {
  Score s;
  s.game = kTotalSpots - b.spots();
  const int n = b.pawn_count();
  if (n == 1) {
    const Pawn p = b.pawn_on(first(b.occupied()));
    s.bonus = spots_of(p) * (is_black(p) ? 20 : 10);
    s.bonus_kind = is_black(p) ? "black single-pawn" : "single-pawn";
    return s;
  }
  if (n < 2 || n > 4) return s;
  for (int c = 0; c < kColours; ++c) {
    const Mask m = b.colour_mask(static_cast<Colour>(c));
    if (m == b.occupied()) {
      const int per = c == 0 ? 20 : 10;
      s.bonus = per * (n + count(static_cast<Mask>(m & kCorners)));
      s.bonus_kind = c == 0 ? "black colour" : "colour";
      return s;
    }
  }
  int spots = -1;
  for (Circle c : circles(b.occupied())) {
    const int k = spots_of(b.pawn_on(c));
    if (spots >= 0 && k != spots) return s;
    spots = k;
  }
  s.bonus = 10 * (n + count(static_cast<Mask>(b.occupied() & kCorners)));
  s.bonus_kind = "number";
  return s;
}

int bonus_of(const Board& b) { return final_score(b).bonus; }

std::string game_rating(int score) {
  if (score >= 150) return "Perfect game";
  if (score >= 125) return "Excellent game";
  if (score >= 95) return "Par game";
  if (score >= 75) return "Good game";
  if (score >= 55) return "Fair game";
  if (score >= 35) return "Average game";
  if (score >= 30) return "Poor game";
  return "Try again!";
}

std::string match_rating(int score) {
  if (score >= 700) return "Perfect match";
  if (score >= 625) return "Excellent match";
  if (score >= 475) return "Par match";
  if (score >= 375) return "Good match";
  if (score >= 275) return "Fair match";
  if (score >= 175) return "Average match";
  if (score >= 150) return "Poor match";
  if (score >= 100) return "Try again!";
  return "You need practice!";
}

}  // namespace scarney
