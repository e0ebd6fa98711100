#include "colour.h"

#include <unistd.h>

#include <cstdlib>
#include <string>

namespace scarney::cli {
namespace {

ColourMode mode = ColourMode::Auto;

constexpr const char* kReset = "\x1b[0m";

// Black pawns light on dark, so that they show on dark terminals too.
const char* pawn_style(char colour) {
  switch (colour) {
    case 'B':
      return "\x1b[1;97;40m";
    case 'R':
      return "\x1b[1;31m";
    case 'Y':
      return "\x1b[1;33m";
    case 'G':
      return "\x1b[1;32m";
  }
  return nullptr;
}

}  // namespace

void set_colour_mode(ColourMode m) { mode = m; }

bool colour_on() {
  if (mode != ColourMode::Auto) return mode == ColourMode::Always;
  const char* no_colour = std::getenv("NO_COLOR");
  if (no_colour && *no_colour) return false;
  const char* term = std::getenv("TERM");  // a terminal that knows no escapes
  if (term && std::string(term) == "dumb") return false;
  return ::isatty(STDOUT_FILENO) != 0;
}

std::string coloured_diagram(const std::string& d) {
  if (!colour_on()) return d;
  std::string out;
  for (size_t i = 0; i < d.size(); ++i) {
    const char* style = i + 1 < d.size() ? pawn_style(d[i]) : nullptr;
    if (style && d[i + 1] >= '1' && d[i + 1] <= '4') {
      out += std::string(style) + d.substr(i, 2) + kReset;
      ++i;
    } else {
      out += d[i];
    }
  }
  return out;
}

std::string coloured_outcome(bool wins) {
  const std::string word = wins ? "wins" : "loses";
  if (!colour_on()) return word;
  return std::string(wins ? "\x1b[32m" : "\x1b[31m") + word + kReset;
}

}  // namespace scarney::cli
