#include "games/move.h"

namespace scarney {

std::string move_text(const Board& b, const Move& m) {
  switch (m.kind) {
    case MoveKind::TakeOff:
      return "take off " + pawn_name(b.pawn_on(m.circle));
    case MoveKind::Jump:
      return pawn_name(b.pawn_on(m.jump.from)) + " jumps " + pawn_name(b.pawn_on(m.jump.over));
    case MoveKind::Call:
      return "call Scarney";
    case MoveKind::Remove: {
      std::string names[3];
      int n = 0;
      for (Circle c : circles(m.removed)) names[n++] = pawn_name(b.pawn_on(c));
      if (n == 1) return "removes " + names[0];
      if (n == 2) return "removes " + names[0] + " and " + names[1];
      return "removes " + names[0] + ", " + names[1] + " and " + names[2];
    }
  }
  return "?";
}

}  // namespace scarney
