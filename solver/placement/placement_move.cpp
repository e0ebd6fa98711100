#include "placement/placement_move.h"

namespace scarney {

std::vector<PlacementMove> placement_moves(const PlacementState& s) {
  std::vector<PlacementMove> out;
  if (s.choosing_colours()) {
    for (int a = 0; a < kColours; ++a)
      for (int b = a + 1; b < kColours; ++b)
        out.push_back(PlacementMove::take(static_cast<Colours>((1u << a) | (1u << b))));
    return out;
  }
  const uint16_t hand = s.hand(s.to_move());
  for (int p = 0; p < kPawns; ++p)
    if (hand >> p & 1)
      for (Circle c : circles(s.board.empty()))
        out.push_back(PlacementMove::place(static_cast<Pawn>(p), c));
  return out;
}

PlacementState play(const PlacementState& s, const PlacementMove& m) {
  PlacementState t = s;
  if (m.is_choice())
    t.a_colours = m.colours;
  else
    t.board.place(m.pawn, m.circle);
  return t;
}

std::string placement_text(const PlacementState& before, const PlacementMove& m) {
  const std::string who(1, placer_letter(before.to_move()));
  if (m.is_choice()) return who + " takes " + colours_text(m.colours);
  return who + " places " + pawn_name(m.pawn) + " on " + circle_name(m.circle);
}

}  // namespace scarney
