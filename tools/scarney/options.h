// The options every subcommand spells the same way (docs/cli.md): one name
// per idea, the same game names everywhere, defaults shown in --help. Old
// spellings stay as hidden aliases for scripts.
#pragma once

#include <CLI/CLI.hpp>
#include <initializer_list>
#include <memory>
#include <string>

#include "games/game.h"
#include "tablebase/tablebase_set.h"

namespace scarney::cli {

// --game: any spelling parse_game accepts (`Solitaire`, `high-low`, …);
// `allowed` lists the games the command takes.
CLI::Option* add_game_option(CLI::App* cmd, std::string& game, const std::string& help,
                             std::initializer_list<Game> allowed = {Game::Solitaire, Game::Singles,
                                                                    Game::Doubles, Game::HighLow});

// "How many": --count, with the old names of the same idea as hidden aliases.
template <class T>
CLI::Option* add_count_option(CLI::App* cmd, T& count, const std::string& help, T lowest, T highest,
                              std::initializer_list<const char*> old_names = {}) {
  // A hidden option has no name in CLI11's messages: the check names it.
  for (const char* old : old_names) {
    const std::string name = old;
    const CLI::Range range(lowest, highest);
    cmd->add_option(old, count)
        ->check(CLI::Validator(
            [name, range](std::string& v) {
              const std::string why = range(v);
              return why.empty() ? why : name + " " + v + ": " + why;
            },
            ""))
        ->group("");
  }
  return cmd->add_option("--count", count, help)
      ->check(CLI::Range(lowest, highest))
      ->capture_default_str();
}

// --threads: worker threads, by default one per core.
CLI::Option* add_threads_option(CLI::App* cmd, int& threads);
int default_threads();

// --tb DIR: a directory of endgame tables.
CLI::Option* add_tb_option(CLI::App* cmd, std::string& dir, const std::string& help);
// The tables of --tb DIR (none when dir is empty); a directory that is
// missing or damaged is bad input: `scarney: --tb DIR: no such directory`.
std::unique_ptr<tablebase::TablebaseSet> open_tables(const std::string& dir);

// What every command's --help ends with: where its output goes.
void output_footer(CLI::App* cmd, const std::string& output);
// The footer for every command that has none yet, from one table.
void add_output_footers(CLI::App& app);

}  // namespace scarney::cli
