#include "games/rules.h"

#include <algorithm>

#include "games/highlow_lines.h"
#include "games/scoring.h"
#include "games/values.h"

namespace scarney {

Position deal_position(Game game, const Board& board) {
  Position p;
  p.game = game;
  p.phase = game == Game::HighLow ? Phase::Removal : Phase::TakeOff;
  p.board = board;
  return p;
}

Phase phase_after_takeoff(Game game) {
  return game == Game::HighLow ? Phase::Removal : Phase::Jump;
}

namespace {

std::vector<Move> take_offs(const Board& b) {
  std::vector<Move> ms;
  for (Circle c : circles(b.occupied()))
    if (can_take_off(b.pawn_on(c))) ms.push_back(Move::take_off(c));
  return ms;
}

}  // namespace

std::vector<Mask> highlow_removals(const Board& b) {
  Mask out[kMaxRemovals];
  return std::vector<Mask>(out, out + highlow_removals(b, out));
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
      return score_total(b);
    case Game::Doubles:
      return doubles_end_value(b);
    case Game::HighLow:
      if (b.pawn_count() == 0) return 0;
      return highlow_end_value(b.pawn_on(first(b.occupied())), p.removed[0], p.removed[1]);
  }
  return 0;
}

}  // namespace scarney
