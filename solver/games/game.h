// The four board games and the phases a position can be in.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace scarney {

enum class Game : uint8_t { Solitaire, Singles, Doubles, HighLow };

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

// What each game is, for the layers above the rules to ask instead of
// naming games (a new game is one more entry here).
struct GameTraits {
  bool scored;                 // a score (40 - spots left + bonus), rated by the book's bands
  bool two_player;             // two sides, A and B
  bool matches;                // match rules (games/match.h)
  bool placement;              // a placement phase before the game
  bool winner_only;            // who wins can be searched alone, without the payoff
  Side first_after_placement;  // the book's first mover once the pawns are placed
  const char* value_word;      // what a value is: "score", "margin", "payoff"
};
inline constexpr PerGame<GameTraits> kGameTraits = {{
    {true, false, false, false, false, Side::A, "score"},  // Solitaire
    {true, false, true, true, false, Side::A, "score"},    // Singles
    {false, true, true, true, false, Side::B, "margin"},   // Doubles: the nonstarter
    {false, true, true, true, true, Side::A, "payoff"},    // High-Low: the starter
}};
inline const GameTraits& traits(Game g) { return for_game(g, kGameTraits); }

}  // namespace scarney
