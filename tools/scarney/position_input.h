// Where `solve`, `moves` and `show` take their positions from: files (or
// directories, or '-' for standard input), and one position given on the
// command line with --position and the keys of a position file as options.
#pragma once

#include <CLI/CLI.hpp>
#include <memory>
#include <string>
#include <vector>

#include "games/position_record.h"

namespace scarney::cli {

struct PositionInput {
  std::vector<std::string> files;
  std::string position;  // "R3 on C1, G2 on C2", as a file's `placement:`
  std::string game, phase, removed, hands, to_move;
};

// Adds FILES... and --position, --game, --phase, --removed, --hands, --to-move.
std::shared_ptr<PositionInput> add_position_input(CLI::App* cmd);

// The positions of the files, then the one of --position. Bad input: the
// message (`file:line:column: …`, or `--position:1:column: …`) and exit 2.
std::vector<PositionRecord> read_positions(const PositionInput& in);

}  // namespace scarney::cli
