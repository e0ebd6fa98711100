// `scarney match [--game G] [--json] FILE`: the score sheet and result of a
// Singles, Doubles or High-Low match from its game scores (docs/match.md).
#include <iostream>
#include <memory>

#include "cli_common.h"
#include "commands.h"
#include "games/match.h"
#include "options.h"

namespace scarney::cli {

void register_match(CLI::App& app) {
  struct Options {
    std::string file;
    std::string game;
    bool json = false;
    bool strict = false;
  };
  auto o = std::make_shared<Options>();
  auto* cmd = app.add_subcommand("match", "Score a match: the score sheet and who collects what");
  cmd->add_option("file", o->file, "match sheet (*.match; '-' reads stdin)")->required();
  add_game_option(cmd, o->game, "when the sheet has no `game:`",
                  {Game::Singles, Game::Doubles, Game::HighLow});
  cmd->add_flag("--json", o->json, "one JSON object: totals, bonuses, winner, credits");
  cmd->add_flag("--strict", o->strict,
                "exit with status 1 when the sheet has warnings (Doubles scores not adding up "
                "to 40)");
  cmd->callback([o] {
    guarded([&] {
      const std::optional<Game> game = o->game.empty() ? std::nullopt : parse_game(o->game);
      const Match m = read_match_file(o->file, game);
      for (const InputError& w : m.warnings)
        std::cerr << "scarney: " << InputError(w.where(), "warning: " + w.message()).what() << "\n";
      const MatchResult r = score_match(m);
      std::cout << (o->json ? json_text(match_json(m, r)) + "\n" : format_score_sheet(m, r));
      if (o->strict && !m.warnings.empty()) {
        std::cout.flush();
        std::cerr << "scarney: --strict: the sheet has " << m.warnings.size() << " warning"
                  << (m.warnings.size() == 1 ? "" : "s") << "\n";
        throw CLI::RuntimeError(kExitCheckFailed);
      }
    });
  });
}

}  // namespace scarney::cli
