// The score sheet of games played against the computer, in the format
// `scarney match` reads (games/match.h, docs/match.md): `scarney play
// --match` and the board's matches write it the same way.
//
//   game: doubles
//   players: you computer      # Doubles, High-Low: in side order, A first
//   23 17                      # one line a game
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "games/game.h"
#include "play/play_game.h"

namespace scarney {

// The sheet's first lines: the game, and the players "you" and "computer"
// (Singles: you first; Doubles and High-Low: side A first, `human` the
// player's side).
std::string match_sheet_head(Game g, Side human);
// The same players, in the sheet's order.
std::vector<std::string> match_sheet_players(Game g, Side human);

// One game's line. Singles: the player's score, then the computer's on
// the same deal (`computer_score`; "-" when it did not play it); Doubles:
// both sides' points; High-Low: the winner's score, "-" for the loser.
// Requires a Singles, Doubles or High-Low outcome.
std::string match_sheet_line(const Outcome& o, std::optional<int> computer_score = std::nullopt);
// The same as scores, one a player in the sheet's order (nullopt: "-").
std::vector<std::optional<int>> match_scores(const Outcome& o,
                                             std::optional<int> computer_score = std::nullopt);

}  // namespace scarney
