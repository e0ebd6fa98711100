// Placement states up to every relabelling (placement_symmetry.h) applied
// to the board and to A's colours together: a state where A holds black
// and red is the image of one where he holds black and yellow. The search
// keeps A's colours fixed (16 relabellings); the top of a proof from the
// empty board merges across A's colour choices too, so its frontier is
// smaller by up to three.
#pragma once

#include <optional>

#include "placement/placement_move.h"
#include "placement/placement_symmetry.h"

namespace scarney {

// The state under r: its board relabelled, A's colours mapped.
PlacementState relabel(const PlacementState& s, const Relabel& r);
// The move under r (a colour choice's colours mapped, a placement's pawn
// and circle): play(relabel(s, r), relabel(m, r)) == relabel(play(s, m), r).
PlacementMove relabel(const PlacementMove& m, const Relabel& r);

// The least image of a state over all 48 relabellings, and the relabelling
// that takes it back to the state: relabel(form, back) == s.
struct CanonicalState {
  PlacementState form;
  Relabel back;
};
CanonicalState canonical_state(const PlacementState& s);
// A state's key for maps: its pawns and A's colours (state_key), or the
// canonical form's (canonical_state_key).
BoardKey state_key(const PlacementState& s);
BoardKey canonical_state_key(const PlacementState& s);

// A relabelling r with relabel(from, r) == to, if any.
std::optional<Relabel> relabelling_between(const PlacementState& from, const PlacementState& to);

}  // namespace scarney
