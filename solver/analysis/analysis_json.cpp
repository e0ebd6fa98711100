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
  if (!exact)
    o.add("depth", p.depth)
        .add("samples", p.samples)
        .add("evaluation", p.learned ? "learned" : "completions");
  if (!exact && p.std_error) o.add("std_error", *p.std_error);
  if (!exact && p.error) o.add("error", *p.error);
  if (p.budget_spent) o.add("budget_spent", true);
  // The options the game has: cooperative placers of one score (Singles),
  // who wins alone (High-Low).
  if (traits(g).placement && !two_player(g)) o.add("cooperative", p.cooperative);
  if (traits(g).winner_only) o.add("winner_only", p.winner_only);
  o.add("value_for", std::string(1, side_letter(p.value_for)));
#ifndef SCARNEY_NO_PROOF  // the WebAssembly module (wasm/CMakeLists.txt)
  if (p.proved_winner) o.add("proved_winner", std::string(1, side_letter(*p.proved_winner)));
  if (p.proved_placement) o.add("proved_placement", *p.proved_placement);
#endif
}

void add_placement_tail(JsonObject& o, const PlacementAnalysis& p) {
  if (p.final_board) o.add("final_board", *p.final_board).add("game_line", p.game_line);
  if (p.boards_solved) o.add("boards_solved", static_cast<int64_t>(*p.boards_solved));
  if (p.nodes) o.add("nodes", static_cast<int64_t>(*p.nodes));
  if (p.payoffs_solved) o.add("payoffs_solved", static_cast<int64_t>(*p.payoffs_solved));
}

std::string letter(Side s) { return std::string(1, side_letter(s)); }

// A move's sides and gain, where the record has them.
void add_move_facts(JsonObject& o, std::optional<Side> mover, std::optional<Side> next, int gain,
                    const AnyMove& what) {
  if (mover) o.add("mover", letter(*mover));
  if (next) o.add("next", letter(*next));
  o.add("gain", gain);
  o.add("circles", move_circles_json(what));
}

Json steps_json(const std::vector<LineStep>& steps) {
  Json items = Json::array();
  for (const LineStep& s : steps) {
    JsonObject o;
    add_move_facts(o, s.mover, s.next, s.gain, s.what);
    items.push_back(o.value());
  }
  return items;
}

Json moves_json(const Analysis& a) {
  const bool values = !(a.placement && a.placement->winner_only);
  Json items = Json::array();
  for (const MoveAnalysis& m : *a.moves) {
    JsonObject o;
    o.add("move", m.move);
    if (values) add_value(o, m.value, a.exact);
    if (m.to_move_wins) o.add("to_move_wins", *m.to_move_wins);
    if (m.proved_wins) o.add("proved_wins", *m.proved_wins);
    add_move_facts(o, m.mover, m.next, m.gain, m.what);
    if (m.after) o.add("after", *m.after);
    items.push_back(o.value());
  }
  return items;
}

}  // namespace

Json move_circles_json(const AnyMove& any) {
  JsonObject o;
  if (const auto* p = std::get_if<PlacementMove>(&any)) {
    if (!p->is_choice()) o.add("placed", circle_name(p->circle)).add("pawn", pawn_name(p->pawn));
    return o.value();
  }
  const Move& m = std::get<Move>(any);
  std::vector<std::string> removed;
  switch (m.kind) {
    case MoveKind::Jump:
      o.add("from", circle_name(m.jump.from)).add("over", circle_name(m.jump.over));
      o.add("to", circle_name(m.jump.to));
      break;
    case MoveKind::TakeOff:
      o.add("removed", std::vector<std::string>{circle_name(m.circle)});
      break;
    case MoveKind::Remove:
      for (Circle c : circles(m.removed)) removed.push_back(circle_name(c));
      o.add("removed", removed);
      break;
    case MoveKind::Call:
      break;
  }
  return o.value();
}

Json analysis_json(const Analysis& a) {
  const Position& p = a.position;
  JsonObject o;
  o.add("source", a.source).add("title", a.title).add("game", game_name(p.game));
  o.add("phase", phase_name(p.phase));
  if (a.placement) add_placement_head(o, *a.placement, p.game, a.exact);
  if (a.value) add_value(o, *a.value, a.exact);
  if (a.to_move_wins) o.add("to_move_wins", *a.to_move_wins);
  if (a.line) o.add("line", *a.line);
  if (a.line_steps) o.add("line_steps", steps_json(*a.line_steps));
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
