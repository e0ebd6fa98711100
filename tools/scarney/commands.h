// Subcommands of the `scarney` program. Each lives in its own cmd_*.cpp and
// registers itself on the root CLI11 app. A subcommand reports a failure by
// throwing CLI::RuntimeError(code) after printing its message to stderr:
// exit status 2 means bad input, 1 a failed check (verify --strict, ...).
#pragma once

#include <CLI/CLI.hpp>

namespace scarney::cli {

void register_show(CLI::App& app);
void register_solve(CLI::App& app);
void register_moves(CLI::App& app);
void register_bench(CLI::App& app);
void register_match(CLI::App& app);
void register_verify(CLI::App& app);
void register_certify(CLI::App& app);
void register_prove(CLI::App& app);
void register_ledger(CLI::App& app);
void register_tablebase(CLI::App& app);
void register_stats(CLI::App& app);
void register_dice(CLI::App& app);
void register_cards(CLI::App& app);
void register_serve(CLI::App& app);
void register_site(CLI::App& app);
void register_play(CLI::App& app);
void register_strength(CLI::App& app);
// `strength values|train` (cmd_strength_net.cpp), under `strength`.
void register_strength_net(CLI::App* strength);
void register_completion(CLI::App& app);  // hidden: bash completion and the man page

}  // namespace scarney::cli
