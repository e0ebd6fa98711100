#include "chance/cards/chemin_de_fer.h"

namespace scarney::cards::baccarat {

Cell regola_cell(int banker, int c) {
  if (c == kStood) return banker <= 5 ? Cell::draws : Cell::stands;
  switch (banker) {
    case 0:
    case 1:
    case 2:
      return Cell::draws;
    case 3:
      return c == 8 ? Cell::stands : c == 9 ? Cell::at_will : Cell::draws;
    case 4:
      return c >= 2 && c <= 7 ? Cell::draws : Cell::stands;
    case 5:
      return c == 4 ? Cell::at_will : c >= 5 && c <= 7 ? Cell::draws : Cell::stands;
    case 6:
      return c == 6 || c == 7 ? Cell::draws : Cell::stands;
    default:
      return Cell::stands;
  }
}

bool regola_player_draws(int player, const AtWill& at_will) {
  return player <= 4 || (player == 5 && at_will.player_draws_on_5);
}

bool regola_banker_draws(int banker, int c, const AtWill& at_will) {
  switch (regola_cell(banker, c)) {
    case Cell::draws:
      return true;
    case Cell::stands:
      return false;
    case Cell::at_will:
      break;
  }
  return banker == 3 ? at_will.banker_3_draws_on_9 : at_will.banker_5_draws_on_4;
}

Outcome regola_outcome(const CoupTable& table, const AtWill& at_will) {
  Outcome o;
  o.total = table.total();
  o.counts = table.naturals();
  for (int pt = 0; pt <= 7; ++pt)
    for (int bt = 0; bt <= 7; ++bt) {
      const bool draws = regola_player_draws(pt, at_will);
      for (int c = draws ? 0 : kStood; c <= (draws ? 9 : kStood); ++c) {
        const Tally& t = table.coups(pt, bt, c, regola_banker_draws(bt, c, at_will));
        for (int r = 0; r < 3; ++r) o.counts[r] += t[r];
      }
    }
  return o;
}

BankerCells banker_cells(const CoupTable& table, double x) {
  BankerCells cells;
  for (int bt = 0; bt <= 7; ++bt)
    for (int c = 0; c <= kStood; ++c) {
      const bool stood = c == kStood;
      long double net[2] = {0, 0};  // banker wins minus player wins, [banker draws]
      long double coups = 0;
      for (int pt = 0; pt <= 7; ++pt) {
        // The weight of the player's two-card point in this column.
        long double w = pt == 5 ? (stood ? 1 - x : x) : (pt <= 4) != stood ? 1 : 0;
        if (w == 0) continue;
        for (int d = 0; d <= 1; ++d) {
          const Tally& t = table.coups(pt, bt, c, d);
          net[d] += w * ((long double)t[banker_wins] - (long double)t[player_wins]);
          if (d == 0) coups += w * (long double)(t[0] + t[1] + t[2]);
        }
      }
      BankerCell& cell = cells.cell[bt][c];
      cell.coups = double(coups);
      cell.chance = double(coups / (long double)table.total());
      if (coups > 0) {
        cell.draw = double(net[1] / coups);
        cell.stand = double(net[0] / coups);
      }
    }
  return cells;
}

}  // namespace scarney::cards::baccarat
