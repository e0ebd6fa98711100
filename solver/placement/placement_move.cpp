#include "placement/placement_move.h"

#include "util/text.h"

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

namespace {

// A colour by its name ("black", "red", "yellow", "green").
std::optional<int> colour_named(std::string_view w) {
  for (int c = 0; c < kColours; ++c)
    if (w == colours_text(static_cast<Colours>(1u << c))) return c;
  return std::nullopt;
}

}  // namespace

std::optional<PlacementMove> read_placement_words(std::string_view words) {
  std::vector<std::string> w;
  for (const text::Token& t : text::split(words, 1)) w.push_back(text::lower(t.text));
  size_t i = 0;
  if (i < w.size() && w[i] == "player") ++i;
  if (i < w.size() && (w[i] == "a" || w[i] == "b" || w[i] == "a:" || w[i] == "b:")) ++i;
  if (i < w.size() && (w[i] == "places" || w[i] == "place" || w[i] == "takes" || w[i] == "take"))
    ++i;
  if (w.size() - i != 3) return std::nullopt;
  if (w[i + 1] == "on") {
    const auto pawn = parse_pawn(w[i]);
    const auto circle = parse_circle(w[i + 2]);
    if (!pawn || !circle) return std::nullopt;
    return PlacementMove::place(*pawn, *circle);
  }
  const auto a = colour_named(w[i]), b = colour_named(w[i + 2]);
  if (w[i + 1] != "and" || !a || !b || *a == *b) return std::nullopt;
  return PlacementMove::take(static_cast<Colours>(1u << *a | 1u << *b));
}

}  // namespace scarney
