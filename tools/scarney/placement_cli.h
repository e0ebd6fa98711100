// `scarney solve` and `scarney moves` on placement positions: the options
// they add and the output (text and JSON).
#pragma once

#include <CLI/CLI.hpp>
#include <memory>

#include "games/position_record.h"
#include "search/oracle.h"

namespace scarney::cli {

struct PlacementFlags {
  bool cooperative = false;
  int depth = -1;  // -1: exact up to the game's horizon, then the default depth
  int samples = 16;
  bool exact = false;
  bool winner_only = false;
};

std::shared_ptr<PlacementFlags> add_placement_flags(CLI::App* cmd);
// Precondition: p.phase is Placement. Throws InputError on bad hands.
void solve_placement(const PositionRecord& p, const PlacementFlags& f, bool json,
                     const Oracle* oracle);
void placement_moves(const PositionRecord& p, const PlacementFlags& f, bool json,
                     const Oracle* oracle);

}  // namespace scarney::cli
