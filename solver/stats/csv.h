// The per-deal CSV of `scarney stats --csv`: one line per deal, in deal
// order, with the deal's placement so any line can be looked at again.
//   solitaire  deal,score,rating,placement
//   singles    deal,score,solitaire_score,rating,placement
//   doubles    deal,margin,result,placement        (the nonstarter's margin)
//   highlow    deal,payoff,winner,winner_score,placement  (the starter's payoff)
// placement: the pawns on C1 .. C16, space-separated.
#pragma once

#include <cstdint>
#include <string>

#include "board/board.h"
#include "games/game.h"
#include "stats/deal_outcome.h"

namespace scarney {

std::string csv_header(Game game);
// Appends one line (with its newline) to `out`.
void append_csv_line(std::string& out, Game game, uint64_t deal, const Board& board,
                     const DealOutcome& o);

}  // namespace scarney
