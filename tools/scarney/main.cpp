// The `scarney` command line: one subcommand per task, each in its own file.
#include <CLI/CLI.hpp>

#include "colour.h"
#include "commands.h"

int main(int argc, char** argv) {
  CLI::App app{"scarney: exact solver for John Scarne's Scarney games"};
  app.require_subcommand(1);
  // Every option's default shows in --help (docs/cli.md).
  app.option_defaults()->always_capture_default();
  // --color is accepted before or after the subcommand.
  app.fallthrough();
  std::string colour = "auto";
  app.add_option("--color", colour,
                 "colour on a terminal: never, auto (on a terminal, unless NO_COLOR is set) or "
                 "always")
      ->check(CLI::IsMember({"never", "auto", "always"}))
      ->each([](const std::string& c) {
        scarney::cli::set_colour_mode(c == "never"    ? scarney::cli::ColourMode::Never
                                      : c == "always" ? scarney::cli::ColourMode::Always
                                                      : scarney::cli::ColourMode::Auto);
      });
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
  register_completion(app);  // last: it describes the others
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
