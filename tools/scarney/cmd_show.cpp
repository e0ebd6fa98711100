// `scarney show FILE...`: each position as a diagram and as its placement line.
#include <iostream>

#include "cli_common.h"
#include "commands.h"
#include "games/position_file.h"

namespace scarney::cli {

void register_show(CLI::App& app) {
  auto* cmd = app.add_subcommand("show", "Print each position as a diagram and in the file format");
  auto files = std::make_shared<std::vector<std::string>>();
  cmd->add_option("files", *files, "position files or directories ('-' reads stdin)")->required();
  cmd->callback([files] {
    const auto positions = load_positions(*files);
    bool first = true;
    for (const PositionRecord& p : positions) {
      if (!first) std::cout << "---\n";
      first = false;
      std::cout << format_position(p, true);
    }
  });
}

}  // namespace scarney::cli
