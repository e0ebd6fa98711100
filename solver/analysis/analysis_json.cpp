// The analysis record as JSON: what `solve --json` and `moves --json` print,
// and what the analysis board is sent.
#include "analysis/analysis.h"
#include "util/json.h"

namespace scarney {
namespace {

// Exact values are integers; estimates keep their decimals.
void add_value(JsonObject& o, double v, bool exact) {
  if (exact)
    o.add("value", static_cast<int64_t>(v));
  else
    o.add("value", v);
}

void add_placement_head(JsonObject& o, const PlacementAnalysis& p, Game g, bool exact) {
  o.add("to_move", std::string(1, side_letter(p.to_move)))
      .add("pawns_left", p.pawns_left)
      .add("exact", exact);
  if (!exact) o.add("depth", p.depth).add("samples", p.samples);
  if (!exact && p.std_error) o.add("std_error", *p.std_error);
  if (p.budget_spent) o.add("budget_spent", true);
  if (g == Game::Singles) o.add("cooperative", p.cooperative);
  if (g == Game::HighLow) o.add("winner_only", p.winner_only);
  o.add("value_for", std::string(1, side_letter(p.value_for)));
}

void add_placement_tail(JsonObject& o, const PlacementAnalysis& p) {
  if (p.final_board) o.add("final_board", *p.final_board).add("game_line", p.game_line);
  if (p.boards_solved) o.add("boards_solved", static_cast<int64_t>(*p.boards_solved));
  if (p.nodes) o.add("nodes", static_cast<int64_t>(*p.nodes));
  if (p.payoffs_solved) o.add("payoffs_solved", static_cast<int64_t>(*p.payoffs_solved));
}

Json moves_json(const Analysis& a) {
  const bool values = !(a.placement && a.placement->winner_only);
  Json items = Json::array();
  for (const MoveAnalysis& m : *a.moves) {
    JsonObject o;
    o.add("move", m.move);
    if (values) add_value(o, m.value, a.exact);
    if (m.to_move_wins) o.add("to_move_wins", *m.to_move_wins);
    if (m.after) o.add("after", *m.after);
    items.push_back(o.value());
  }
  return items;
}

}  // namespace

Json analysis_json(const Analysis& a) {
  const Position& p = a.position;
  JsonObject o;
  o.add("source", a.source).add("title", a.title).add("game", game_name(p.game));
  o.add("phase", phase_name(p.phase));
  if (a.placement) add_placement_head(o, *a.placement, p.game, a.exact);
  if (a.value) add_value(o, *a.value, a.exact);
  if (a.to_move_wins) o.add("to_move_wins", *a.to_move_wins);
  if (a.line) o.add("line", *a.line);
  if (a.movers) {
    std::vector<std::string> movers;
    for (const Side m : *a.movers) movers.emplace_back(1, side_letter(m));
    o.add("movers", movers);
  }
  if (a.sweeper) o.add("sweeper", std::string(1, side_letter(*a.sweeper))).add("swept", *a.swept);
  if (a.nonstarter_score) o.add("nonstarter_score", *a.nonstarter_score);
  if (a.score) {
    o.add("game_score", a.score->game_score).add("bonus", a.score->bonus);
    o.add("bonus_kind", a.score->bonus_kind).add("rating", a.score->rating);
  }
  if (a.placement) add_placement_tail(o, *a.placement);
  if (a.moves) o.add("moves", moves_json(a));
  return o.value();
}

}  // namespace scarney
