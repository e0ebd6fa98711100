#include "games/result.h"

#include "games/values.h"

namespace scarney {

int GameResult::value_for(Side s) const {
  switch (game) {
    case Game::Solitaire:
    case Game::Singles:
      return score.total();
    case Game::Doubles:
      return points_of(s) - points_of(other(s));
    case Game::HighLow:
      return winner == s ? points_of(s) : -points_of(other(s));
  }
  return 0;
}

GameResult game_result(const Position& end, Side to_move) {
  GameResult r;
  r.game = end.game;
  const Board& b = end.board;
  if (!two_player(end.game)) {
    r.score = final_score(b);
    return r;
  }
  r.last_mover = other(to_move);
  if (end.game == Game::Doubles) {
    for (Side s : {Side::A, Side::B}) r.points[side_index(s)] = taken_by(end, to_move, s);
    r.swept = swept_spots(b);
    r.points[side_index(r.last_mover)] += r.swept;
    if (r.points[0] != r.points[1]) r.winner = r.points[0] > r.points[1] ? Side::A : Side::B;
    return r;
  }
  if (b.pawn_count() == 0) {
    r.winner = r.last_mover;
    return r;
  }
  r.last = b.pawn_on(first(b.occupied()));
  const Side w = last_mover_wins(*r.last) ? r.last_mover : to_move;
  r.winner = w;
  r.points[side_index(w)] = taken_by(end, to_move, w) * highlow_multiplier(*r.last);
  return r;
}

}  // namespace scarney
