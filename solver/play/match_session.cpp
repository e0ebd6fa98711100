#include "play/match_session.h"

#include "play/match_sheet.h"

namespace scarney {

MatchSession::MatchSession(Game g, Side human, const std::vector<std::string>& before)
    : human_(human), lines_(before) {
  if (!traits(g).matches) throw InputError("Solitaire has no match rules");
  match_ = parse_match_games(g, match_sheet_players(g, human), before, "match");
  result_ = score_match(match_);
  if (result_.finished) throw InputError("the match is over already");
}

std::string MatchSession::sheet() const {
  std::string s = match_sheet_head(game(), human_);
  for (const std::string& l : lines_) s += l + "\n";
  return s;
}

std::optional<PlayGame> MatchSession::add(const PlayGame& game, const PositionRecord& start,
                                          Strength strength, uint64_t seed) {
  std::optional<PlayGame> alone;
  std::optional<int> computer_score;
  if (!two_player(game.game())) {
    alone.emplace(start, game.analyser());
    while (!alone->over()) alone->play(alone->choose(strength, seed), true);
    computer_score = alone->outcome().result.score.total();
  }
  const Outcome o = game.outcome();
  lines_.push_back(match_sheet_line(o, computer_score));
  add_match_game(match_, match_scores(o, computer_score));
  result_ = score_match(match_);
  return alone;
}

}  // namespace scarney
