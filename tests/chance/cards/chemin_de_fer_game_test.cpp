// The game of chemin de fer: check the solution by its defining properties.
#include "chance/cards/chemin_de_fer_game.h"

#include <catch2/catch.hpp>

#include "chance/cards/chemin_de_fer.h"
#include "chance/cards/coup_table.h"

using namespace scarney::cards::baccarat;

namespace {

// The player's expectation per coup when he draws at 5 with chance x and the
// banker draws in each cell with the chances given.
double payoff(const CoupTable& t, double x, const double (&banker_draws)[8][11]) {
  long double net = (long double)t.naturals()[player_wins] - (long double)t.naturals()[banker_wins];
  for (int pt = 0; pt <= 7; ++pt)
    for (int bt = 0; bt <= 7; ++bt)
      for (int c = 0; c <= kStood; ++c) {
        const bool stood = c == kStood;
        const long double w = pt == 5 ? (stood ? 1 - x : x) : ((pt <= 4) != stood ? 1 : 0);
        if (w == 0) continue;
        for (int d = 0; d <= 1; ++d) {
          const long double q = d ? banker_draws[bt][c] : 1 - banker_draws[bt][c];
          const Tally& tally = t.coups(pt, bt, c, d);
          net += w * q * ((long double)tally[player_wins] - (long double)tally[banker_wins]);
        }
      }
  return double(net / (long double)t.total());
}

}  // namespace

TEST_CASE("chemin de fer, 6 decks: the solution is an equilibrium", "[chemin-de-fer][game]") {
  const CoupTable table(Shoe::of_decks(6));
  const GameSolution g = solve_chemin_de_fer(table);
  // The player mixes at 5 (Kemeny and Snell found 9/11 for an infinite deck).
  REQUIRE(g.draw_on_5 > 0.0);
  REQUIRE(g.draw_on_5 < 1.0);
  CHECK(g.draw_on_5 == Approx(9.0 / 11).margin(0.02));
  // Against the banker's optimal play the player is indifferent at 5, and
  // either choice gives the value.
  CHECK(payoff(table, 0.0, g.banker_draws) == Approx(g.value).margin(1e-12));
  CHECK(payoff(table, 1.0, g.banker_draws) == Approx(g.value).margin(1e-12));
  // Mixing beats either pure choice against a banker who replies best.
  CHECK(g.value > g.value_standing_on_5);
  CHECK(g.value > g.value_drawing_on_5);
  // The banker's play is a best reply to the player's mix, cell by cell.
  const BankerCells cells = banker_cells(table, g.draw_on_5);
  int mixed = 0;
  for (int b = 0; b <= 7; ++b)
    for (int c = 0; c <= kStood; ++c) {
      const BankerCell& x = cells.cell[b][c];
      const double d = g.banker_draws[b][c];
      INFO("banker " << b << " third " << c);
      if (d == 1.0)
        CHECK(x.draw >= x.stand - 1e-12);
      else if (d == 0.0)
        CHECK(x.stand >= x.draw - 1e-12);
      else {
        ++mixed;
        CHECK(x.draw == Approx(x.stand).margin(1e-9));
      }
    }
  CHECK(mixed == 1);
  // The banker's pure choices away from the table: draw with 3 against a 9
  // and with 5 against a 4 (both at will in the table); he mixes with 6 when
  // the player stood.
  CHECK(g.banker_draws[3][9] == 1.0);
  CHECK(g.banker_draws[5][4] == 1.0);
  CHECK(g.banker_draws[6][kStood] > 0.0);
  CHECK(g.banker_draws[6][kStood] < 1.0);
  // Regression lock on this computation's exact mix (6 decks).
  CHECK(g.draw_on_5_exact == "7631761/9407656");
}

TEST_CASE("the banker's table is right where the player stands on 5", "[chemin-de-fer][game]") {
  // With the table's default for the player, every fixed cell's choice is
  // the better one, and standing is better in both at-will cells.
  const BankerCells cells = banker_cells(CoupTable(Shoe::of_decks(6)), 0.0);
  for (int b = 0; b <= 7; ++b)
    for (int c = 0; c <= kStood; ++c) {
      const BankerCell& x = cells.cell[b][c];
      INFO("banker " << b << " third " << c);
      if (regola_cell(b, c) == Cell::draws)
        CHECK(x.draw >= x.stand);
      else
        CHECK(x.stand >= x.draw);
    }
}
