#include "stats/csv.h"

#include "games/scoring.h"

namespace scarney {

std::string csv_header(Game game) {
  static constexpr PerGame<const char*> kHeaders = {
      "deal,score,rating,placement\n", "deal,score,solitaire_score,rating,placement\n",
      "deal,margin,result,placement\n", "deal,payoff,winner,winner_score,placement\n"};
  return for_game(game, kHeaders);
}

void append_csv_line(std::string& out, Game game, uint64_t deal, const Board& board,
                     const DealOutcome& o) {
  out += std::to_string(deal);
  out += ',';
  out += std::to_string(o.value);
  out += ',';
  switch (value_kind(game)) {
    case ValueKind::Score:
      if (traits(game).calls_scarney) {
        out += std::to_string(o.solitaire);
        out += ',';
      }
      out += game_rating(o.value);
      break;
    case ValueKind::Margin:
      out += o.value > 0 ? "nonstarter wins" : o.value == 0 ? "draw" : "nonstarter loses";
      break;
    case ValueKind::Payoff:
      out += o.starter_wins ? "starter," : "second,";
      out += std::to_string(headline(game, o));
      break;
  }
  out += ',';
  for (int c = 0; c < kCircles; ++c) {
    if (c) out += ' ';
    const auto p = board.at(static_cast<Circle>(c));
    out += p ? pawn_name(*p) : ".";
  }
  out += '\n';
}

}  // namespace scarney
