// The `scarney` command line: one subcommand per task, each in its own file.
#include <CLI/CLI.hpp>

#include "commands.h"

int main(int argc, char** argv) {
  CLI::App app{"scarney: exact solver for John Scarne's Scarney games"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "scarney 0.1.0");
  using namespace scarney::cli;
  register_show(app);
  register_solve(app);
  register_moves(app);
  register_bench(app);
  register_match(app);
  register_verify(app);
  register_tablebase(app);
  register_stats(app);
  register_dice(app);
  register_cards(app);
  register_serve(app);
  register_play(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // --help and --version exit 0; a RuntimeError carries the subcommand's own
    // status; any other usage error is bad input (2).
    const int code = app.exit(e);
    if (code == 0 || dynamic_cast<const CLI::RuntimeError*>(&e)) return code;
    return 2;
  }
  return 0;
}
