#include "placement/relabelled_state.h"

namespace scarney {
namespace {

Colours colours_image(Colours cs, const Relabel& r) {
  Colours out = 0;
  for (int c = 0; c < kColours; ++c)
    if (cs >> c & 1) out |= static_cast<Colours>(1u << r.colour[c]);
  return out;
}

}  // namespace

BoardKey state_key(const PlacementState& s) {
  return {s.board.pawn_nibbles(),
          static_cast<uint32_t>(s.board.occupied()) | static_cast<uint32_t>(s.a_colours) << 16};
}

PlacementState relabel(const PlacementState& s, const Relabel& r) {
  PlacementState out = s;
  out.board = relabel(s.board, r);
  out.a_colours = colours_image(s.a_colours, r);
  return out;
}

PlacementMove relabel(const PlacementMove& m, const Relabel& r) {
  if (m.is_choice()) return PlacementMove::take(colours_image(m.colours, r));
  return PlacementMove::place(relabel_pawn(m.pawn, r), relabel_circle(m.circle, r));
}

CanonicalState canonical_state(const PlacementState& s) {
  std::optional<PlacementState> best;
  for (const Relabel& r : all_relabellings()) {
    const PlacementState image = relabel(s, r);
    if (!best || state_key(image) < state_key(*best)) best = image;
  }
  // The way back: some relabelling takes the least image to s.
  return {*best, *relabelling_between(*best, s)};
}

BoardKey canonical_state_key(const PlacementState& s) { return state_key(canonical_state(s).form); }

std::optional<Relabel> relabelling_between(const PlacementState& from, const PlacementState& to) {
  for (const Relabel& r : all_relabellings())
    if (relabel(from, r) == to) return r;
  return std::nullopt;
}

}  // namespace scarney
