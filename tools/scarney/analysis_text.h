// The analysis record (analysis/analysis.h) as readable text: what
// `scarney solve` and `scarney moves` print without --json.
#pragma once

#include "analysis/analysis.h"

namespace scarney::cli {

// The value, the principal line and, for Solitaire and Singles, the score
// it ends on.
void print_solution_text(const Analysis& a);
// Every legal move with its value, best first.
void print_moves_text(const Analysis& a);
// A value as every view shows it: a whole number when exact, "≈" and two
// decimals when an estimate of the placement phase; with `sign`, "+" before
// a positive one (margins and payoffs).
std::string value_text(double v, bool exact, bool sign = false);

}  // namespace scarney::cli
