#include "placement_cli.h"

#include <unistd.h>

#include <cstdio>
#include <iostream>

#include "cli_common.h"
#include "placement/placement_solver.h"
#include "util/json.h"

namespace scarney::cli {
namespace {

// Without --depth or --exact, a search deeper than the horizon stops after
// this many placements: a few seconds (High-Low's payoffs cost ten times
// more than the other games' values).
int default_depth(Game g) { return g == Game::HighLow ? 1 : 2; }

std::string number(double v, bool exact) {
  char buf[32];
  std::snprintf(buf, sizeof buf, exact ? "%.0f" : "%.2f", v);
  return buf;
}

std::string signed_number(double v, bool exact) { return (v > 0 ? "+" : "") + number(v, exact); }

void json_number(JsonObject& o, std::string_view key, double v, bool exact) {
  if (exact)
    o.add(key, static_cast<int64_t>(v));
  else
    o.add(key, v);
}

PlacementOptions options_for(const PlacementState& s, const PlacementFlags& f) {
  PlacementOptions o;
  o.cooperative = f.cooperative;
  o.samples = f.samples;
  o.winner_only = f.winner_only && s.game == Game::HighLow;
  if (f.exact)
    o.depth = -1;
  else if (f.depth >= 0)
    o.depth = f.depth;
  else if (s.pawns_left() > exact_horizon(s.game, o.winner_only))
    o.depth = default_depth(s.game);
  // Progress on a terminal, redrawn in place; long searches only.
  if (::isatty(STDERR_FILENO))
    o.progress = [](uint64_t nodes, uint64_t boards) {
      std::fprintf(stderr, "\rplacement search: %llu nodes, %llu boards solved   ",
                   static_cast<unsigned long long>(nodes), static_cast<unsigned long long>(boards));
    };
  return o;
}

void end_progress(const PlacementSolver& solver) {
  if (::isatty(STDERR_FILENO) && solver.nodes() >= 1024) std::fprintf(stderr, "\r%60s\r", "");
}

std::string how_estimated(const PlacementOptions& o) {
  return "not exact: " + std::to_string(o.depth) + " placement(s) searched, then the mean of " +
         std::to_string(o.samples) + " random completions";
}

// Whose view the value takes.
std::string value_for(const PlacementState& s) {
  return s.game == Game::Singles ? "A" : std::string(1, placer_letter(s.to_move()));
}

void common_json(JsonObject& o, const PositionRecord& r, const PlacementState& s,
                 const PlacementOptions& opt, bool exact) {
  o.add("source", source(r)).add("title", r.title).add("game", game_name(s.game));
  o.add("phase", phase_name(r.position.phase))
      .add("to_move", std::string(1, placer_letter(s.to_move())));
  o.add("pawns_left", s.pawns_left()).add("exact", exact);
  if (!exact) o.add("depth", opt.depth).add("samples", opt.samples);
  if (s.game == Game::Singles) o.add("cooperative", opt.cooperative);
  if (s.game == Game::HighLow) o.add("winner_only", opt.winner_only);
  o.add("value_for", value_for(s));
}

void text_heading(const PositionRecord& r, const PlacementState& s) {
  std::cout << heading(r) << "  (" << game_name(s.game) << ", placement)\n";
  std::cout << indent(diagram(s.board), "    ");
  if (s.choosing_colours())
    std::cout << "  A chooses two colours, then places first\n";
  else
    std::cout << "  hands: " << hands_text(s) << "   to place: " << placer_letter(s.to_move())
              << " (" << s.pawns_left() << " pawns left)\n";
}

}  // namespace

std::shared_ptr<PlacementFlags> add_placement_flags(CLI::App* cmd) {
  auto f = std::make_shared<PlacementFlags>();
  cmd->add_flag("--cooperative", f->cooperative,
                "placement, Singles: B places to help A's score instead of keeping it low");
  cmd->add_option("--depth", f->depth,
                  "placement: search this many placements, then estimate (not exact)")
      ->check(CLI::Range(0, 17));
  cmd->add_option("--samples", f->samples,
                  "placement: random completions averaged per estimated board")
      ->check(CLI::Range(1, 100000));
  cmd->add_flag("--winner-only", f->winner_only,
                "placement, High-Low: solve only who wins, not the payoff (faster)");
  cmd->add_flag("--exact", f->exact,
                "placement: solve exactly however many pawns are left (may take very long)");
  return f;
}

void solve_placement(const PositionRecord& p, const PlacementFlags& f, bool json,
                     const Oracle* oracle) {
  const PlacementState s = placement_state(p);
  const PlacementOptions opt = options_for(s, f);
  PlacementSolver solver(opt);
  solver.set_oracle(oracle);
  const PlacementSolution r = solver.solve(s);
  end_progress(solver);
  const std::string final_line = r.final_board ? placement_line(*r.final_board) : "";
  if (json) {
    JsonObject o;
    common_json(o, p, s, opt, r.exact);
    if (!opt.winner_only) json_number(o, "value", r.value, r.exact);
    if (r.to_move_wins) o.add("to_move_wins", *r.to_move_wins);
    o.add("line", r.line_text);
    if (r.final_board) o.add("final_board", final_line).add("game_line", r.game_line);
    o.add("boards_solved", static_cast<int64_t>(r.boards_solved))
        .add("nodes", static_cast<int64_t>(r.nodes));
    if (s.game == Game::HighLow) o.add("payoffs_solved", static_cast<int64_t>(r.payoffs));
    std::cout << o.str() << "\n";
    return;
  }
  text_heading(p, s);
  const std::string v = number(r.value, r.exact);
  if (s.game == Game::Singles)
    std::cout << "  A's " << (opt.cooperative ? "best" : "guaranteed") << " Singles score"
              << (r.exact ? "" : ", estimated") << ": " << v;
  else if (s.game == Game::Doubles)
    std::cout << "  final margin for " << placer_letter(s.to_move())
              << " (to move): " << signed_number(r.value, r.exact);
  else
    std::cout << "  " << placer_letter(s.to_move()) << " (to move) " << (r.exact ? "" : "probably ")
              << (*r.to_move_wins ? "wins" : "loses") << ", payoff "
              << signed_number(r.value, r.exact);
  std::cout << (r.exact ? "  (exact)\n" : "  (" + how_estimated(opt) + ")\n");
  std::cout << "  placements: " << (r.line_text.empty() ? "(none)" : join(r.line_text, ", "))
            << "\n";
  if (r.final_board) {
    std::cout << "  final board: " << final_line << "\n";
    std::cout << "  then: " << (r.game_line.empty() ? "(game over)" : join(r.game_line, ", "))
              << "\n";
  }
  std::cout << "\n";
}

void placement_moves(const PositionRecord& p, const PlacementFlags& f, bool json,
                     const Oracle* oracle) {
  const PlacementState s = placement_state(p);
  const PlacementOptions opt = options_for(s, f);
  PlacementSolver solver(opt);
  solver.set_oracle(oracle);
  const auto ms = solver.moves(s);
  end_progress(solver);
  const bool exact = solver.exact_for(s);
  if (json) {
    std::vector<std::string> items;
    for (const auto& m : ms) {
      JsonObject o;
      o.add("move", m.text);
      if (!opt.winner_only) json_number(o, "value", m.value, exact);
      if (m.wins) o.add("to_move_wins", *m.wins);
      items.push_back(o.str());
    }
    JsonObject o;
    common_json(o, p, s, opt, exact);
    o.add_raw("moves", json_array(items));
    std::cout << o.str() << "\n";
    return;
  }
  text_heading(p, s);
  std::cout << "  values: "
            << (s.game == Game::Singles   ? "A's Singles score"
                : s.game == Game::Doubles ? "final margin for the mover"
                : opt.winner_only         ? "whether the mover wins"
                                          : "payoff for the mover")
            << (exact ? " (exact)" : " (" + how_estimated(opt) + ")") << "\n";
  for (const auto& m : ms) {
    std::string text = m.text;
    text.resize(std::max<size_t>(text.size(), 28), ' ');
    std::cout << "  " << text;
    if (!opt.winner_only) std::cout << " " << number(m.value, exact);
    if (m.wins) std::cout << (*m.wins ? "  wins" : "  loses");
    std::cout << "\n";
  }
  std::cout << "\n";
}

}  // namespace scarney::cli
