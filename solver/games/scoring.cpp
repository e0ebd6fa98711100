#include "games/scoring.h"

#include <climits>
#include <cstddef>

namespace scarney {

namespace {
std::string bonus_name(BonusKind k) {
  static constexpr const char* kNames[] = {"",       "single-pawn",  "black single-pawn",
                                           "colour", "black colour", "number"};
  return kNames[static_cast<int>(k)];
}
}  // namespace

Score final_score(const Board& b) {
  const Bonus bonus_left = bonus(b);
  return {kTotalSpots - b.spots(), bonus_left.points, bonus_name(bonus_left.kind)};
}

namespace {
// The book's rating tables: the first row whose threshold the score reaches.
struct Rating {
  int from;
  const char* name;
};

template <size_t N>
std::string rating(const Rating (&table)[N], int score) {
  for (const Rating& r : table)
    if (score >= r.from) return r.name;
  return table[N - 1].name;
}
}  // namespace

std::string game_rating(int score) {
  static constexpr Rating kGame[] = {
      {150, "Perfect game"}, {125, "Excellent game"}, {95, "Par game"},  {75, "Good game"},
      {55, "Fair game"},     {35, "Average game"},    {30, "Poor game"}, {INT_MIN, "Try again!"}};
  return rating(kGame, score);
}

std::string match_rating(int score) {
  static constexpr Rating kMatch[] = {
      {700, "Perfect match"}, {625, "Excellent match"}, {475, "Par match"},
      {375, "Good match"},    {275, "Fair match"},      {175, "Average match"},
      {150, "Poor match"},    {100, "Try again!"},      {INT_MIN, "You need practice!"}};
  return rating(kMatch, score);
}

}  // namespace scarney
