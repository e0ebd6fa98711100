#include "games/rules.h"

#include <algorithm>

#include "games/scoring.h"

namespace scarney {
namespace {

std::vector<Move> take_offs(const Board& b) {
  std::vector<Move> ms;
  for (Circle c : circles(b.occupied()))
    if (can_take_off(b.pawn_on(c))) ms.push_back(Move::take_off(c));
  return ms;
}

}  // namespace

std::vector<Mask> highlow_removals(const Board& b) {
  std::vector<Mask> out;
  const Mask occ = b.occupied();
  for (Circle c : circles(occ)) out.push_back(bit(c));
  // Two or three pawns of one colour in one row or column, with no pawn of
  // another colour between the outermost two. Empty circles and pawns of the
  // same colour between them do not matter.
  for (int line = 0; line < 8; ++line) {
    Circle cs[4];
    for (int i = 0; i < 4; ++i) cs[i] = line < 4 ? circle_at(line, i) : circle_at(i, line - 4);
    for (int sub = 1; sub < 16; ++sub) {
      const int k = std::popcount(static_cast<unsigned>(sub));
      if (k < 2 || k > 3) continue;
      int lo = -1, hi = -1;
      Mask m = 0;
      for (int i = 0; i < 4; ++i)
        if (sub >> i & 1) {
          if (lo < 0) lo = i;
          hi = i;
          m |= bit(cs[i]);
        }
      if ((m & occ) != m) continue;
      const Colour col = colour_of(b.pawn_on(cs[lo]));
      bool ok = true;
      for (int i = lo; i <= hi && ok; ++i) {
        if (b.empty_at(cs[i])) continue;
        if (colour_of(b.pawn_on(cs[i])) != col) ok = false;
      }
      if (ok) out.push_back(m);
    }
  }
  // A move may not take the last pawn.
  const int n = count(occ);
  std::erase_if(out, [n](Mask m) { return count(m) >= n; });
  return out;
}

std::vector<Move> legal_moves(const Position& p) {
  const Board& b = p.board;
  switch (p.phase) {
    case Phase::TakeOff:
    case Phase::TakeOff2:
      return take_offs(b);
    case Phase::Jump: {
      std::vector<Move> ms;
      if (b.pawn_count() < 2) return ms;
      for (const Jump& j : b.jumps()) ms.push_back(Move::of(j));
      return ms;
    }
    case Phase::Removal: {
      std::vector<Move> ms;
      for (Mask m : highlow_removals(b)) ms.push_back(Move::remove(m));
      return ms;
    }
    case Phase::Placement:
      return {};
  }
  return {};
}

bool is_legal(const Position& p, const Move& m) {
  if (m.kind == MoveKind::Call) return can_call(p);
  const auto ms = legal_moves(p);
  return std::find(ms.begin(), ms.end(), m) != ms.end();
}

bool is_over(const Position& p) { return legal_moves(p).empty(); }

bool can_call(const Position& p) { return p.game == Game::Singles && p.phase == Phase::Jump; }

int gain(const Position& p, const Move& m) {
  const Board& b = p.board;
  switch (m.kind) {
    case MoveKind::TakeOff:
      return spots_of(b.pawn_on(m.circle));
    case MoveKind::Jump:
      return spots_of(b.pawn_on(m.jump.over));
    case MoveKind::Remove: {
      int s = 0;
      for (Circle c : circles(m.removed)) s += spots_of(b.pawn_on(c));
      return s;
    }
    case MoveKind::Call:
      return 0;
  }
  return 0;
}

Position play(const Position& p, const Move& m) {
  Position q = p;
  const int g = gain(p, m);
  switch (m.kind) {
    case MoveKind::TakeOff:
      q.board.remove(m.circle);
      q.phase =
          (p.game == Game::Doubles && p.phase == Phase::TakeOff) ? Phase::TakeOff2 : Phase::Jump;
      break;
    case MoveKind::Jump:
      q.board.jump(m.jump);
      break;
    case MoveKind::Remove:
      for (Circle c : circles(m.removed)) q.board.remove(c);
      break;
    case MoveKind::Call:
      break;
  }
  if (two_player(p.game)) q.removed = {p.removed[1], p.removed[0] + g};
  return q;
}

int end_value(const Position& p) {
  const Board& b = p.board;
  switch (p.game) {
    case Game::Solitaire:
    case Game::Singles:
      return final_score(b).total();
    case Game::Doubles:
      // The player who made the last move (or the second take-off) sweeps
      // the pawns left: that is the opponent of the side to move.
      return -b.spots();
    case Game::HighLow: {
      if (b.pawn_count() == 0) return 0;
      const Pawn last = b.pawn_on(first(b.occupied()));
      const int mult = is_black(last) ? 2 : 1;
      // The last mover (the opponent) wins with a 3 or 4 left, loses with a 1 or 2.
      return spots_of(last) >= 3 ? -p.removed[1] * mult : p.removed[0] * mult;
    }
  }
  return 0;
}

}  // namespace scarney
