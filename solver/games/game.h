// The four board games and the phases a position can be in.
#pragma once

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

}  // namespace scarney
