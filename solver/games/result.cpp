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

namespace {

std::string num(int v) { return std::to_string(v); }

std::string doubles_reason(const GameResult& r) {
  const std::string last(1, side_letter(r.last_mover));
  if (!r.swept) return last + " moved last, with no pawn left on the board to sweep.";
  return "No jump is left: " + last + ", who moved last, sweeps the " + num(r.swept) +
         " spots still on the board.";
}

std::string highlow_reason(const GameResult& r) {
  const std::string last(1, side_letter(r.last_mover));
  const std::string winner(1, side_letter(*r.winner));
  if (!r.last) return last + " removed the last pawns: the board is empty and the last mover wins.";
  const int spots = spots_of(*r.last);
  std::string s =
      last + " made the last removal and left " + pawn_name(*r.last) + ", a " + num(spots) +
      ": the last mover " +
      (last_mover_wins(*r.last) ? "wins when a 3 or a 4 is left"
                                : "loses when a 1 or a 2 is left, so " + winner + " wins") +
      ". The winner scores the spots he removed";
  if (highlow_multiplier(*r.last) == 2) s += ", doubled because the last pawn is black";
  return s + ": " + num(r.points_of(*r.winner)) + ".";
}

}  // namespace

std::string result_summary(const GameResult& r) {
  switch (r.game) {
    case Game::Solitaire:
    case Game::Singles: {
      const Score& s = r.score;
      return "score " + num(s.total()) + " (game score " + num(s.game) +
             (s.bonus ? " + " + s.bonus_kind + " bonus " + num(s.bonus) : "") +
             "): " + game_rating(s.total());
    }
    case Game::Doubles:
      return "A " + num(r.points[0]) + ", B " + num(r.points[1]) +
             (!r.winner ? ": a tie" : std::string(": ") + side_letter(*r.winner) + " wins");
    case Game::HighLow: {
      const Side w = *r.winner;
      return std::string(1, side_letter(w)) + " wins " + num(r.points_of(w)) + " (" +
             pawn_name(*r.last) + " left" +
             (highlow_multiplier(*r.last) == 2 ? ", black: doubled" : "") + ")";
    }
  }
  return "";
}

std::string result_reason(const GameResult& r) {
  switch (r.game) {
    case Game::Doubles:
      return doubles_reason(r);
    case Game::HighLow:
      return highlow_reason(r);
    default:
      return "";
  }
}

std::vector<std::optional<int>> sheet_scores(const GameResult& r, std::optional<int> other_score) {
  switch (r.game) {
    case Game::Singles:
      return {r.score.total(), other_score};
    case Game::Doubles:
      return {r.points[0], r.points[1]};
    default:  // High-Low: only the winner scores
      if (r.winner == Side::A) return {r.points[0], std::nullopt};
      return {std::nullopt, r.points[1]};
  }
}

}  // namespace scarney
