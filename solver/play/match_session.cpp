#include "play/match_session.h"

#include "play/match_sheet.h"

namespace scarney {

Expected<MatchSession> MatchSession::open(Game g, Side human,
                                          const std::vector<std::string>& before) {
  if (!traits(g).matches) return InputError("Solitaire has no match rules");
  Expected<Match> m = read_match_games(g, match_sheet_players(g, human), before, "match");
  if (!m) return m.error();
  MatchResult result = score_match(*m);
  if (result.finished) return InputError("the match is over already");
  return MatchSession(human, std::move(m).value(), std::move(result), before);
}

MatchSession::MatchSession(Game g, Side human, const std::vector<std::string>& before)
    : MatchSession(open(g, human, before).or_throw()) {}

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
