// Punto banco and chemin de fer: the 8-deck anchor counts, and small shoes
// where every ordered deal is played out card by card, independently of the
// library's counting by point with multiplicities.
#include <array>
#include <catch2/catch.hpp>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "chance/cards/chemin_de_fer.h"
#include "chance/cards/coup_table.h"
#include "chance/cards/punto_banco.h"

using namespace scarney::cards::baccarat;

namespace {

using DrawRule = std::function<bool(int player_point)>;
using BankRule = std::function<bool(int banker_point, int player_third)>;  // third: card or kStood

// Every ordered deal of six physical cards, played out: cards 1 and 3 to the
// player, 2 and 4 to the banker, then the next card to whoever draws.
Tally brute_force(const std::vector<int>& points, const DrawRule& player, const BankRule& banker) {
  Tally t{};
  const int n = int(points.size());
  int c[6];
  std::vector<bool> used(n, false);
  std::function<void(int)> deal = [&](int k) {
    if (k == 6) {
      const int p = (points[c[0]] + points[c[2]]) % 10, b = (points[c[1]] + points[c[3]]) % 10;
      int pf = p, bf = b, next = 4, third = kStood;
      if (p < 8 && b < 8) {
        if (player(p)) third = points[c[next++]], pf = (p + third) % 10;
        if (banker(b, third)) bf = (b + points[c[next++]]) % 10;
      }
      ++t[pf > bf ? player_wins : pf < bf ? banker_wins : tie];
      return;
    }
    for (int i = 0; i < n; ++i)
      if (!used[i]) {
        used[i] = true;
        c[k] = i;
        deal(k + 1);
        used[i] = false;
      }
  };
  deal(0);
  return t;
}

std::array<int, 10> by_point(const std::vector<int>& points) {
  std::array<int, 10> a{};
  for (int p : points) ++a[p];
  return a;
}

// One suit (four zero-point cards) and an uneven sixteen-card shoe.
const std::vector<std::vector<int>> kSmallShoes = {
    {1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 1, 2, 2, 3, 4, 5, 5, 6, 7, 8, 9},
};

}  // namespace

TEST_CASE("punto banco, 8 decks: the published exact counts (anchor)", "[baccarat][anchor]") {
  const PuntoBanco pb = punto_banco(Shoe::of_decks(8));
  CHECK(pb.counts[banker_wins] == 2292252566437888ULL);
  CHECK(pb.counts[player_wins] == 2230518282592256ULL);
  CHECK(pb.counts[tie] == 475627426473216ULL);
  CHECK(pb.total == 416ULL * 415 * 414 * 413 * 412 * 411);
  CHECK(pb.banker_bet() == Approx(-0.010579).margin(1e-6));
  CHECK(pb.player_bet() == Approx(-0.012351).margin(1e-6));
  CHECK(pb.tie_bet() == Approx(-0.143596).margin(1e-6));
}

TEST_CASE("punto banco on small shoes: card by card equals counting by point", "[baccarat]") {
  for (const auto& points : kSmallShoes) {
    const Tally brute = brute_force(points, tableau_player_draws, tableau_banker_draws);
    const PuntoBanco pb = punto_banco(Shoe::of_counts(by_point(points)));
    CHECK(pb.counts == brute);
    CHECK(pb.total == brute[0] + brute[1] + brute[2]);
  }
}

TEST_CASE("chemin de fer's table is the seed's 'gioco alla regola'", "[chemin-de-fer][rules]") {
  // Rows: banker 0-7; columns: the player's third card 0-9 (T tira, S sta, V volontà).
  const char* seed[8] = {"TTTTTTTTTT", "TTTTTTTTTT", "TTTTTTTTTT", "TTTTTTTTSV",
                         "SSTTTTTTSS", "SSSSVTTTSS", "SSSSSSTTSS", "SSSSSSSSSS"};
  for (int b = 0; b <= 7; ++b) {
    std::string row;
    for (int c = 0; c <= 9; ++c) row += char(regola_cell(b, c));
    CHECK(row == seed[b]);
    // The player stood: the banker draws on 0-5, stands on 6-7.
    CHECK(regola_cell(b, kStood) == (b <= 5 ? Cell::draws : Cell::stands));
  }
  const AtWill stand{};
  for (int p = 0; p <= 7; ++p) CHECK(regola_player_draws(p, stand) == (p <= 4));
  CHECK(regola_player_draws(5, AtWill{true, false, false}));
  CHECK_FALSE(regola_banker_draws(3, 9, stand));
  CHECK(regola_banker_draws(3, 9, AtWill{false, true, false}));
  CHECK_FALSE(regola_banker_draws(5, 4, stand));
  CHECK(regola_banker_draws(5, 4, AtWill{false, false, true}));
}

TEST_CASE("chemin de fer on small shoes: card by card equals counting by point",
          "[chemin-de-fer]") {
  for (const auto& points : kSmallShoes) {
    const CoupTable table(Shoe::of_counts(by_point(points)));
    for (int m = 0; m < 8; ++m) {
      const AtWill a{bool(m & 1), bool(m & 2), bool(m & 4)};
      const Tally brute = brute_force(
          points, [&](int p) { return regola_player_draws(p, a); },
          [&](int b, int c) { return regola_banker_draws(b, c, a); });
      CHECK(regola_outcome(table, a).counts == brute);
    }
    // One banker cell both ways: banker 5 against a drawn 4, the player standing on 5.
    const BankerCells cells = banker_cells(table, 0.0);
    for (bool draws : {false, true}) {
      const AtWill a{false, false, draws};
      const Tally all = brute_force(
          points, [&](int p) { return regola_player_draws(p, a); },
          [&](int b, int c) { return regola_banker_draws(b, c, a); });
      const Tally other = brute_force(
          points, [&](int p) { return regola_player_draws(p, a); },
          [&](int b, int c) { return (b == 5 && c == 4) ? !draws : regola_banker_draws(b, c, a); });
      // The difference between the two is the cell's own difference.
      const double diff = (double(all[banker_wins]) - double(all[player_wins])) -
                          (double(other[banker_wins]) - double(other[player_wins]));
      const BankerCell& x = cells.cell[5][4];
      CHECK(diff == Approx((draws ? 1 : -1) * (x.draw - x.stand) * x.coups).margin(1e-6));
    }
  }
}

TEST_CASE("the Italian table with every choice drawing is punto banco's tableau",
          "[chemin-de-fer]") {
  const CoupTable table(Shoe::of_decks(8));
  const Outcome o = regola_outcome(table, AtWill{true, true, true});
  CHECK(o.counts == punto_banco(Shoe::of_decks(8)).counts);
}

TEST_CASE("chemin de fer, 6 decks: probabilities add up, the default reading", "[chemin-de-fer]") {
  const CoupTable table(Shoe::of_decks(6));
  CHECK(table.total() == 312ULL * 311 * 310 * 309 * 308 * 307);
  const Outcome o = regola_outcome(table, AtWill{});
  CHECK(o.counts[0] + o.counts[1] + o.counts[2] == o.total);
  CHECK(o.chance(banker_wins) > o.chance(player_wins));
  // Every cell's reaching chances add up to the coups without a natural.
  const BankerCells cells = banker_cells(table, 0.0);
  double reached = 0;
  for (int b = 0; b <= 7; ++b)
    for (int c = 0; c <= kStood; ++c) reached += cells.cell[b][c].chance;
  const Tally& nat = table.naturals();
  CHECK(reached + double(nat[0] + nat[1] + nat[2]) / double(table.total()) == Approx(1.0));
}
