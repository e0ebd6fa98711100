// A match against the computer under the book's rules (games/match.h), as
// `scarney play --match` and the board's matches play it: the sheet as a
// typed Match (its head from match_sheet.h, the games before read as
// `scarney match` reads a sheet's lines), each finished game added as its
// line, the match scored by score_match. Singles: after the player's game
// the computer plays the same deal alone for its score.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "games/match.h"
#include "play/play_game.h"
#include "play/strength.h"

namespace scarney {

class MatchSession {
 public:
  // `human`: the player's side (Singles: the first column whatever it is).
  // `before`: the lines of the games already played. The error for
  // Solitaire, for a line a sheet could not hold (located at line k + 1 of
  // "match" for before[k]) and when the match is over already.
  static Expected<MatchSession> open(Game g, Side human,
                                     const std::vector<std::string>& before = {});
  // The same, the error thrown as an InputError.
  MatchSession(Game g, Side human, const std::vector<std::string>& before = {});

  Game game() const { return match_.game; }
  int next_game() const { return static_cast<int>(lines_.size()) + 1; }
  const Match& match() const { return match_; }
  const MatchResult& result() const { return result_; }
  bool finished() const { return result_.finished; }
  // The game lines so far, and the whole sheet (a .match file).
  const std::vector<std::string>& lines() const { return lines_; }
  std::string sheet() const;

  // Adds a finished game (Precondition: game.over(), !finished()).
  // Singles: the computer first plays `start` alone at `strength` (its
  // choices seeded by `seed`); that game is returned.
  std::optional<PlayGame> add(const PlayGame& game, const PositionRecord& start, Strength strength,
                              uint64_t seed);

 private:
  MatchSession(Side human, Match match, MatchResult result, std::vector<std::string> lines)
      : human_(human),
        match_(std::move(match)),
        result_(std::move(result)),
        lines_(std::move(lines)) {}

  Side human_;
  Match match_;
  MatchResult result_;
  std::vector<std::string> lines_;
};

}  // namespace scarney
