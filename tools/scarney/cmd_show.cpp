// `scarney show FILE...`: each position as a diagram and as its placement line.
#include <iostream>

#include "cli_common.h"
#include "commands.h"
#include "games/position_file.h"
#include "position_input.h"

namespace scarney::cli {

void register_show(CLI::App& app) {
  auto* cmd = app.add_subcommand("show", "Print each position as a diagram and in the file format");
  const auto input = add_position_input(cmd);
  cmd->callback([input] {
    const auto positions = read_positions(*input);
    bool first = true;
    for (const PositionRecord& p : positions) {
      if (!first) std::cout << "---\n";
      first = false;
      std::cout << format_position(p, true);
    }
  });
}

}  // namespace scarney::cli
