#include "play/match_sheet.h"

namespace scarney {

std::vector<std::string> match_sheet_players(Game g, Side human) {
  if (!two_player(g) || human == Side::A) return {"you", "computer"};
  return {"computer", "you"};
}

std::string match_sheet_head(Game g, Side human) {
  const std::vector<std::string> p = match_sheet_players(g, human);
  return "game: " + game_name(g) + "\nplayers: " + p[0] + " " + p[1] + "\n";
}

std::vector<std::optional<int>> match_scores(const Outcome& o, std::optional<int> computer_score) {
  return sheet_scores(o.result, computer_score);
}

std::string match_sheet_line(const Outcome& o, std::optional<int> computer_score) {
  std::string line;
  for (const std::optional<int>& s : match_scores(o, computer_score))
    line += (line.empty() ? "" : " ") + (s ? std::to_string(*s) : std::string("-"));
  return line;
}

}  // namespace scarney
