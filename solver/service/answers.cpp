#include "service/answers.h"

#include <algorithm>
#include <random>

#include "games/deal.h"
#include "games/match.h"
#include "games/position_file.h"
#include "games/rules.h"
#include "play/match_sheet.h"
#include "play/play_game.h"
#include "util/printable.h"

namespace scarney::service {

Response answer_analyse(const AnalyseRequest& q, Analyser& analyser,
                        std::chrono::milliseconds budget, const ProofLookup* proof) {
  const PositionRecord& r = q.position;
  AnalysisRequest a;
  a.line = a.moves = a.with_after = a.line_positions = true;
  // A placement search deepens while the budget lasts and answers with the
  // deepest search that finished (exact where it reaches the end).
  if (r.position.phase == Phase::Placement) a.budget = budget;
  a.proof = proof;
  const Analysis x = analyser.analyse(r, a);
  Json out = analysis_json(x);
  if (x.line) {
    std::vector<std::string> texts;
    for (const Position& p : x.line_positions.value_or(std::vector<Position>{}))
      texts.push_back(format_position(p));
    if (x.placement_line_positions) texts = *x.placement_line_positions;
    out["line_positions"] = texts;
  }
  // The record, not the bare state: a placement position keeps its
  // `hands:` and `to-move:` lines (pasted text loads as it was given).
  out["position_text"] = format_position(r);
  return json_answer(200, out);
}

Response answer_play(const PlayRequest& q) {
  const Position& p = q.position.position;
  const ResolvedMove m = resolve(p, q.move);
  if (!m.move) return error_answer(400, "illegal move '" + q.move_text + "': " + m.why);
  if (m.move->kind == MoveKind::Call)
    return json_answer(200, {{"position", format_position(p)}, {"over", true}});
  const Position after = scarney::play(p, *m.move);
  return json_answer(200, {{"move", move_text(p.board, *m.move)},
                           {"position", format_position(after)},
                           {"over", is_over(after)}});
}

Response answer_deal(const DealRequest& q) {
  uint64_t seed = 0;
  if (q.seed) {
    seed = *q.seed;
  } else {
    std::random_device rd;
    seed = (uint64_t{rd()} << 32 | rd()) % 1000000000000ull;
  }
  return json_answer(200, {{"game", game_name(q.game)},
                           {"seed", std::to_string(seed)},
                           {"position", format_position(dealt_position(q.game, seed, q.index))}});
}

namespace {

Json ply_json(const Ply& y) {
  Json j;
  j["ply"] = y.ply;
  j["side"] = std::string(1, side_letter(y.side));
  j["position"] = y.position;
  j["move"] = y.move;
  j["circles"] = move_circles_json(y.what);
  j["gain"] = y.gain;
  j["value_before"] = json_whole(y.value_before);
  j["value_after"] = json_whole(y.value_after);
  j["loss"] = json_whole(y.loss());
  // An estimate's loss within its error (twice the standard error, and the
  // measured error of such estimates) says nothing.
  if (!y.exact) {
    j["within_error"] = !y.gave_away();
    j["error"] = json_whole(std::max(2 * y.std_error, y.error));
  }
  j["best_move"] = y.best_move;
  j["exact"] = y.exact;
  j["placement"] = y.placement;
  j["by"] = y.by_computer ? "computer" : "player";
  return j;
}

Json outcome_json(const Outcome& o) {
  Json j;
  j["summary"] = o.summary;
  if (!o.why.empty()) j["why"] = o.why;
  const GameResult& r = o.result;
  if (!two_player(r.game)) {
    j["score"] = r.score.total();
    j["game_score"] = r.score.game;
    j["bonus"] = r.score.bonus;
    j["bonus_kind"] = r.score.bonus_kind;
    j["rating"] = o.rating;
  } else {
    j["points"] = {r.points[0], r.points[1]};
    j["winner"] = std::string(1, r.winner ? side_letter(*r.winner) : '-');
  }
  return j;
}

// The match the game belongs to (play/match_session.h): once the game is
// over, its line (Singles: the computer plays the same deal alone first),
// and the match scored as `scarney match` scores it.
Json match_json_of(PlayGame& g, const GameRequest& q, MatchSession& match) {
  Json out;
  out["number"] = match.next_game();
  if (g.over())
    if (const auto alone = match.add(g, q.start, q.strength, q.seed)) {
      const Outcome t = alone->outcome();
      out["computer_alone"] = {{"summary", t.summary}, {"score", t.result.score.total()}};
    }
  out["lines"] = match.lines();
  out["sheet"] = match.sheet();
  out["score_sheet"] = format_score_sheet(match.match(), match.result());
  out["finished"] = match.finished();
  out["status"] = match.result().status;
  out["result"] = match_json(match.match(), match.result());
  return out;
}

// The moves to choose from: each with its value and what to draw.
Json moves_json(const Analysis& a) {
  Json list = Json::array();
  for (const MoveAnalysis& m : *a.moves) {
    Json x = {{"move", m.move}, {"value", json_whole(m.value)}};
    if (m.to_move_wins) x["to_move_wins"] = *m.to_move_wins;
    x["circles"] = move_circles_json(m.what);
    x["gain"] = m.gain;
    list.push_back(x);
  }
  return list;
}

// The game as the board shows it: the plies, the position, the values, and
// the moves to choose from or the outcome.
Json game_json(PlayGame& g, std::optional<Side> human) {
  Json out;
  Json plies = Json::array();
  for (const Ply& y : g.plies()) plies.push_back(ply_json(y));
  out["game"] = game_name(g.game());
  out["plies"] = plies;
  out["position"] = g.current_text();
  out["over"] = g.over();
  out["to_move"] = std::string(1, side_letter(g.to_move()));
  out["two_sides"] = g.two_sides();
  out["placement"] = g.in_placement();
  Json history = Json::array();
  for (double v : g.history_for_a()) history.push_back(json_whole(v));
  out["history"] = history;
  if (!g.over()) {
    const Analysis& a = g.analysis();
    out["exact"] = a.exact;
    if (!a.exact && a.placement && a.placement->error)
      out["error"] = json_whole(*a.placement->error);
    if (!a.exact && a.line) out["line"] = *a.line;
    out["moves"] = moves_json(a);
  } else {
    const Outcome oc = g.outcome();
    out["outcome"] = outcome_json(oc);
    // Solitaire has no match rules: no sheet.
    if (traits(g.game()).matches)
      out["match_sheet"] = "# one game of scarney play\n" +
                           match_sheet_head(g.game(), human.value_or(Side::A)) +
                           match_sheet_line(oc) + "\n";
  }
  out["position_file"] = g.position_file_with_solution();
  return out;
}

}  // namespace

Response answer_game(GameRequest& q, Analyser& analyser, std::chrono::milliseconds budget,
                     const ProofLookup* proof) {
  // One cache for every worker, bounded (play/analysis_cache.h).
  static AnalysisCache cache;
  PlayOptions o;
  o.cache = &cache;
  o.deadline = std::chrono::steady_clock::now() + budget;
  o.proof = proof;
  if (q.placement_samples > 0) o.placement_samples = q.placement_samples;
  PlayGame g(q.start, analyser, o);
  for (size_t i = 0; i < q.moves.size(); ++i) {
    std::string why;
    const auto m = g.resolve(q.moves[i], &why);
    if (!m)
      return error_answer(
          400, "move " + std::to_string(i + 1) + " '" + printable(q.moves[i]) + "': " + why);
    g.play(*m, i < q.by_computer.size() && q.by_computer[i]);
  }
  // The computer answers until it is the player's turn.
  if (q.human && g.two_sides())
    while (!g.over() && g.to_move() != *q.human) g.play(g.choose(q.strength, q.seed), true);
  Json out = game_json(g, q.human);
  if (q.match) out["match"] = match_json_of(g, q, *q.match);
  return json_answer(200, out);
}

}  // namespace scarney::service
