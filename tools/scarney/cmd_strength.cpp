// `scarney strength make|run|drift|fit|errors`: the opening engine against exact play
// (placement/strength.h, docs/placement.md "How well the engine places").
//   make   placement positions with every placement's exact value, as JSON
//          lines (positions/strength/*.jsonl, remade by
//          tools/make-strength-set.sh);
//   run    the engine on those files within a budget: how often it places
//          optimally, what it loses, how far its value is from the truth;
//   drift  how far the engine's value moves along its own line from the
//          empty board (and random openings) down to the exact horizon;
//   keep   High-Low: whether the engine keeps a won position won, on
//          random positions or positions met in play (two exact searches
//          each, no file);
//   fit    the leaf correction's table (placement/leaf_bias.inc);
//   errors the estimates' measured error (placement/estimate_error.inc).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>

#include "cli_common.h"
#include "commands.h"
#include "games/position_file.h"
#include "options.h"
#include "placement/estimate_error.h"
#include "placement/leaf_bias.h"
#include "placement/random_placement.h"
#include "placement/strength.h"
#include "stats/distribution.h"
#include "util/atomic_file.h"
#include "util/input_error.h"
#include "util/input_file.h"
#include "util/json.h"

namespace scarney::cli {
namespace {

Json move_json(const PlacementMoveValue& m) {
  Json j = Json::object();
  if (m.move.is_choice()) {
    j["colours"] = m.move.colours;
  } else {
    j["pawn"] = pawn_name(m.move.pawn);
    j["circle"] = "C" + std::to_string(m.move.circle + 1);
  }
  j["value"] = json_whole(m.value);
  return j;
}

std::string line_json(const StrengthPosition& p, uint64_t seed, uint64_t index) {
  Json j = Json::object();
  j["game"] = game_name(p.state.game);
  j["left"] = p.state.pawns_left();
  j["seed"] = seed;
  j["index"] = index;
  j["position"] = format_position(record_of(p.state));
  Json moves = Json::array();
  for (const PlacementMoveValue& m : p.moves) moves.push_back(move_json(m));
  j["moves"] = moves;
  if (p.partial) j["partial"] = true;
  j["cpu_s"] = json_number(std::round(p.seconds * 10) / 10);
  return json_text(j);
}

// One line of a strength file as JSON, or where it is not.
Json parse_json_line(const std::string& text, const std::string& file, int line) {
  try {
    return Json::parse(text);
  } catch (const Json::parse_error& e) {
    throw InputError({file, line, static_cast<int>(e.byte)}, "a strength line: not JSON");
  }
}

// One line of a strength file back: the position and its exact values.
// (Only contains() and at() on it: operator[] of a const object's missing
// key is undefined, and of a mutable one adds the key.)
StrengthPosition parse_line(const Json& j, const std::string& file, int line) {
  const auto fail = [&](const std::string& what) -> void {
    throw InputError({file, line, 1}, "a strength line: " + what);
  };
  if (!j.is_object() || !j.contains("position") || !j.at("position").is_string() ||
      !j.contains("moves") || !j.at("moves").is_array())
    fail("expected an object with \"position\" (text) and \"moves\" (a list)");
  const auto records =
      parse_positions(j.at("position").get<std::string>(), file + ":" + std::to_string(line));
  if (records.size() != 1) fail("\"position\" must hold one position");
  StrengthPosition p{placement_state(records[0]), {}, 0};
  for (const Json& m : j.at("moves")) {
    if (!m.is_object() || !m.contains("value") || !m.at("value").is_number())
      fail("each move needs a \"value\"");
    PlacementMove move;
    if (m.contains("colours")) {
      move = PlacementMove::take(m.at("colours").get<Colours>());
    } else {
      const auto pawn = parse_pawn(m.value("pawn", ""));
      const std::string circle = m.value("circle", "");
      const int c = circle.size() >= 2 && circle[0] == 'C' ? std::atoi(circle.c_str() + 1) : 0;
      if (!pawn || c < 1 || c > kCircles) fail("a move needs \"pawn\" (G3) and \"circle\" (C7)");
      move = PlacementMove::place(*pawn, static_cast<Circle>(c - 1));
    }
    p.moves.push_back({move, "", m.at("value").get<double>(), {}});
  }
  if (p.moves.empty()) fail("no moves");
  if (j.contains("partial") && !j.at("partial").is_boolean())
    fail("\"partial\" must be true or false");
  p.partial = j.value("partial", false);
  return p;
}

// A strength file's positions, each with its line as read (rewritten by
// `run --record` with the values it adds).
struct StrengthFile {
  std::vector<StrengthPosition> positions;
  std::vector<Json> lines;
};

StrengthFile read_strength_file(const std::string& path) {
  std::istringstream in(read_input_file(path, size_t{256} << 20));
  StrengthFile out;
  std::string text;
  for (int n = 1; std::getline(in, text); ++n) {
    if (text.empty()) continue;
    Json j = parse_json_line(text, path, n);
    try {
      out.positions.push_back(parse_line(j, path, n));
    } catch (const Json::exception& e) {  // a field of the wrong type
      throw InputError({path, n, 1}, std::string("a strength line: ") + e.what());
    }
    out.lines.push_back(std::move(j));
  }
  if (out.positions.empty()) bad_input(path, "no positions");
  return out;
}

std::vector<StrengthPosition> load_strength_file(const std::string& path) {
  return read_strength_file(path).positions;
}

// The file again with its lines as they stand now, whole or not at all.
void rewrite_strength_file(const std::string& path, const std::vector<Json>& lines) {
  AtomicFile out(path);
  for (const Json& j : lines) out.write(json_text(j) + "\n");
  out.commit();
}

void make(Game g, int left, long long first, long long count, uint64_t seed, bool best_only) {
  SigintGuard guard;
  for (long long i = first; i < first + count; ++i) {
    const auto k = static_cast<uint64_t>(i);
    const PlacementState s = random_placement(g, left, seed, k);
    const StrengthPosition p = best_only ? best_strength_position(s, &guard.stop())
                                         : exact_strength_position(s, &guard.stop());
    std::cout << line_json(p, seed, k) << std::endl;
    std::fprintf(stderr, "strength: position %lld (%lld to %lld), %.1f s\n", i, first,
                 first + count - 1, p.seconds);
  }
}

// Which engine `run` and `drift` measure: the engine, or one of its
// earlier forms for comparison.
struct Variant {
  bool plain = false;  // without the leaf correction
  int samples = 0;     // > 0: instead of the engine's
  bool shared = true;  // completions shared between boards (common random numbers)
  int lookahead = 0;   // > 0: PlacementOptions::lookahead_group
  // PlacementOptions::value_net: `--net FILE`'s, else the engine's
  // (committed_net) unless `no_net`.
  std::shared_ptr<const ValueNet> net;
  bool no_net = false;
  int depth = 0;            // > 0: this many placements deep, whatever the time (run --depth)
  bool all_depths = false;  // PlacementOptions::odd_leaves off
  PlacementOptions options(Game g, std::chrono::milliseconds budget) const {
    PlacementOptions o = engine_options(g, budget, samples > 0 ? samples : engine_samples(g));
    if (depth > 0) o.budget = std::chrono::milliseconds(0), o.depth = depth;
    o.leaf_correction = !plain;
    o.shared_completions = shared;
    o.lookahead_group = lookahead;
    o.value_net = no_net ? nullptr : net ? net.get() : committed_net(g);
    o.odd_leaves = !all_depths;
    return o;
  }
};

// " (53-89%)": the 95% interval of a share measured on few positions (a
// set of 20 resolves 5% a position), so that a figure is read with it;
// nothing for a share of none.
std::string interval_text(int k, int n) {
  if (n <= 0) return "";
  const Estimate e = share_interval(static_cast<uint64_t>(k), static_cast<uint64_t>(n));
  char buf[32];
  std::snprintf(buf, sizeof buf, " (%.0f-%.0f%%)", 100 * e.lo, 100 * e.hi);
  return buf;
}

// The table's row for one file. A partial file's placements not valued
// yet are solved as the engine chooses them; with `record` their values are
// added to the file (rewritten whole after each), so that the next run
// finds them.
void run(const std::string& path, std::chrono::milliseconds budget, const Variant& v, bool each,
         bool record) {
  StrengthFile file = read_strength_file(path);
  const std::vector<StrengthPosition>& ps = file.positions;
  const Game g = ps[0].state.game;
  const PlacementOptions engine = v.options(g, budget);
  check_net_game(v.net.get(), g, path);
  SigintGuard guard;
  int optimal = 0, won = 0, kept = 0, named = 0, solved = 0;
  double loss = 0, worst = 0, error = 0, seconds = 0, exact_seconds = 0;
  for (size_t i = 0; i < ps.size(); ++i) {
    const StrengthSample s = measure_engine(ps[i], engine, &guard.stop());
    if (each)
      std::printf("  %zu: %s, exact %g (best %g, loss %g); the engine's value %.2f (depth %d)%s\n",
                  i, s.chosen.c_str(), s.chosen_value, s.best, s.loss, s.value, s.depth,
                  s.valued_now ? ", its exact value found now" : "");
    if (s.valued_now && record) {
      file.lines[i]["moves"].push_back(move_json({s.chosen_move, "", s.chosen_value, {}}));
      rewrite_strength_file(path, file.lines);
    }
    solved += s.valued_now;
    exact_seconds += s.exact_seconds;
    optimal += s.optimal;
    loss += s.loss;
    worst = std::max(worst, s.loss);
    error += s.error;
    won += s.mover_wins;
    kept += s.mover_wins && s.still_wins;
    named += s.winner_right;
    seconds += s.seconds;
  }
  const double n = static_cast<double>(ps.size());
  std::printf("%-9s %2d left  %3zu positions  optimal %5.1f%%%s  ", game_name(g).c_str(),
              ps[0].state.pawns_left(), ps.size(), 100.0 * optimal / n,
              interval_text(optimal, static_cast<int>(ps.size())).c_str());
  if (traits(g).winner_only)
    std::printf("won kept %d of %d (%.1f%%%s)  winner named %.1f%%", kept, won,
                won ? 100.0 * kept / won : 100.0, interval_text(kept, won).c_str(),
                100.0 * named / n);
  else
    std::printf("mean loss %.2f  worst %.0f  value error %.2f", loss / n, worst, error / n);
  std::printf("  (%.2f s a position)\n", seconds / n);
  if (solved > 0)
    std::printf("  %d placements valued exactly now (%.0f s of CPU)%s\n", solved, exact_seconds,
                (record ? ", added to " + path : ": --record would add them to the file").c_str());
  std::fflush(stdout);
}

// High-Low: on positions with `left` pawns left (random, or met in play
// with `on_lines`), how often the engine keeps a won position won
// (placement/strength.h, measure_keep), or with `random` a random placement.
void keep_won(const RandomPositionsOptions& r, std::chrono::milliseconds budget, const Variant& v,
              bool each, bool random, bool on_lines) {
  if (r.left < 2)
    throw InputError("--left " + std::to_string(r.left) +
                     ": keep needs at least 2 pawns left (a placement, then another)");
  SigintGuard guard;
  const PlacementOptions engine = v.options(Game::HighLow, budget);
  int won = 0, kept = 0;
  double seconds = 0;
  for (long long i = r.first; i < r.first + r.count; ++i) {
    const auto index = static_cast<uint64_t>(i);
    const PlacementState s = position_at(Game::HighLow, r.left, r.seed, index, on_lines);
    const KeepSample k = random ? measure_random_keep(s, r.seed ^ index << 20, &guard.stop())
                                : measure_keep(s, engine, &guard.stop());
    won += k.mover_wins;
    kept += k.mover_wins && k.still_wins;
    seconds += k.exact_seconds;
    if (!each) continue;
    const char* after = k.still_wins ? "still won" : "LOST";
    if (!k.mover_wins)
      std::printf("  %lld: the mover loses (exact)\n", i);
    else if (random)
      std::printf("  %lld: the mover wins (exact); at random: %s: %s\n", i, k.chosen.c_str(),
                  after);
    else
      std::printf("  %lld: the mover wins (exact); the engine: %s (its value %.2f, depth %d): %s\n",
                  i, k.chosen.c_str(), k.engine_value, k.depth, after);
    std::fflush(stdout);
  }
  std::printf(
      "highlow   %2d left  %3lld positions  won %d, kept won %d of %d (%.1f%%%s)%s  (exact "
      "searches %.1f s of CPU a position)\n",
      r.left, r.count, won, kept, won, won ? 100.0 * kept / won : 100.0,
      interval_text(kept, won).c_str(), random ? " by random placements" : "",
      seconds / static_cast<double>(r.count));
}

// The learned evaluation's error against a strength file's exact values:
// at each position (its best value) and at each position after one
// placement (that placement's value), by pawns left. This is how far the
// network is off beyond the exact values it was fitted on.
void net_error(const std::vector<std::string>& paths, const Variant& v) {
  std::map<int, std::pair<double, int>> by_left;  // pawns left: sum of |error|, count
  for (const std::string& path : paths) {
    const std::vector<StrengthPosition> ps = load_strength_file(path);
    const Game g = ps[0].state.game;
    if (traits(g).winner_only) bad_input(path, "High-Low's files hold winners, not values");
    check_net_game(v.net.get(), g, path);
    const ValueNet* net = v.net ? v.net.get() : committed_net(g);
    if (!net) bad_input(path, "no learned evaluation of this game");
    // `at` valued exactly at A's value `exact`.
    auto add = [&](const PlacementState& at, double exact) {
      auto& [sum, n] = by_left[at.pawns_left()];
      sum += std::abs(net->value(at) - exact);
      ++n;
    };
    for (const StrengthPosition& p : ps) {
      add(p.state, a_value(p.state, p.moves.front().value));
      for (const PlacementMoveValue& m : p.moves)
        add(play(p.state, m.move), a_value(p.state, m.value));
    }
  }
  for (const auto& [left, e] : by_left)
    std::printf("%2d left  %5d positions  mean error %.2f\n", left, e.second, e.first / e.second);
}

// The drift: the mean change of A's value per placement along the engine's
// line (High-Low: how often the winner it names changes); each line's
// values printed to `out` when given.
struct Drift {
  int steps = 0, flips = 0;
  double change = 0;
  double mean() const { return steps ? change / steps : 0.0; }
};
Drift measure_drift(Game g, int lines, uint64_t seed, std::chrono::milliseconds budget,
                    const Variant& variant, FILE* out) {
  const PlacementOptions engine = variant.options(g, budget);
  Drift d;
  for (int i = 0; i < lines; ++i) {
    const PlacementState start =
        i == 0 ? PlacementState{g, {}, 0}
               : random_placement(g, 15 - (i - 1) % 2, seed, static_cast<uint64_t>(i));
    const std::vector<LineValue> v = engine_line_values(start, engine);
    if (out) {
      std::fprintf(out, "line %d (%d left):", i,
                   start.choosing_colours() ? 16 : start.pawns_left());
      for (const LineValue& x : v) std::fprintf(out, " %+.1f (d%d)", x.a_value, x.depth);
      std::fprintf(out, "\n");
    }
    for (size_t k = 1; k < v.size(); ++k) {
      d.change += std::abs(v[k].a_value - v[k - 1].a_value);
      d.flips += (v[k].a_value > 0) != (v[k - 1].a_value > 0);
      ++d.steps;
    }
  }
  return d;
}

void drift(Game g, int lines, uint64_t seed, std::chrono::milliseconds budget, const Variant& v) {
  const Drift d = measure_drift(g, lines, seed, budget, v, stdout);
  std::printf(
      "%-9s drift: %d placements, mean change %.2f a placement, winner named changes %.1f%%\n",
      game_name(g).c_str(), d.steps, d.mean(), d.steps ? 100.0 * d.flips / d.steps : 0.0);
}

// The games the leaf correction and the error table are measured for, and
// the last number of pawns left where exact values are affordable.
struct Series {
  Game game;
  const char* name;
  int last;
};
constexpr Series kSeries[] = {
    {Game::Singles, "Singles", 11}, {Game::Doubles, "Doubles", 9}, {Game::HighLow, "HighLow", 9}};

// A least-squares line through (x, y) points, evaluated at x.
struct Line {
  double sx = 0, sy = 0, sxx = 0, sxy = 0, n = 0;
  void add(double x, double y) { sx += x, sy += y, sxx += x * x, sxy += x * y, n += 1; }
  double at(double x) const {
    const double slope = (n * sxy - sx * sy) / (n * sxx - sx * sx);
    return (sy - slope * sx) / n + slope * x;
  }
};

// Fits leaf_bias.inc (placement/leaf_bias.h). Per game: from the first
// pawns left where the estimate is not exact (4 with 16 samples: 3! = 6
// completions at 3 left; 5 with 64) to `last`, the plain mean's
// errors against exact values, smoothed by a line for the odd numbers of
// pawns left (A placed last) and one for the even; beyond, the
// self-consistent error, one pawn left at a time. With `keep_measured` the
// committed table's measured part is kept and only the rest refitted.
// Deterministic: the positions come from the seed.
// One row of the table: a game's errors with k samples.
struct FitRun {
  int count;
  uint64_t seed;
  bool keep_measured, on_lines, shared;
  SigintGuard& guard;
};
void fit_row(const Series& x, int k, const FitRun& r) {
  const auto check = [&] {
    if (r.guard.interrupted()) throw CLI::RuntimeError(130);
  };
  // Below `first` pawns left the engine solves exactly (every completion
  // costs less than the samples): nothing to correct.
  int tail = 1;
  for (long f = 1; f * (tail + 1) <= k;) f *= ++tail;  // f = tail!
  const int first = tail + 1;
  LeafErrors e{};
  std::string notes = r.on_lines ? " (consistent on the engine's lines)" : "";
  if (r.shared) notes += " (shared completions)";
  const auto note = [&](const char* kind, int left, const BiasMeasure& b) {
    char buf[80];
    std::snprintf(buf, sizeof buf, " %s %d left %+.2f (+-%.2f)", kind, left, b.mean, b.std_error);
    notes += buf;
    std::fprintf(stderr, "strength fit: %s, %d samples:%s\n", x.name, k, buf);
  };
  if (r.keep_measured) {
    for (int m = first; m <= x.last; ++m)
      e[static_cast<size_t>(m)] = plain_estimate_error(x.game, m, k);
    notes += " measured part kept";
  } else {
    Line parity[2];
    for (int m = first; m <= x.last; ++m) {
      const BiasMeasure b =
          plain_estimate_error(x.game, m, r.count, r.seed, &r.guard.stop(), k, r.shared);
      check();
      parity[m % 2].add(m, b.mean);
      note("exact", m, b);
    }
    for (int m = first; m <= x.last; ++m) e[static_cast<size_t>(m)] = parity[m % 2].at(m);
  }
  for (int m = x.last + 1; m <= 15; ++m) {
    const BiasMeasure b =
        consistent_error(x.game, m, e, r.count, r.seed, &r.guard.stop(), r.on_lines, k, r.shared);
    check();
    e[static_cast<size_t>(m)] = b.mean;
    note("consistent", m, b);
  }
  std::printf("{Game::%s, %d, {", x.name, k);
  for (size_t m = 0; m < e.size(); ++m) std::printf("%s%.2f", m ? ", " : "", e[m]);
  std::printf("}},  //%s\n", notes.c_str());
  std::fflush(stdout);
}

// The table's rows: per game, for each number of samples (16 and 64, or
// the one asked for).
void fit(int count, uint64_t seed, bool keep_measured, bool on_lines, std::optional<Game> only,
         int samples, bool shared) {
  SigintGuard guard;
  std::printf(
      "// Written by `scarney strength fit --count %d --seed %llu%s` (placement/leaf_bias.h),\n"
      "// for the engine with %s completions:\n"
      "// per game and number of samples the expected error of the plain mean at 0 to 15\n"
      "// pawns left, in A's terms; the measurements in the comments.\n",
      count, static_cast<unsigned long long>(seed), shared ? "" : " --own-completions",
      shared ? "shared" : "its boards' own");
  const FitRun run{count, seed, keep_measured, on_lines, shared, guard};
  for (const Series& x : kSeries)
    if (!only || *only == x.game)
      for (int k : samples > 0 ? std::vector<int>{samples} : std::vector<int>{16, 64})
        fit_row(x, k, run);
}

// Measures estimate_error.inc (placement/estimate_error.h). Per game, at 1
// pawn left to `last`: the corrected estimates' mean absolute error against
// exact values, on the positions `fit` uses; beyond, a line through the
// figures from 4 pawns left on, never below the last one measured nor half
// the engine's drift along its own lines (6 lines, 1 s a placement: exact
// play keeps its value, so where the value moves by d, at least one of the
// two values is off by d / 2). With `keep_measured` the committed table's
// measured part is kept and only the rest remade.
void errors(int count, uint64_t seed, bool keep_measured, std::optional<Game> only) {
  SigintGuard guard;
  std::printf(
      "// Written by `scarney strength errors --count %d --seed %llu`\n"
      "// (placement/estimate_error.h): per game the mean absolute error of a corrected\n"
      "// estimate at 0 to 15 pawns left; measured where the comment says, beyond a line.\n",
      count, static_cast<unsigned long long>(seed));
  for (const Series& x : kSeries) {
    if (only && *only != x.game) continue;
    std::array<double, 16> e{};
    Line trend;
    std::string notes = keep_measured ? " measured (kept)" : " measured";
    for (int m = 1; m <= x.last; ++m) {
      if (keep_measured) {
        e[static_cast<size_t>(m)] = estimate_error(x.game, m);
      } else {
        const BiasMeasure b =
            plain_estimate_error(x.game, m, count, seed, &guard.stop(), engine_samples(x.game));
        if (guard.interrupted()) throw CLI::RuntimeError(130);
        const double correction = plain_estimate_error(x.game, m, engine_samples(x.game));
        double sum = 0;
        for (double v : b.values) sum += std::abs(v - correction);
        e[static_cast<size_t>(m)] = sum / static_cast<double>(b.values.size());
      }
      // From where the estimate is not exact (4 or 5 left: 0 below).
      if (m >= 4 && e[static_cast<size_t>(m)] > 0) trend.add(m, e[static_cast<size_t>(m)]);
      char buf[48];
      std::snprintf(buf, sizeof buf, " %d:%.2f", m, e[static_cast<size_t>(m)]);
      notes += buf;
      std::fprintf(stderr, "strength errors: %s%s\n", x.name, buf);
    }
    // At 4 left the engine's 64 samples solve exactly (0 measured), a
    // search with fewer does not: the figure of 5 left stands for it.
    if (e[4] == 0) e[4] = e[5];
    const Drift d =
        measure_drift(x.game, 6, seed, std::chrono::milliseconds{1000}, Variant{}, nullptr);
    if (guard.interrupted()) throw CLI::RuntimeError(130);
    std::fprintf(stderr, "strength errors: %s drift %.2f\n", x.name, d.mean());
    for (int m = x.last + 1; m <= 15; ++m)
      e[static_cast<size_t>(m)] =
          std::max({trend.at(m), e[static_cast<size_t>(x.last)], d.mean() / 2});
    std::printf("{Game::%s, {", x.name);
    for (size_t m = 0; m < e.size(); ++m) std::printf("%s%.2f", m ? ", " : "", e[m]);
    std::printf("}},  //%s; beyond %d left a line, at least half the drift %.2f\n", notes.c_str(),
                x.last, d.mean());
    std::fflush(stdout);
  }
}

// Help shared by run and drift (and fit): the engine's variants measured
// against the engine.
constexpr const char* kOwnHelp =
    "each estimated board its own random completions, drawn from its canonical form (the "
    "engine before 2026-11-27), not the same completions fitted to every board (common "
    "random numbers, the engine's: docs/placement.md)";
constexpr const char* kPlainHelp =
    "the engine without its leaf correction (the plain mean of random completions), for "
    "comparison";
constexpr const char* kNoNetHelp =
    "the engine without its learned evaluation: random completions at every estimated board "
    "(the engine before 2026-11-28), for comparison";
constexpr const char* kNetHelp =
    "value the boards within its pawns left by this learned evaluation instead of the "
    "engine's (written by strength train)";
constexpr const char* kAllDepthsHelp =
    "with the learned evaluation, deepen to every depth, not only those whose boards have B "
    "to place (the engine before 2026-12-07), for comparison";

void add_samples(CLI::App* c, int& samples, const char* by_default) {
  c->add_option(
       "--samples", samples,
       std::string("random completions averaged per estimated board (default: ") + by_default + ")")
      ->check(whole_number(1, 100000))
      ->default_str("");
}

// The engine's options that run and drift share.
struct EngineFlags {
  int samples = 0;
  bool plain = false, own = false, no_net = false, all_depths = false;
  std::string net_file;
  void add_to(CLI::App* c) {
    c->add_flag("--plain", plain, kPlainHelp);
    c->add_flag("--own-completions", own, kOwnHelp);
    add_samples(c, samples, "the engine's");
    c->add_option("--net", net_file, kNetHelp);
    c->add_flag("--no-net", no_net, kNoNetHelp);
    c->add_flag("--all-depths", all_depths, kAllDepthsHelp);
  }
  Variant engine(int lookahead, int depth) const {
    return {plain, samples, !own, lookahead, load_net(net_file), no_net, depth, all_depths};
  }
};

std::chrono::milliseconds budget_ms(double seconds) {
  return std::chrono::milliseconds(std::lround(seconds * 1000));
}

void register_make(CLI::App* cmd) {
  auto* mk = cmd->add_subcommand(
      "make", "Write placement positions with every placement's exact value (JSON lines)");
  auto game = std::make_shared<std::string>("singles");
  add_game_option(mk, *game, "", {Game::Singles, Game::Doubles, Game::HighLow});
  auto made = std::make_shared<RandomPositionsOptions>();
  add_random_positions_options(mk, *made, 100000);
  auto best_only = std::make_shared<bool>(false);
  mk->add_flag("--best-only", *best_only,
               "only the position's exact value and a best placement (\"partial\": one exact "
               "search, not one a placement); run values the engine's other choices when it "
               "meets them");
  mk->callback([=] {
    guarded([&] {
      make(*parse_game(*game), made->left, made->first, made->count, made->seed, *best_only);
    });
  });
}

void register_run(CLI::App* cmd) {
  auto* rn = cmd->add_subcommand("run", "The engine on strength files within a time budget");
  auto files = std::make_shared<std::vector<std::string>>();
  rn->add_option("files", *files, "files written by strength make")->required();
  auto budget = std::make_shared<double>(1.0);
  rn->add_option("--budget", *budget, "seconds a position")->check(seconds(0.01, 3600));
  auto flags = std::make_shared<EngineFlags>();
  flags->add_to(rn);
  auto lookahead = std::make_shared<int>(0);
  rn->add_option("--lookahead", *lookahead,
                 "(experimental) value each estimated board one placement further by its "
                 "completions grouped by the next placement, groups of at least this many")
      ->check(whole_number(1, 100000));
  auto each = std::make_shared<bool>(false);
  rn->add_flag("--each", *each,
               "a line per position: the placement chosen, its exact value and the best, the "
               "engine's value");
  auto depth = std::make_shared<int>(0);
  rn->add_option("--depth", *depth,
                 "the engine searching this many placements deep, however long it takes, instead "
                 "of within --budget")
      ->check(whole_number(1, 16));
  auto record = std::make_shared<bool>(false);
  rn->add_flag("--record", *record,
               "add the exact values a partial file lacked (found as the engine chose those "
               "placements) to the file, rewritten whole after each");
  rn->callback([=] {
    guarded([&] {
      const Variant engine = flags->engine(*lookahead, *depth);
      for (const std::string& f : *files) run(f, budget_ms(*budget), engine, *each, *record);
    });
  });
}

void register_fit(CLI::App* cmd) {
  auto* ft = cmd->add_subcommand(
      "fit", "Fit the engine's leaf correction (writes solver/placement/leaf_bias.inc's lines)");
  auto count = std::make_shared<long long>(24);
  add_count_option(ft, *count, "positions at each number of pawns left", 2LL, 100000LL);
  auto seed = std::make_shared<std::uint64_t>(1);
  add_seed_option(ft, *seed, "the positions' seed");
  auto keep = std::make_shared<bool>(false);
  ft->add_flag("--keep-measured", *keep,
               "keep the committed table's part measured against exact values (23 minutes of "
               "CPU) and refit only the self-consistent part beyond it");
  auto on_lines = std::make_shared<bool>(false);
  ft->add_flag("--on-lines", *on_lines,
               "fit the self-consistent part on positions of the engine's own lines (from random "
               "openings, its 1 s choices) rather than random ones");
  auto game = std::make_shared<std::string>();
  ft->add_option("--game", *game, "only this game's rows of the table (default: all three)")
      ->check(CLI::IsMember({"singles", "doubles", "highlow"}));
  auto samples = std::make_shared<int>(0);
  add_samples(ft, *samples, "a row for 16 and one for 64");
  auto own = std::make_shared<bool>(false);
  ft->add_flag("--own-completions", *own,
               "fit for an engine whose boards each draw their own completions (the engine's "
               "correction is fitted with shared ones: docs/placement.md)");
  ft->callback([=] {
    guarded([&] {
      fit(static_cast<int>(*count), *seed, *keep, *on_lines,
          game->empty() ? std::nullopt : parse_game(*game), *samples, !*own);
    });
  });
}

void register_errors(CLI::App* cmd) {
  auto* er = cmd->add_subcommand("errors",
                                 "Measure the estimates' error against exact values (writes "
                                 "solver/placement/estimate_error.inc's lines)");
  auto count = std::make_shared<long long>(24);
  add_count_option(er, *count, "positions at each number of pawns left", 2LL, 100000LL);
  auto seed = std::make_shared<std::uint64_t>(1);
  add_seed_option(er, *seed, "the positions' seed");
  auto keep = std::make_shared<bool>(false);
  er->add_flag("--keep-measured", *keep,
               "keep the committed table's part measured against exact values (25 minutes of "
               "CPU) and remake only the part beyond it");
  auto game = std::make_shared<std::string>();
  er->add_option("--game", *game, "only this game's line of the table (default: all three)")
      ->check(CLI::IsMember({"singles", "doubles", "highlow"}));
  er->callback([=] {
    guarded([&] {
      errors(static_cast<int>(*count), *seed, *keep,
             game->empty() ? std::nullopt : parse_game(*game));
    });
  });
}

void register_net_error(CLI::App* cmd) {
  auto* ne = cmd->add_subcommand(
      "net-error",
      "The learned evaluation's mean error on strength files' positions and the positions one "
      "placement on, by pawns left");
  auto files = std::make_shared<std::vector<std::string>>();
  ne->add_option("files", *files, "files written by strength make")->required();
  auto net = std::make_shared<std::string>();
  ne->add_option("--net", *net, "this network (written by strength train), not the engine's");
  ne->callback([=] { guarded([&] { net_error(*files, {.net = load_net(*net)}); }); });
}

void register_keep(CLI::App* cmd) {
  auto* kp = cmd->add_subcommand(
      "keep",
      "High-Low: how often the engine keeps a won position won, on random positions (each "
      "position's winner and the winner after the engine's choice found exactly)");
  auto kept = std::make_shared<RandomPositionsOptions>();
  kept->left = 12;
  add_random_positions_options(kp, *kept, 100000);
  auto budget = std::make_shared<double>(1.0);
  kp->add_option("--budget", *budget, "the engine's seconds a position")
      ->check(seconds(0.01, 3600));
  auto each = std::make_shared<bool>(false);
  kp->add_flag("--each", *each,
               "a line per position: who wins, the engine's placement, whether it keeps the win");
  auto random = std::make_shared<bool>(false);
  kp->add_flag("--random", *random,
               "a placement drawn at random instead of the engine's: what keeping the win is "
               "worth on these positions");
  auto on_lines = std::make_shared<bool>(false);
  kp->add_flag("--on-lines", *on_lines,
               "positions met in play rather than placed at random: from random openings of 15 "
               "or 14 left, the engine's choices one placement deep down to --left");
  kp->callback([=] {
    guarded([&] { keep_won(*kept, budget_ms(*budget), {}, *each, *random, *on_lines); });
  });
}

void register_drift(CLI::App* cmd) {
  auto* dr = cmd->add_subcommand(
      "drift", "The engine's value along its own line from the empty board to the exact horizon");
  auto game = std::make_shared<std::string>("singles");
  add_game_option(dr, *game, "", {Game::Singles, Game::Doubles, Game::HighLow});
  auto lines = std::make_shared<int>(6);
  dr->add_option("--lines", *lines,
                 "lines: the first from the empty board, the others from random openings")
      ->check(whole_number(1, 1000));
  auto seed = std::make_shared<std::uint64_t>(1);
  add_seed_option(dr, *seed, "the random openings' seed");
  auto budget = std::make_shared<double>(1.0);
  dr->add_option("--budget", *budget, "seconds a placement")->check(seconds(0.01, 3600));
  auto flags = std::make_shared<EngineFlags>();
  flags->add_to(dr);
  dr->callback([=] {
    guarded(
        [&] { drift(*parse_game(*game), *lines, *seed, budget_ms(*budget), flags->engine(0, 0)); });
  });
}

}  // namespace

void register_strength(CLI::App& app) {
  auto* cmd = add_command_group(
      app, "strength",
      "Measure the opening engine (placements beyond the exact horizon) against exact play");
  register_make(cmd);
  register_run(cmd);
  register_fit(cmd);
  register_errors(cmd);
  register_strength_net(cmd);
  register_net_error(cmd);
  register_keep(cmd);
  register_drift(cmd);
}

}  // namespace scarney::cli
