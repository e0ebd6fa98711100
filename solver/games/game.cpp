#include "games/game.h"

#include "util/text.h"

namespace scarney {

std::string game_name(Game g) {
  static constexpr PerGame<const char*> kNames = {"solitaire", "singles", "doubles", "highlow"};
  return static_cast<size_t>(g) < kNames.size() ? for_game(g, kNames) : "?";
}

std::string phase_name(Phase p) {
  static constexpr const char* kNames[] = {"takeoff", "takeoff2", "jump", "removal", "placement"};
  const auto i = static_cast<size_t>(p);
  return i < std::size(kNames) ? kNames[i] : "?";
}

std::optional<Game> parse_game(std::string_view s) {
  const std::string l = text::lower(s);
  if (l == "solitaire") return Game::Solitaire;
  if (l == "singles") return Game::Singles;
  if (l == "doubles") return Game::Doubles;
  if (l == "highlow" || l == "high-low" || l == "high_low" || l == "high low") return Game::HighLow;
  return std::nullopt;
}

std::optional<Phase> parse_phase(std::string_view s) {
  const std::string l = text::lower(s);
  if (l == "takeoff" || l == "take-off") return Phase::TakeOff;
  if (l == "takeoff2" || l == "take-off2") return Phase::TakeOff2;
  if (l == "jump") return Phase::Jump;
  if (l == "removal") return Phase::Removal;
  if (l == "placement") return Phase::Placement;
  return std::nullopt;
}

bool two_player(Game g) { return traits(g).two_player; }

std::vector<Phase> game_phases(Game g) {
  const GameTraits& t = traits(g);
  std::vector<Phase> out;
  if (t.removal) {
    out.push_back(Phase::Removal);
  } else {
    // Doubles: each side takes off a pawn, the nonstarter first.
    out.push_back(Phase::TakeOff);
    if (t.two_player) out.push_back(Phase::TakeOff2);
    out.push_back(Phase::Jump);
  }
  if (t.placement) out.push_back(Phase::Placement);
  return out;
}

char side_letter(Side s) { return s == Side::A ? 'A' : 'B'; }

}  // namespace scarney
