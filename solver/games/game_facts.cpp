#include "games/game_facts.h"

#include <string>
#include <vector>

namespace scarney {

Json game_facts_json(Game g) {
  // The game's name as the page's menus show it.
  static constexpr PerGame<const char*> kLabels = {"Solitaire", "Singles", "Doubles", "High-Low"};
  const GameTraits& t = traits(g);
  std::vector<std::string> phases;
  for (Phase p : game_phases(g)) phases.push_back(phase_name(p));
  JsonObject o;
  o.add("name", game_name(g)).add("title", t.title).add("label", for_game(g, kLabels));
  o.add("two_player", t.two_player).add("matches", t.matches).add("placement", t.placement);
  o.add("phases", phases);
  o.add("value", t.value_word).add("scored", t.scored).add("winner_only", t.winner_only);
  o.add("counts_removed", value_counts_removed(g));
  o.add("calls_scarney", t.calls_scarney).add("removal", t.removal).add("sweep", t.sweep);
  o.add("first_mover", t.first_mover)
      .add("first_after_placement", std::string(1, side_letter(t.first_after_placement)));
  return o.value();
}

Json games_facts_json() {
  Json out = Json::array();
  for (Game g : kGames) out.push_back(game_facts_json(g));
  return out;
}

}  // namespace scarney
