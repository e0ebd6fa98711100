#include "play/match_sheet.h"

namespace scarney {

std::string match_sheet_head(Game g, Side human) {
  const bool you_first = g == Game::Singles || human == Side::A;
  return "game: " + game_name(g) + "\nplayers: " + (you_first ? "you computer" : "computer you") +
         "\n";
}

std::string match_sheet_line(const Outcome& o, std::optional<int> computer_score) {
  const auto num = [](int v) { return std::to_string(v); };
  const GameResult& r = o.result;
  switch (r.game) {
    case Game::Singles:
      return num(r.score.total()) + " " + (computer_score ? num(*computer_score) : "-");
    case Game::Doubles:
      return num(r.points[0]) + " " + num(r.points[1]);
    default:  // High-Low: only the winner scores
      return r.winner == Side::A ? num(r.points[0]) + " -" : "- " + num(r.points[1]);
  }
}

}  // namespace scarney
