// `scarney solve FILE...` and `scarney moves FILE...`.
#include <iostream>

#include "cli_common.h"
#include "commands.h"
#include "games/rules.h"
#include "games/scoring.h"
#include "placement_cli.h"
#include "search/solver.h"
#include "tablebase/tablebase_set.h"
#include "util/json.h"

namespace scarney::cli {
namespace {

// Where the principal line ends, for the score breakdown.
Position line_end(const Position& p, const Solution& s) {
  Position q = p;
  for (const Move& m : s.line)
    if (m.kind != MoveKind::Call) q = play(q, m);
  return q;
}

void print_solution(const PositionRecord& r, const Solution& s, bool json) {
  const Position& p = r.position;
  const bool scored = p.game == Game::Solitaire || p.game == Game::Singles;
  if (json) {
    JsonObject o;
    o.add("source", source(r)).add("title", r.title).add("game", game_name(p.game));
    o.add("phase", phase_name(p.phase)).add("value", s.value);
    if (s.to_move_wins) o.add("to_move_wins", *s.to_move_wins);
    o.add("line", s.line_text);
    if (scored) {
      const Score f = final_score(line_end(p, s).board);
      o.add("game_score", f.game).add("bonus", f.bonus).add("bonus_kind", f.bonus_kind);
      o.add("rating", game_rating(s.value));
    }
    std::cout << o.str() << "\n";
    return;
  }
  std::cout << heading(r) << "  (" << game_name(p.game) << ", " << phase_name(p.phase) << ")\n";
  std::cout << indent(diagram(p.board), "    ");
  if (scored) {
    const Score f = final_score(line_end(p, s).board);
    std::cout << "  best score: " << s.value << "  (" << game_rating(s.value) << ")\n";
    std::cout << "  game score " << f.game;
    if (f.bonus) std::cout << " + " << f.bonus_kind << " bonus " << f.bonus;
    std::cout << "\n";
  } else if (p.game == Game::Doubles) {
    std::cout << "  margin for the side to move: " << (s.value > 0 ? "+" : "") << s.value << "\n";
  } else {
    std::cout << "  side to move " << (s.to_move_wins.value_or(false) ? "wins" : "loses")
              << ", payoff " << s.value << "\n";
  }
  std::cout << "  line: " << (s.line_text.empty() ? "(game over)" : join(s.line_text, ", "))
            << "\n\n";
}

// `--tb DIR`: the tables the solver may stop at (none when dir is empty).
std::unique_ptr<tablebase::TablebaseSet> load_tables(const std::string& dir) {
  if (dir.empty()) return nullptr;
  std::unique_ptr<tablebase::TablebaseSet> set;
  guarded([&] { set = std::make_unique<tablebase::TablebaseSet>(dir); });
  return set;
}

// The options `solve` and `moves` share.
struct PositionOptions {
  std::vector<std::string> files;
  bool json = false;
  std::string tb;
  std::shared_ptr<PlacementFlags> place;
};

std::shared_ptr<PositionOptions> add_position_options(CLI::App* cmd) {
  auto o = std::make_shared<PositionOptions>();
  cmd->add_option("files", o->files, "position files or directories ('-' reads stdin)")->required();
  cmd->add_flag("--json", o->json, "one JSON object per position per line");
  cmd->add_option("--tb", o->tb, "directory of endgame tables to stop the search at");
  o->place = add_placement_flags(cmd);
  return o;
}

}  // namespace

void register_solve(CLI::App& app) {
  auto* cmd =
      app.add_subcommand("solve", "Solve each position exactly: value, principal line, rating");
  const auto opt = add_position_options(cmd);
  cmd->callback([opt] {
    const auto positions = load_positions(opt->files);
    const auto tables = load_tables(opt->tb);
    Solver solver;
    solver.set_oracle(tables.get());
    guarded([&] {
      for (const PositionRecord& r : positions) {
        if (r.position.phase == Phase::Placement)
          solve_placement(r, *opt->place, opt->json, tables.get());
        else
          print_solution(r, solver.solve(r.position), opt->json);
      }
    });
  });
}

void register_moves(CLI::App& app) {
  auto* cmd = app.add_subcommand("moves", "Every legal move with its exact value, best first");
  const auto opt = add_position_options(cmd);
  cmd->callback([opt] {
    const auto positions = load_positions(opt->files);
    const auto tables = load_tables(opt->tb);
    Solver solver;
    solver.set_oracle(tables.get());
    guarded([&] {
      for (const PositionRecord& r : positions) {
        const Position& p = r.position;
        if (p.phase == Phase::Placement) {
          placement_moves(r, *opt->place, opt->json, tables.get());
          continue;
        }
        const auto ms = solver.moves(p);
        if (opt->json) {
          std::vector<std::string> items;
          for (const auto& m : ms) {
            JsonObject o;
            o.add("move", m.text).add("value", m.value);
            if (m.wins) o.add("to_move_wins", *m.wins);
            items.push_back(o.str());
          }
          JsonObject o;
          o.add("source", source(r)).add("title", r.title).add("game", game_name(p.game));
          o.add("phase", phase_name(p.phase)).add_raw("moves", json_array(items));
          std::cout << o.str() << "\n";
          continue;
        }
        std::cout << heading(r) << "  (" << game_name(p.game) << ", " << phase_name(p.phase)
                  << ")\n";
        std::cout << indent(diagram(p.board), "    ");
        if (ms.empty()) std::cout << "  no legal move: the game is over\n";
        for (const auto& m : ms) {
          std::string text = m.text;
          text.resize(std::max<size_t>(text.size(), 28), ' ');
          std::cout << "  " << text << " " << m.value;
          if (m.wins) std::cout << (*m.wins ? "  wins" : "  loses");
          std::cout << "\n";
        }
        std::cout << "\n";
      }
    });
  });
}

}  // namespace scarney::cli
