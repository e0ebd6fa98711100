// How an ended game came out: who won, by how much, and each side's points,
// worked out once from the position the game ended on. `scarney play` and
// the board (play/play_game.h), `verify`'s published lines and the analysis
// record's sweep all read it from here.
//
// The points each side has taken are the position's own (`removed`, the
// side to move's first): the rules keep them for both two-player games.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "games/position.h"
#include "games/scoring.h"

namespace scarney {

struct GameResult {
  Game game = Game::Solitaire;
  Score score;  // Solitaire, Singles: the final score
  // Doubles: A's and B's points, the sweep included; High-Low: the winner's
  // game score (the loser scores nothing).
  std::array<int, 2> points{0, 0};
  std::optional<Side> winner;  // Doubles, High-Low; none for a Doubles tie
  Side last_mover = Side::B;   // Doubles, High-Low: who made the last move
  int swept = 0;               // Doubles: the spots the last mover sweeps
  std::optional<Pawn> last;    // High-Low: the pawn left

  int points_of(Side s) const { return points[side_index(s)]; }
  // What the game is worth to one side: Solitaire, Singles the score;
  // Doubles the margin; High-Low the payoff (games/rules.h's values).
  int value_for(Side s) const;
};

// The spots side `s` has taken so far in `p`, where `to_move` is to move.
inline int taken_by(const Position& p, Side to_move, Side s) {
  return p.removed[s == to_move ? 0 : 1];
}

// `end`: the position an ended game stands in (Singles: or the one where
// Scarney was called); `to_move`: the side to move there (in a two-player
// game the other side made the last move).
GameResult game_result(const Position& end, Side to_move);

// The result in one sentence: "score 63 (game score 33 + colour bonus 30):
// Good game", "A 12, B 28: B wins", "A wins 14 (B4 left, black: doubled)".
std::string result_summary(const GameResult& r);
// The rule that decided a two-player game, for a person who did not see it
// coming: Doubles' sweep, High-Low's last pawn; empty in the one-player
// games, whose summary says it all.
std::string result_reason(const GameResult& r);

// The game's scores on a match sheet (games/match.h), one per player, A's
// first: Singles the player's score and `other_score`, the other player's
// on the same deal; Doubles both sides' points; High-Low the winner's score
// only (the loser scores nothing: '-').
std::vector<std::optional<int>> sheet_scores(const GameResult& r, std::optional<int> other_score);

}  // namespace scarney
