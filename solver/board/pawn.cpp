#include "board/pawn.h"

namespace scarney {

char colour_letter(Colour c) { return "BRYG"[static_cast<int>(c)]; }

std::string pawn_name(Pawn p) {
  return std::string{colour_letter(colour_of(p)), static_cast<char>('0' + spots_of(p))};
}

std::optional<Colour> parse_colour(char c) {
  for (int i = 0; i < kColours; ++i) {
    const char letter = colour_letter(static_cast<Colour>(i));
    if (c == letter || c == letter - 'A' + 'a') return static_cast<Colour>(i);
  }
  return std::nullopt;
}

std::optional<Pawn> parse_pawn(std::string_view s) {
  if (s.size() != 2) return std::nullopt;
  auto c = parse_colour(s[0]);
  if (!c || s[1] < '1' || s[1] > '4') return std::nullopt;
  return make_pawn(*c, s[1] - '0');
}

}  // namespace scarney
