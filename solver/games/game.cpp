#include "games/game.h"

#include <algorithm>
#include <cctype>

namespace scarney {
namespace {
std::string lower(std::string_view s) {
  std::string r(s);
  std::transform(r.begin(), r.end(), r.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return r;
}
}  // namespace

std::string game_name(Game g) {
  switch (g) {
    case Game::Solitaire:
      return "solitaire";
    case Game::Singles:
      return "singles";
    case Game::Doubles:
      return "doubles";
    case Game::HighLow:
      return "highlow";
  }
  return "?";
}

std::string phase_name(Phase p) {
  switch (p) {
    case Phase::TakeOff:
      return "takeoff";
    case Phase::TakeOff2:
      return "takeoff2";
    case Phase::Jump:
      return "jump";
    case Phase::Removal:
      return "removal";
    case Phase::Placement:
      return "placement";
  }
  return "?";
}

std::optional<Game> parse_game(std::string_view s) {
  const std::string l = lower(s);
  if (l == "solitaire") return Game::Solitaire;
  if (l == "singles") return Game::Singles;
  if (l == "doubles") return Game::Doubles;
  if (l == "highlow" || l == "high-low") return Game::HighLow;
  return std::nullopt;
}

std::optional<Phase> parse_phase(std::string_view s) {
  const std::string l = lower(s);
  if (l == "takeoff" || l == "take-off") return Phase::TakeOff;
  if (l == "takeoff2" || l == "take-off2") return Phase::TakeOff2;
  if (l == "jump") return Phase::Jump;
  if (l == "removal") return Phase::Removal;
  if (l == "placement") return Phase::Placement;
  return std::nullopt;
}

bool two_player(Game g) { return g == Game::Doubles || g == Game::HighLow; }

}  // namespace scarney
