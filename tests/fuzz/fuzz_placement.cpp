// The placement phase (placement/): `hands:` and `to-move:` of a
// `phase: placement` position. The input is a position file; every
// placement position that reads either gives a PlacementState or throws
// InputError. A state is then written back (`hands:`) and read again to an
// equal state, and played to a full board along its first moves, with every
// move's text made on the way.
#include "fuzz_util.h"
#include "placement/placement_move.h"
#include "placement/placement_position.h"

using namespace scarney;

namespace {

using fuzz::check;

// The state as a position file would give it back.
void check_hands_round_trip(const PlacementState& s) {
  PositionRecord p;
  p.position.game = s.game;
  p.position.phase = Phase::Placement;
  p.position.board = s.board;
  if (!s.choosing_colours()) p.hands = SourcedText{hands_text(s), {"hands", 1, 1}};
  p.to_move = SourcedText{std::string(1, placer_letter(s.to_move())), {"to-move", 1, 1}};
  PlacementState back;
  try {
    back = placement_state(p);
  } catch (const InputError& e) {
    std::fprintf(stderr, "hands: %s\n%s\n", hands_text(s).c_str(), e.what());
    check(false, "hands_text reads back");
  }
  // A's colours may come back differently where a colour is all on the
  // board (placement_state completes them); what each player holds may not.
  check(back.game == s.game && back.board == s.board &&
            back.choosing_colours() == s.choosing_colours() &&
            back.hand(Placer::A) == s.hand(Placer::A) && back.hand(Placer::B) == s.hand(Placer::B),
        "hands_text reads back to an equal state");
}

void exercise(const PlacementState& start) {
  PlacementState s = start;
  for (int guard = 0; guard <= kPawns + 1; ++guard) {
    check_hands_round_trip(s);
    const auto moves = placement_moves(s);
    if (moves.empty()) {
      check(s.pawns_left() == 0, "no placement only on a full board");
      return;
    }
    for (const PlacementMove& m : moves) {
      (void)placement_text(s, m);
      const PlacementState t = play(s, m);
      check(t.board.pawn_count() == s.board.pawn_count() + (m.is_choice() ? 0 : 1),
            "a placement puts one pawn on the board");
    }
    s = play(s, moves.back());
  }
  check(false, "placement ends within sixteen moves");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  for (const PositionRecord& p : fuzz::positions_of(data, size)) {
    if (p.position.phase != Phase::Placement) continue;
    PlacementState s;
    try {
      s = placement_state(p);
    } catch (const InputError&) {
      continue;
    }
    exercise(s);
  }
  return 0;
}
