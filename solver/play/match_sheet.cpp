#include "play/match_sheet.h"

namespace scarney {

std::string match_sheet_head(Game g, char human) {
  const bool you_first = g == Game::Singles || human == 'A';
  return "game: " + game_name(g) + "\nplayers: " + (you_first ? "you computer" : "computer you") +
         "\n";
}

std::string match_sheet_line(const Outcome& o, std::optional<int> computer_score) {
  const auto num = [](int v) { return std::to_string(v); };
  switch (o.game) {
    case Game::Singles:
      return num(o.score) + " " + (computer_score ? num(*computer_score) : "-");
    case Game::Doubles:
      return num(o.points[0]) + " " + num(o.points[1]);
    default:  // High-Low: only the winner scores
      return o.winner == 'A' ? num(o.points[0]) + " -" : "- " + num(o.points[1]);
  }
}

}  // namespace scarney
