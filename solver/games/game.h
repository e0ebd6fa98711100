// The four board games and the phases a position can be in.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace scarney {

enum class Game : uint8_t { Solitaire, Singles, Doubles, HighLow };
inline constexpr std::array<Game, 4> kGames = {Game::Solitaire, Game::Singles, Game::Doubles,
                                               Game::HighLow};

enum class Phase : uint8_t {
  TakeOff,    // the first move: take off a 1- or 2-spot pawn
  TakeOff2,   // Doubles: the second player's take-off
  Jump,       // jump moves until none is left (or Scarney is called)
  Removal,    // High-Low: remove one, two or three pawns
  Placement,  // the players are still placing pawns
};

std::string game_name(Game g);    // "solitaire", "singles", "doubles", "highlow"
std::string phase_name(Phase p);  // "takeoff", "takeoff2", "jump", "removal", "placement"
std::optional<Game> parse_game(std::string_view s);
std::optional<Phase> parse_phase(std::string_view s);
bool two_player(Game g);

// The two sides of a two-player game. In a given or dealt position A is the
// side to move; after a placement phase the game's first mover is the
// book's (play/play_game.h).
enum class Side : uint8_t { A, B };
constexpr Side other(Side s) { return s == Side::A ? Side::B : Side::A; }
constexpr int side_index(Side s) { return static_cast<int>(s); }
char side_letter(Side s);  // 'A' or 'B'

// One value for each game, in the order of Game: the names and words that
// differ from game to game (report titles, CSV headers, ...) as one table
// each instead of a switch each.
template <class T>
using PerGame = std::array<T, 4>;
template <class T>
const T& for_game(Game g, const PerGame<T>& values) {
  return values.at(static_cast<size_t>(g));
}

// How a game's value reads (games/rules.h): a score with its bonus
// (Solitaire, Singles), the margin of points with the sweep (Doubles), or
// the payoff, the winner's score signed (High-Low).
enum class ValueKind : uint8_t { Score, Margin, Payoff };

// What each game is, for the layers above the rules to ask instead of
// naming games (a new game is one more entry here).
struct GameTraits {
  const char* title;           // the book's name: "Scarney Solitaire" ... "High-Low Scarney"
  bool scored;                 // a score (40 - spots left + bonus), rated by the book's bands
  bool two_player;             // two sides, A and B
  bool matches;                // match rules (games/match.h)
  bool placement;              // a placement phase before the game
  bool winner_only;            // who wins can be searched alone, without the payoff
  Side first_after_placement;  // the book's first mover once the pawns are placed
  const char* value_word;      // what a value is: "score", "margin", "payoff"
  ValueKind value;             // the same, to switch on
  const char* first_mover;     // who moves first on a dealt board, in the book's words
  bool calls_scarney;          // the active player may call Scarney after the take-off
  bool removal;                // pawns are removed (one to three), never taken off or jumped
  bool sweep;                  // the last mover sweeps the spots left on the board
};
inline constexpr PerGame<GameTraits> kGameTraits = {{
    {.title = "Scarney Solitaire",
     .scored = true,
     .two_player = false,
     .matches = false,
     .placement = false,
     .winner_only = false,
     .first_after_placement = Side::A,
     .value_word = "score",
     .value = ValueKind::Score,
     .first_mover = "player",
     .calls_scarney = false,
     .removal = false,
     .sweep = false},
    {.title = "Scarney Singles",
     .scored = true,
     .two_player = false,
     .matches = true,
     .placement = true,
     .winner_only = false,
     .first_after_placement = Side::A,
     .value_word = "score",
     .value = ValueKind::Score,
     .first_mover = "player",
     .calls_scarney = true,
     .removal = false,
     .sweep = false},
    // Doubles: the nonstarter (who did not place first) makes the first take-off.
    {.title = "Scarney Doubles",
     .scored = false,
     .two_player = true,
     .matches = true,
     .placement = true,
     .winner_only = false,
     .first_after_placement = Side::B,
     .value_word = "margin",
     .value = ValueKind::Margin,
     .first_mover = "nonstarter",
     .calls_scarney = false,
     .removal = false,
     .sweep = true},
    // High-Low: the starter removes first.
    {.title = "High-Low Scarney",
     .scored = false,
     .two_player = true,
     .matches = true,
     .placement = true,
     .winner_only = true,
     .first_after_placement = Side::A,
     .value_word = "payoff",
     .value = ValueKind::Payoff,
     .first_mover = "starter",
     .calls_scarney = false,
     .removal = true,
     .sweep = false},
}};
inline const GameTraits& traits(Game g) { return for_game(g, kGameTraits); }
inline ValueKind value_kind(Game g) { return traits(g).value; }

// Whose value a position's value is: the side to move's in a two-player
// game; in Singles A's score whoever places (B places against it).
inline Side valued_side(Game g, Side to_move) { return two_player(g) ? to_move : Side::A; }
// A payoff is the winner's whole score: the spots taken before the
// position count (a position file writes them, `removed:`); a margin
// counts from the position on, a score from the board alone.
inline bool value_counts_removed(Game g) { return value_kind(g) == ValueKind::Payoff; }
// The phases a position of the game can be in: the game's own in the order
// they come, then the placement where it has one (as the page's editor
// lists them).
std::vector<Phase> game_phases(Game g);
// The most pawns one move takes off the board: High-Low removes up to
// three of one colour, the other games take one (a take-off or a jump).
inline int most_pawns_taken(Game g) { return traits(g).removal ? 3 : 1; }

}  // namespace scarney
