#include "analysis/analysis.h"

#include <algorithm>

#include "games/position_file.h"
#include "games/result.h"
#include "games/rules.h"
#include "games/scoring.h"
#include "placement/leaf_bias.h"
#include "placement/placement_solver.h"
#include "search/solver.h"

namespace scarney {
namespace {

std::string source_of(const PositionRecord& r) {
  return r.where.file + ":" + std::to_string(r.where.line);
}

// Where the principal line ends, for the score breakdown.
Position line_end(const Position& p, const Solution& s) {
  Position q = p;
  for (const Move& m : s.line)
    if (m.kind != MoveKind::Call) q = play(q, m);
  return q;
}

ScoreAnalysis score_of(const Position& end, int value) {
  const Score f = final_score(end.board);
  return {f.game, f.bonus, f.bonus_kind, game_rating(value)};
}

// Without --depth or --exact, a search deeper than the horizon stops after
// this many placements: a few seconds. High-Low's second placement costs
// 6-12 s of CPU at 14-15 left (its payoffs by threshold questions, 2026-11-26),
// Doubles' 1.7 s.
int default_depth(Game g) {
  static constexpr PerGame<int> kDepth = {2, 2, 2, 1};
  return for_game(g, kDepth);
}

PlacementOptions placement_options(const PlacementState& s, const AnalysisRequest& q) {
  PlacementOptions o;
  o.cooperative = q.cooperative;
  o.samples = q.samples > 0 ? q.samples : engine_samples(s.game);
  o.winner_only = q.winner_only && traits(s.game).winner_only;
  o.budget = q.exact ? std::chrono::milliseconds{0} : q.budget;
  // Beyond the horizon, the learned evaluation where the game has one
  // (docs/placement.md, "A learned evaluation"); it is fitted to opposed
  // placers, so not where B helps A.
  if (!o.cooperative) o.value_net = committed_net(s.game);
  if (q.exact)
    o.depth = -1;
  else if (q.depth >= 0)
    o.depth = std::max(q.depth, 1);  // a root is searched at least one placement deep
  else if (o.budget.count() == 0 && s.pawns_left() > exact_horizon(s.game, o.winner_only))
    // Ending where the network is surest, as play's fixed depth does.
    o.depth = odd_leaf_depth(s, default_depth(s.game), o.value_net);
  o.progress = q.progress;
  o.stop = q.stop;
  o.table_limit = q.table_limit;
  return o;
}

PlacementAnalysis placement_facts(const PlacementState& s, const PlacementOptions& o) {
  PlacementAnalysis f;
  f.to_move = side_of(s.to_move());
  f.pawns_left = s.pawns_left();
  f.choosing_colours = s.choosing_colours();
  f.hands = hands_text(s);
  f.depth = o.depth;
  f.samples = o.samples;
  f.cooperative = o.cooperative;
  f.winner_only = o.winner_only;
  // Singles values are A's score whoever places; the others the mover's.
  f.value_for = valued_side(s.game, f.to_move);
  return f;
}

// The position after a placement, as a position file reads it: still the
// placement phase, or the game's first position once the board is full.
std::string after_placement(const PlacementState& s, const PlacementMove& m) {
  return format_position(record_of(play(s, m)));
}

std::vector<Position> positions_along(const Position& p, const Solution& s) {
  std::vector<Position> out;
  Position q = p;
  for (const Move& m : s.line) {
    if (m.kind == MoveKind::Call) break;
    q = play(q, m);
    out.push_back(q);
  }
  return out;
}

// A board move's sides (two-player games: the mover is the side to move,
// A; the position after it is the other's to move, its end value his too
// when the move ends the game) and its gain.
void board_move_facts(const Position& p, const Move& m, std::optional<Side>& mover,
                      std::optional<Side>& next, int& gained) {
  gained = gain(p, m);
  if (!two_player(p.game)) return;
  mover = Side::A;
  if (m.kind != MoveKind::Call) next = Side::B;
}

// A placement's sides: the placer, and who is to move after it (the other
// placer, or once the board is full the game's first mover; Singles is
// then played by A alone).
void placement_move_facts(const PlacementState& s, const PlacementMove& m,
                          std::optional<Side>& mover, std::optional<Side>& next) {
  mover = side_of(s.to_move());
  const PlacementState t = play(s, m);
  if (t.pawns_left() > 0)
    next = side_of(t.to_move());
  else if (two_player(s.game))
    next = traits(s.game).first_after_placement;
}

// The principal line as data. Along a board line the letters stay those of
// the position analysed: its mover is A, and two players alternate.
std::vector<LineStep> board_steps(const Position& p, const Solution& s) {
  std::vector<LineStep> out;
  Position q = p;
  bool swapped = false;
  for (const Move& m : s.line) {
    LineStep step{m, std::nullopt, std::nullopt, 0};
    board_move_facts(q, m, step.mover, step.next, step.gain);
    if (swapped && step.mover) step.mover = other(*step.mover);
    if (swapped && step.next) step.next = other(*step.next);
    out.push_back(step);
    if (m.kind == MoveKind::Call) break;
    q = play(q, m);
    swapped = two_player(p.game) && !swapped;
  }
  return out;
}

std::vector<LineStep> placement_steps(PlacementState s, const std::vector<PlacementMove>& line) {
  std::vector<LineStep> out;
  for (const PlacementMove& m : line) {
    LineStep step{m, std::nullopt, std::nullopt, 0};
    placement_move_facts(s, m, step.mover, step.next);
    out.push_back(step);
    s = play(s, m);
  }
  return out;
}

// Who makes each move of a two-player line, and for Doubles who sweeps.
void who_moves(const Position& p, const Solution& s, Analysis& a) {
  a.movers.emplace();
  Side mover = Side::A;
  for (size_t i = 0; i < s.line.size(); ++i, mover = other(mover)) a.movers->push_back(mover);
  if (!traits(p.game).sweep) return;
  // The last to move sweeps: with no move in the line, the one who moved
  // before this position.
  const GameResult end = game_result(line_end(p, s), mover);
  a.sweeper = end.last_mover;
  a.swept = end.swept;
  if (p.phase == Phase::TakeOff) a.nonstarter_score = (kTotalSpots + s.value) / 2;
}

}  // namespace

struct Analyser::Impl {
  const Oracle* oracle;
  Solver solver;

  void board(const Position& p, const AnalysisRequest& q, Analysis& a) {
    const bool scored = traits(p.game).scored;
    if (q.line) {
      const Solution s = solver.solve(p);
      a.value = s.value;
      a.to_move_wins = s.to_move_wins;
      a.line = s.line_text;
      a.line_steps = board_steps(p, s);
      if (scored) a.score = score_of(line_end(p, s), s.value);
      if (two_player(p.game)) who_moves(p, s, a);
      if (q.line_positions) a.line_positions = positions_along(p, s);
    }
    if (q.moves) {
      a.moves.emplace();
      for (const MoveValue& m : solver.moves(p)) {
        MoveAnalysis& x = a.moves->emplace_back();
        x.what = m.move;
        x.move = m.text;
        x.value = double(m.value);
        x.to_move_wins = m.wins;
        board_move_facts(p, m.move, x.mover, x.next, x.gain);
        // Calling Scarney ends the game: no position follows.
        if (q.with_after && m.move.kind != MoveKind::Call)
          a.moves->back().after = format_position(play(p, m.move));
      }
    }
  }

  void placement(const PositionRecord& r, const AnalysisRequest& q, Analysis& a) {
    const PlacementState s = placement_state(r);
    const PlacementOptions o = placement_options(s, q);
    PlacementSolver ps(o);
    ps.set_oracle(oracle);
    a.placement = placement_facts(s, o);
#ifndef SCARNEY_NO_PROOF  // the WebAssembly module (wasm/CMakeLists.txt)
    if (q.proof)
      if (auto proved = proved_text(*q.proof, s)) {
        a.placement->proved_winner = proved->winner;
        a.placement->proved_placement = std::move(proved->placement);
      }
#endif
    // One search answers both: the value is the best move's.
    const PlacementAnswer answer = ps.analyse(s, q.moves);
    if (q.after_search) q.after_search(ps, s);
    const PlacementSolution& sol = answer.solution;
    a.exact = sol.exact;
    a.placement->depth = sol.depth;
    a.placement->samples = sol.samples;
    a.placement->std_error = sol.std_error;
    a.placement->error = sol.error;
    a.placement->learned = sol.learned;
    a.placement->budget_spent = sol.budget_spent;
    if (q.line) {
      if (!o.winner_only) a.value = sol.value;
      a.to_move_wins = sol.to_move_wins;
      a.line = sol.line_text;
      a.line_steps = placement_steps(s, sol.line);
      if (q.line_positions) {
        a.placement_line_positions.emplace();
        PlacementState t = s;
        for (const PlacementMove& m : sol.line) {
          a.placement_line_positions->push_back(after_placement(t, m));
          t = play(t, m);
        }
      }
      if (sol.final_board) a.placement->final_board = placement_line(*sol.final_board);
      a.placement->game_line = sol.game_line;
      a.placement->boards_solved = sol.boards_solved;
      a.placement->nodes = sol.nodes;
      if (traits(s.game).winner_only) a.placement->payoffs_solved = sol.payoffs;
    }
    if (q.moves) {
      a.moves.emplace();
      for (const PlacementMoveValue& m : answer.moves) {
        MoveAnalysis& x = a.moves->emplace_back();
        x.what = m.move;
        x.move = m.text;
        x.value = m.value;
        x.to_move_wins = m.wins;
#ifndef SCARNEY_NO_PROOF
        if (q.proof)
          if (const auto proved = q.proof->find(play(s, m.move)))
            x.proved_wins = proved->winner == side_of(s.to_move());
#endif
        placement_move_facts(s, m.move, x.mover, x.next);
        if (q.with_after) a.moves->back().after = after_placement(s, m.move);
      }
    }
  }
};

Analyser::Analyser(const Oracle* oracle) : impl_(std::make_unique<Impl>()) {
  impl_->oracle = oracle;
  impl_->solver.set_oracle(oracle);
}
Analyser::~Analyser() = default;

Analysis Analyser::analyse(const PositionRecord& r, const AnalysisRequest& q) {
  Analysis a;
  a.source = source_of(r);
  a.title = r.title;
  a.position = r.position;
  if (r.position.phase == Phase::Placement)
    impl_->placement(r, q, a);
  else
    impl_->board(r.position, q, a);
  return a;
}

}  // namespace scarney
