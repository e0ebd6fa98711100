#include "chance/cards/punto_banco.h"

namespace scarney::cards::baccarat {

bool tableau_player_draws(int player) { return player <= 5; }

bool tableau_banker_draws(int banker, int c) {
  if (c == kStood) return banker <= 5;
  switch (banker) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return c != 8;
    case 4:
      return c >= 2 && c <= 7;
    case 5:
      return c >= 4 && c <= 7;
    case 6:
      return c == 6 || c == 7;
    default:
      return false;
  }
}

double PuntoBanco::banker_bet(double commission) const {
  return ((1 - commission) * double(counts[banker_wins]) - double(counts[player_wins])) /
         double(total);
}

double PuntoBanco::player_bet() const {
  return (double(counts[player_wins]) - double(counts[banker_wins])) / double(total);
}

double PuntoBanco::tie_bet(double pays) const {
  return (pays * double(counts[tie]) - double(counts[banker_wins] + counts[player_wins])) /
         double(total);
}

PuntoBanco punto_banco(const Shoe& shoe) {
  const CoupTable table(shoe);
  PuntoBanco pb;
  pb.total = table.total();
  pb.counts = table.naturals();
  for (int pt = 0; pt <= 7; ++pt)
    for (int bt = 0; bt <= 7; ++bt) {
      if (!tableau_player_draws(pt)) {
        const Tally& t = table.coups(pt, bt, kStood, tableau_banker_draws(bt, kStood));
        for (int r = 0; r < 3; ++r) pb.counts[r] += t[r];
        continue;
      }
      for (int c = 0; c <= 9; ++c) {
        const Tally& t = table.coups(pt, bt, c, tableau_banker_draws(bt, c));
        for (int r = 0; r < 3; ++r) pb.counts[r] += t[r];
      }
    }
  return pb;
}

}  // namespace scarney::cards::baccarat
