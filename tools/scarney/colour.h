// Colour on a terminal: pawns in their colours, wins and losses. Off in
// pipes and files, off when NO_COLOR is set (https://no-color.org) or TERM
// is dumb, and as `--color never|auto|always` says; every command that
// colours asks colour_on().
#pragma once

#include <string>

namespace scarney::cli {

enum class ColourMode { Never, Auto, Always };
void set_colour_mode(ColourMode mode);
// Whether standard output gets colour now.
bool colour_on();

// A diagram (board/board.h `diagram`) with each pawn in its colour.
std::string coloured_diagram(const std::string& diagram);
// "wins" in green, "loses" in red.
std::string coloured_outcome(bool wins);

}  // namespace scarney::cli
