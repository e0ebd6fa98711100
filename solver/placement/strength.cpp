#include "placement/strength.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <vector>

#include "games/deal.h"
#include "placement/random_placement.h"
#include "util/cpu_time.h"

namespace scarney {

double a_value(const PlacementState& s, double for_mover) {
  if (!two_player(s.game) || s.choosing_colours() || s.to_move() == Placer::A) return for_mover;
  return -for_mover;
}

namespace {

// Mean and standard error of samples.
BiasMeasure summary(const std::vector<double>& xs) {
  BiasMeasure out;
  double sum = 0, sum2 = 0;
  for (double x : xs) sum += x, sum2 += x * x;
  out.samples = static_cast<int>(xs.size());
  out.mean = sum / out.samples;
  const double var = out.samples > 1 ? (sum2 - sum * sum / out.samples) / (out.samples - 1) : 0;
  out.std_error = std::sqrt(std::max(0.0, var) / out.samples);
  out.values = xs;
  return out;
}

// Exact, and by the winner alone where the game allows (High-Low).
PlacementOptions exact_options(Game g, const std::atomic<bool>* stop) {
  PlacementOptions o;
  o.depth = -1;
  o.winner_only = traits(g).winner_only;
  o.stop = stop;
  return o;
}

}  // namespace

StrengthPosition exact_strength_position(const PlacementState& s, const std::atomic<bool>* stop) {
  PlacementSolver solver(exact_options(s.game, stop));
  const double t0 = process_cpu_seconds();
  StrengthPosition p{s, solver.moves(s), 0};
  p.seconds = process_cpu_seconds() - t0;
  return p;
}

StrengthPosition best_strength_position(const PlacementState& s, const std::atomic<bool>* stop) {
  PlacementSolver solver(exact_options(s.game, stop));
  const double t0 = process_cpu_seconds();
  const PlacementSolution best = solver.solve(s);
  if (best.line.empty()) throw std::invalid_argument("strength: a position with no placement");
  StrengthPosition p{s, {{best.line.front(), "", best.value, {}}}, 0, true};
  p.seconds = process_cpu_seconds() - t0;
  return p;
}

double exact_placement_value(const PlacementState& s, const PlacementMove& m,
                             const std::atomic<bool>* stop) {
  PlacementSolver solver(exact_options(s.game, stop));
  const PlacementState after = play(s, m);
  if (after.pawns_left() == 0) {  // a full board: who moves first is the game's own rule
    for (const PlacementMoveValue& v : solver.moves(s))
      if (v.move == m) return v.value;
    throw std::logic_error("strength: a placement not among the position's");
  }
  // Each side's value in A's terms, then in the mover's (a_value is its own inverse).
  return a_value(s, a_value(after, solver.solve(after).value));
}

PlacementOptions engine_options(Game, std::chrono::milliseconds budget, int samples) {
  PlacementOptions o;
  o.samples = samples;
  o.budget = budget;
  o.depth = -1;  // deepen to the end if the budget allows
  return o;
}

StrengthSample measure_engine(const StrengthPosition& p, const PlacementOptions& engine,
                              const std::atomic<bool>* stop) {
  PlacementSolver solver(engine);
  const auto t0 = std::chrono::steady_clock::now();
  const PlacementAnswer a = solver.analyse(p.state, true);
  StrengthSample out;
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  out.depth = a.solution.depth;
  const PlacementMove chosen = a.moves.front().move;
  const double best = p.moves.front().value;
  const auto it = std::find_if(p.moves.begin(), p.moves.end(),
                               [&](const PlacementMoveValue& m) { return m.move == chosen; });
  double value = 0;
  out.chosen_move = chosen;
  if (it != p.moves.end()) {
    value = it->value;
  } else if (p.partial) {
    const double t0 = process_cpu_seconds();
    value = exact_placement_value(p.state, chosen, stop);
    out.exact_seconds = process_cpu_seconds() - t0;
    out.valued_now = true;
  } else {
    throw std::logic_error("strength: the engine's placement is not listed");
  }
  out.chosen = placement_text(p.state, chosen);
  out.value = a.solution.value;
  out.best = best;
  out.chosen_value = value;
  out.loss = std::abs(best - value);
  out.optimal = out.loss == 0;
  if (traits(p.state.game).winner_only) {
    out.mover_wins = best > 0;
    out.still_wins = value > 0;
    out.winner_right = (a.solution.value > 0) == out.mover_wins;
  } else {
    out.error = std::abs(a.solution.value - best);
  }
  return out;
}

namespace {
// Whether the side to place at s wins, by the exact winner-only search.
bool exact_mover_wins(const PlacementState& s, const std::atomic<bool>* stop) {
  PlacementOptions o;
  o.depth = -1;
  o.winner_only = true;
  o.stop = stop;
  PlacementSolver solver(o);
  return solver.winning_placement(s).has_value();
}

// The winner before, then `choose`'s placement and the winner after it.
template <class Choose>
KeepSample keep_sample(const PlacementState& s, const std::atomic<bool>* stop, Choose choose) {
  if (!traits(s.game).winner_only || s.choosing_colours() || s.pawns_left() < 2)
    throw std::invalid_argument("strength keep: a High-Low placement position with colours chosen");
  KeepSample out;
  double t0 = process_cpu_seconds();
  out.mover_wins = exact_mover_wins(s, stop);
  out.exact_seconds = process_cpu_seconds() - t0;
  if (!out.mover_wins) return out;
  const PlacementMove chosen = choose(out);
  out.chosen = placement_text(s, chosen);
  t0 = process_cpu_seconds();
  out.still_wins = !exact_mover_wins(play(s, chosen), stop);
  out.exact_seconds += process_cpu_seconds() - t0;
  return out;
}
}  // namespace

KeepSample measure_keep(const PlacementState& s, const PlacementOptions& engine,
                        const std::atomic<bool>* stop) {
  return keep_sample(s, stop, [&](KeepSample& out) {
    PlacementSolver solver(engine);
    const PlacementAnswer a = solver.analyse(s, true);
    out.depth = a.solution.exact ? -1 : a.solution.depth;
    out.engine_value = a.solution.value;
    return a.moves.front().move;
  });
}

KeepSample measure_random_keep(const PlacementState& s, uint64_t seed,
                               const std::atomic<bool>* stop) {
  return keep_sample(s, stop, [&](KeepSample&) {
    const std::vector<PlacementMove> moves = placement_moves(s);
    SplitMix64 rng(seed);
    return moves[rng.below(moves.size())];
  });
}

std::vector<LineValue> engine_line_values(const PlacementState& start,
                                          const PlacementOptions& engine) {
  std::vector<LineValue> out;
  const int horizon = exact_horizon(start.game, engine.winner_only);
  for (PlacementState s = start; s.choosing_colours() || s.pawns_left() > horizon;) {
    PlacementSolver solver(engine);
    const PlacementAnswer a = solver.analyse(s, true);
    out.push_back({a_value(s, a.solution.value), a.solution.exact ? -1 : a.solution.depth});
    s = play(s, a.moves.front().move);
  }
  return out;
}

// (strength.h) On the engine's own line: the choices of the engine one
// placement deep (what 1 s reaches there in Doubles and High-Low; fixed,
// so that the fit is the same on every machine), with the committed
// correction.
PlacementState position_at(Game g, int left, uint64_t seed, uint64_t i, bool on_lines) {
  const int start = 15 - static_cast<int>(i % 2);
  if (!on_lines || start <= left) return random_placement(g, left, seed, i);
  PlacementState s = random_placement(g, start, seed, i);
  PlacementOptions engine;
  engine.depth = 1;
  while (s.pawns_left() > left) {
    PlacementSolver e(engine);
    s = play(s, e.analyse(s, true).moves.front().move);
  }
  return s;
}

namespace {

// Over positions one placement before `pawns_left` (random_placement(g,
// pawns_left + 1, seed, i), i < count): the engine's choice there, one
// placement deep with `o`, valued in A's terms, less truth(the board it
// makes), also in A's terms.
template <class Truth>
BiasMeasure errors_of_choices(Game g, int pawns_left, int count, uint64_t seed,
                              const PlacementOptions& o, const Truth& truth,
                              bool on_lines = false) {
  std::vector<double> xs;
  for (int i = 0; i < count; ++i) {
    const PlacementState before =
        position_at(g, pawns_left + 1, seed, static_cast<uint64_t>(i), on_lines);
    PlacementSolver engine(o);
    const PlacementAnswer a = engine.analyse(before, true);
    const PlacementState after = play(before, a.moves.front().move);
    xs.push_back(a_value(before, a.moves.front().value) - truth(after));
  }
  BiasMeasure out = summary(xs);
  out.a_placed_last = pawns_left % 2 == 1;
  return out;
}

}  // namespace

BiasMeasure plain_estimate_error(Game g, int pawns_left, int count, uint64_t seed,
                                 const std::atomic<bool>* stop, int samples, bool shared) {
  PlacementOptions plain;
  plain.samples = samples;
  plain.shared_completions = shared;
  plain.depth = 1;
  plain.leaf_correction = false;
  plain.stop = stop;
  PlacementOptions exact = plain;
  exact.depth = -1;
  return errors_of_choices(g, pawns_left, count, seed, plain, [&](const PlacementState& leaf) {
    PlacementSolver solver(exact);
    return a_value(leaf, solver.solve(leaf).value);
  });
}

BiasMeasure consistent_error(Game g, int pawns_left, const std::array<double, 16>& errors,
                             int count, uint64_t seed, const std::atomic<bool>* stop, bool on_lines,
                             int samples, bool shared) {
  std::array<double, 16> open = errors;
  open[static_cast<size_t>(pawns_left)] = 0;  // the boards chosen: their plain mean
  PlacementOptions o;
  o.depth = 1;
  o.leaf_errors = &open;
  o.stop = stop;
  o.samples = samples;
  o.shared_completions = shared;
  // Where the engine's learned evaluation is within a first round's reach
  // of the board chosen, that board is valued as the engine values it.
  const ValueNet* net = committed_net(g);
  return errors_of_choices(
      g, pawns_left, count, seed, o,
      [&](const PlacementState& after) {
        PlacementOptions by = o;
        if (net && after.pawns_left() > net->max_left &&
            after.pawns_left() - net->max_left <= kNetFirstDepth) {
          by.value_net = net;
          by.depth = after.pawns_left() - net->max_left;
        }
        PlacementSolver next(by);
        return a_value(after, next.analyse(after, true).solution.value);
      },
      on_lines);
}

}  // namespace scarney
