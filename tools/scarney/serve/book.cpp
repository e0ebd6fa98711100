#include "serve/book.h"

#include <string>

#include "analysis/analysis.h"
#include "games/position_file.h"
#include "games/rules.h"
#include "search/solver.h"
#include "serve/api.h"
#include "verify/notation.h"
#include "verify/verify.h"

namespace scarney::serve {
namespace {

Json verify_json(const Verification& v) {
  Json o;
  o["verdict"] = verdict_name(v.verdict);
  o["explanation"] = v.explanation;
  o["claimed"] = v.claimed ? Json(*v.claimed) : Json(nullptr);
  o["solution"] = v.solution;
  o["published_result"] = v.published_result ? Json(*v.published_result) : Json(nullptr);
  o["best"] = v.best;
  o["best_result"] = v.best_result;
  o["best_line"] = v.best_line;
  o["problems"] = v.problems;
  o["notes"] = v.notes;
  return o;
}

// One step of a line: the move, its circles, who plays it (two-player
// games: the letters of the line's first position), what it takes off, the
// position after it, and what the move is worth against the best move
// there (for the mover).
Json step_json(Solver& solver, const Position& before, const Move& m, const Position& after,
               Side mover) {
  Json s;
  s["move"] = move_text(before.board, m);
  s["circles"] = move_circles_json(m);
  if (two_player(before.game)) {
    s["mover"] = std::string(1, side_letter(mover));
    if (m.kind != MoveKind::Call) s["next"] = std::string(1, side_letter(other(mover)));
  }
  s["gain"] = gain(before, m);
  s["after"] = format_position(after);
  if (m.kind == MoveKind::Call) s["after"] = nullptr;
  int best = 0, value = 0;
  bool first = true, found = false;
  for (const MoveValue& mv : solver.moves(before)) {
    if (first) best = mv.value, first = false;
    if (mv.move == m) value = mv.value, found = true;
  }
  if (found) {
    s["value"] = value;
    s["best_value"] = best;
    s["loses"] = best - value;
  }
  return s;
}

// The published line replayed as far as it goes, each move valued.
Json book_steps(Solver& solver, const PositionRecord& r) {
  Json steps = Json::array();
  if (!r.solution) return steps;
  Position p = r.position;
  Side mover = Side::A;
  try {
    const WrittenLine w = parse_solution(*r.solution, p.game);
    for (const WrittenMove& wm : w.moves) {
      const ResolvedMove m = resolve(p, wm);
      if (!m.move) break;
      const Position q = m.move->kind == MoveKind::Call ? p : play(p, *m.move);
      Json s = step_json(solver, p, *m.move, q, mover);
      s["written"] = wm.text;
      steps.push_back(s);
      if (m.move->kind == MoveKind::Call) break;
      p = q;
      mover = other(mover);
    }
  } catch (const InputError&) {
  }
  return steps;
}

Json best_steps(Solver& solver, const Position& start) {
  Json steps = Json::array();
  const Solution sol = solver.solve(start);
  Position p = start;
  Side mover = Side::A;
  for (const Move& m : sol.line) {
    const Position q = m.kind == MoveKind::Call ? p : play(p, m);
    steps.push_back(step_json(solver, p, m, q, mover));
    p = q;
    mover = other(mover);
  }
  return steps;
}

}  // namespace

Json book_positions() {
  Solver solver;
  Json list = Json::array();
  for (const EmbeddedFile* f = embedded_files(); f->path; ++f) {
    const std::string path = f->path;
    const bool book = path.rfind("book/", 0) == 0;
    if (!book && path.rfind("examples/", 0) != 0) continue;
    const std::string text(reinterpret_cast<const char*>(f->data), f->size);
    const auto records = parse_positions(text, "positions/" + path);
    for (size_t i = 0; i < records.size(); ++i) {
      const PositionRecord& r = records[i];
      Json e;
      e["id"] = path + (records.size() > 1 ? "#" + std::to_string(i + 1) : "");
      e["kind"] = book ? "book" : "example";
      e["source"] = r.where.file + ":" + std::to_string(r.where.line);
      e["title"] = r.title;
      e["game"] = game_name(r.position.game);
      e["phase"] = phase_name(r.position.phase);
      e["position"] = format_position(r);
      if (r.claim || r.solution) {
        e["verify"] = verify_json(verify(r, solver));
        e["book_line"] = book_steps(solver, r);
      } else {
        e["verify"] = nullptr;
      }
      if (r.position.phase != Phase::Placement) e["perfect_line"] = best_steps(solver, r.position);
      list.push_back(e);
    }
  }
  return Json{{"positions", list}};
}

}  // namespace scarney::serve
