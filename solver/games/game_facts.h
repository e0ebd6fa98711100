// Every game's facts as JSON, for a client that must not name games (the
// page, through GET /api/v1/games): what games/game.h's traits say, in the
// API's words.
#pragma once

#include "games/game.h"
#include "util/json.h"

namespace scarney {

// One game's facts, its traits (games/game.h) by name: name, title, label
// (the menus' word), two_player, matches, placement, phases (its phases'
// names), value ("score", "margin" or "payoff"), scored, winner_only,
// counts_removed, calls_scarney, removal, sweep, first_mover ("starter",
// ...), first_after_placement ("A" or "B").
Json game_facts_json(Game g);
// Every game's facts, a list in the order of Game (the book's order).
Json games_facts_json();

}  // namespace scarney
