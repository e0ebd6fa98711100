// Match scoring for Scarney Singles, Doubles and High-Low: the game scores
// of a match read from a score-sheet file (*.match, format in docs/match.md),
// checked against the rules, and totalled with the book's bonuses.
//
//   # High-Low match, the book's sample
//   game: highlow
//   players: A B
//   -  21        # one line per game, a score per player; '-' = no score
//   22 -
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "games/game.h"
#include "util/expected.h"
#include "util/input_error.h"
#include "util/json.h"

namespace scarney {

inline constexpr int kMatchBonus = 100;       // to the winner of every match
inline constexpr int kMatchTarget = 100;      // Doubles and High-Low end at 100
inline constexpr int kHighLowGameBonus = 20;  // a game won, at the end of the match
inline constexpr int kShutoutBonus = 100;     // High-Low: the loser never scored
inline constexpr int kSinglesGames = 5;       // games each player plays in a Singles match
inline constexpr int kMaxSinglesPlayers = 12;
inline constexpr int kMaxMatchGames = 200;  // game lines; extra games could tie forever
inline constexpr size_t kMaxMatchFileBytes = 64 << 10;

// The range of one game score (docs/match.md derives them):
//   Singles 1..190   Doubles 1..39 (the two should add up to 40)   High-Low 3..68
// A High-Low score above 34 is a doubled score and so must be even.
int min_game_score(Game g);
int max_game_score(Game g);

// One line of the sheet: a game (Singles: one game of each player).
struct MatchGame {
  std::vector<std::optional<int>> scores;  // per player; nullopt is '-'
  bool extra = false;                      // played to break a tie for the highest score
  int line = 0;                            // where it was read
};

struct Match {
  Game game = Game::Singles;
  std::string title;
  std::vector<std::string> players;
  std::vector<MatchGame> games;
  // Doubles games whose scores do not add up to 40: located messages, not
  // errors, since the book's own sample has one.
  std::vector<InputError> warnings;
};

struct MatchResult {
  bool finished = false;
  std::string status;           // unfinished: what is still to play
  std::vector<int> points;      // game scores added up
  std::vector<int> games_won;   // High-Low
  std::vector<int> game_bonus;  // High-Low: 20 a game won
  std::vector<int> match_bonus;
  std::vector<int> shutout_bonus;
  std::vector<int> total;     // points plus bonuses
  int winner = -1;            // a player index, -1 while unfinished
  std::vector<int> collects;  // what the winner collects from each player (0 for himself)
};

// Reads a sheet and checks every game against the rules and the match so
// far; `game` (from the command line) must agree with the file's `game:`,
// and one of the two must be given. Errors throw InputError at file:line:column.
Match parse_match(std::string_view text, const std::string& file_name, std::optional<Game> game);
Match read_match_file(const std::string& path, std::optional<Game> game);
// The game lines of a sheet whose head is known (the game and the
// players), read and checked as parse_match reads a sheet's: lines[k] is
// line k + 1 of `file_name` (play/match_session.h). read_match_games
// returns the first error; parse_match_games throws it.
Expected<Match> read_match_games(Game g, const std::vector<std::string>& players,
                                 const std::vector<std::string>& lines,
                                 const std::string& file_name);
Match parse_match_games(Game g, const std::vector<std::string>& players,
                        const std::vector<std::string>& lines, const std::string& file_name);
// Appends one game, a score per player (nullopt: '-'), marked extra when
// it breaks a tie. Precondition: the scores follow the rules (a game
// played out); throws InputError when the match is over already.
void add_match_game(Match& m, const std::vector<std::optional<int>>& scores);

// Totals and result. Precondition: the games follow the rules (as
// parse_match checks); an unfinished match gets no bonuses and no winner.
MatchResult score_match(const Match& m);

// The score sheet in the book's layout, each cell "game-running total",
// and the result in the book's words.
std::string format_score_sheet(const Match& m, const MatchResult& r);
// One JSON object: players, games, totals, bonuses, winner and credits.
Json match_json(const Match& m, const MatchResult& r);

}  // namespace scarney
