// The options every subcommand spells the same way (docs/cli.md): one name
// per idea, the same game names everywhere, defaults shown in --help. Old
// spellings stay as hidden aliases for scripts.
#pragma once

#include <CLI/CLI.hpp>
#include <charconv>
#include <initializer_list>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "games/game.h"
#include "placement/proven_top.h"
#include "tablebase/tablebase_set.h"

namespace scarney::cli {

// --game: any spelling parse_game accepts (`Solitaire`, `high-low`, …);
// `allowed` lists the games the command takes.
CLI::Option* add_game_option(CLI::App* cmd, std::string& game, const std::string& help,
                             std::initializer_list<Game> allowed = {Game::Solitaire, Game::Singles,
                                                                    Game::Doubles, Game::HighLow});

// "1,000,000": a limit as messages and --help show it.
std::string grouped(long double n);
// util/printable.h's printable(), for the templates below.
std::string printable_text(const std::string& text);

// A whole number from `lowest` to `highest`, checked on the text before
// CLI11 converts it (its conversion wraps -1 around, takes 1e3, says "Could
// not convert"): `must be a whole number from 1 to 256, not 'abc'`; an
// empty value is said to be empty, never taken as 0. `name` prefixes the
// message (a hidden option has no name in CLI11's messages).
template <class T>
CLI::Validator whole_number(T lowest, T highest, const std::string& name = "") {
  return CLI::Validator(
      [lowest, highest, name](std::string& text) -> std::string {
        const std::string range = "a whole number from " +
                                  grouped(static_cast<long double>(lowest)) + " to " +
                                  grouped(static_cast<long double>(highest));
        T value{};
        const char* last = text.data() + text.size();
        const auto [end, error] = std::from_chars(text.data(), last, value);
        std::string why;
        if (text.empty())
          why = "an empty value (expected " + range + ")";
        else if (error != std::errc() || end != last || value < lowest || value > highest)
          why = "must be " + range + ", not '" + printable_text(text) + "'";
        return why.empty() || name.empty() ? why : name + ": " + why;
      },
      "");
}

// A number of seconds from `lowest` to `highest` (decimals allowed),
// checked on the text as whole_number() is: `must be a number of seconds
// from 0.01 to 86400, not 'abc'`.
CLI::Validator seconds(double lowest, double highest);

// One of a few words: `expected never, auto or always, not 'bad'`.
CLI::Validator one_of(const std::vector<std::string>& words);

// "How many": --count, with the old names of the same idea as hidden aliases.
// Two spellings given with different values are refused.
template <class T>
CLI::Option* add_count_option(CLI::App* cmd, T& count, const std::string& help, T lowest, T highest,
                              std::initializer_list<const char*> old_names = {}) {
  // The spellings given so far and their values, as the checks see them.
  auto given = std::make_shared<std::vector<std::pair<std::string, std::string>>>();
  // `prefix`: the name, for a hidden spelling (CLI11 names only the others).
  const auto one_value = [given](const std::string& name, const std::string& prefix) {
    return CLI::Validator(
        [given, name, prefix](std::string& v) -> std::string {
          for (const auto& [other, value] : *given)
            if (other != name && value != v)
              return prefix + "also given as " + other + " " + value +
                     ", another spelling of the same option: give one value";
          given->emplace_back(name, v);
          return "";
        },
        "");
  };
  for (const char* old : old_names)
    cmd->add_option(old, count)
        ->check(whole_number(lowest, highest, old))
        ->check(one_value(old, std::string(old) + ": "))
        ->group("");
  return cmd->add_option("--count", count, help)
      ->check(whole_number(lowest, highest))
      ->check(one_value("--count", ""))
      ->capture_default_str();
}

// Refuses an empty value of every option that takes one, in `app` and all
// its subcommands: `--csv ''` is an error, not "no file", `--count ''` not 0.
void refuse_empty_values(CLI::App& app);

// `scarney: OPTION: MESSAGE` and exit status 2 when `option` was given on
// `cmd` (an option that does nothing in this combination).
void refuse_if_given(CLI::App* cmd, const std::string& option, const std::string& message);

// --threads: worker threads, by default one per core.
CLI::Option* add_threads_option(CLI::App* cmd, int& threads);
int default_threads();

// --tb DIR: a directory of endgame tables.
CLI::Option* add_tb_option(CLI::App* cmd, std::string& dir, const std::string& help);
// The tables of --tb DIR (none when dir is empty); a directory that is
// missing or damaged is bad input: `scarney: --tb DIR: no such directory`.
std::unique_ptr<tablebase::TablebaseSet> open_tables(const std::string& dir);

// --proof FILE: a High-Low proof's top certificate, whose positions are
// answered as proved (placement/proven_top.h).
CLI::Option* add_proof_option(CLI::App* cmd, std::string& file);
// The proof of --proof FILE, or the committed one (none while the proof
// is not complete) when file is empty; a file that is no valid top is bad
// input: `scarney: --proof FILE: ...`, status 2.
std::shared_ptr<const ProvenTop> open_proof(const std::string& file);

// What every command's --help ends with: where its output goes.
void output_footer(CLI::App* cmd, const std::string& output);
// The footer for every command that has none yet, from one table.
void add_output_footers(CLI::App& app);

}  // namespace scarney::cli
