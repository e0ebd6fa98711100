#include "stats/bands.h"

namespace scarney {

std::string Band::range() const {
  if (lo == INT_MIN && hi == INT_MAX) return "any";
  if (lo == INT_MIN) return std::to_string(hi) + " or fewer";
  if (hi == INT_MAX) return std::to_string(lo) + " or more";
  if (lo == hi) return std::to_string(lo);
  return std::to_string(lo) + "-" + std::to_string(hi);
}

const std::vector<Band>& game_bands() {
  // The book's lowest line is "20 to 29 points: Try again!"; lower scores
  // are possible and game_rating calls them "Try again!" too.
  static const std::vector<Band> bands{
      {"Perfect game", 150, INT_MAX}, {"Excellent game", 125, 149}, {"Par game", 95, 124},
      {"Good game", 75, 94},          {"Fair game", 55, 74},        {"Average game", 35, 54},
      {"Poor game", 30, 34},          {"Try again!", INT_MIN, 29},
  };
  return bands;
}

const std::vector<Band>& match_bands() {
  static const std::vector<Band> bands{
      {"Perfect match", 700, INT_MAX},
      {"Excellent match", 625, 699},
      {"Par match", 475, 624},
      {"Good match", 375, 474},
      {"Fair match", 275, 374},
      {"Average match", 175, 274},
      {"Poor match", 150, 174},
      {"Try again!", 100, 149},
      {"You need practice!", INT_MIN, 99},
  };
  return bands;
}

const std::vector<Band>& outcome_bands(Game game) {
  static const std::vector<Band> doubles{
      {"nonstarter wins", 1, INT_MAX}, {"draw", 0, 0}, {"nonstarter loses", INT_MIN, -1}};
  static const std::vector<Band> highlow{{"starter wins", 1, INT_MAX},
                                         {"starter loses", INT_MIN, -1}};
  return value_kind(game) == ValueKind::Payoff ? highlow : doubles;
}

const std::vector<Band>& bands_for(Game game) {
  return traits(game).scored ? game_bands() : outcome_bands(game);
}

}  // namespace scarney
