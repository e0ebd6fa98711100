#include "chance/cards/chemin_de_fer_game.h"

#include <algorithm>
#include <numeric>
#include <vector>

namespace scarney::cards::baccarat {
namespace {

using i128 = __int128;

// The player's net count (player wins minus banker wins) in one cell for one
// banker action, as a line in x: at + x (at_draw - at).
struct Line {
  i128 stand5 = 0;  // the player stands at 5 (x = 0)
  i128 draw5 = 0;   // the player draws at 5 (x = 1)
  i128 slope() const { return draw5 - stand5; }
  // q * value at x = p / q.
  i128 at(i128 p, i128 q) const { return q * stand5 + p * slope(); }
};

struct CellLines {
  Line draw, stand;  // the banker draws / stands
};

std::string i128_string(i128 v) {
  if (v == 0) return "0";
  const bool neg = v < 0;
  std::string s;
  for (; v != 0; v /= 10) s += char('0' + int(neg ? -(v % 10) : v % 10));
  if (neg) s += '-';
  std::reverse(s.begin(), s.end());
  return s;
}

i128 gcd(i128 a, i128 b) {
  if (a < 0) a = -a;
  if (b < 0) b = -b;
  while (b != 0) {
    const i128 t = a % b;
    a = b;
    b = t;
  }
  return a;
}

struct Fraction {
  i128 p, q;  // q > 0
};

bool less(const Fraction& a, const Fraction& b) { return a.p * b.q < b.p * a.q; }

using Cells = std::vector<CellLines>;  // [banker point * 11 + third card or kStood]

Cells cell_lines(const CoupTable& table) {
  Cells cells(8 * 11);
  for (int bt = 0; bt <= 7; ++bt)
    for (int c = 0; c <= kStood; ++c)
      for (int pt = 0; pt <= 7; ++pt) {
        const bool stood = c == kStood;
        // Which of the player's two choices at 5 lead here.
        const bool when_stands = stood ? pt >= 5 : pt <= 4;
        const bool when_draws = stood ? pt >= 6 : pt <= 5;
        for (int d = 0; d <= 1; ++d) {
          const Tally& t = table.coups(pt, bt, c, d);
          const i128 net = i128(t[player_wins]) - i128(t[banker_wins]);
          Line& line = d ? cells[bt * 11 + c].draw : cells[bt * 11 + c].stand;
          if (when_stands) line.stand5 += net;
          if (when_draws) line.draw5 += net;
        }
      }
  return cells;
}

// q * V(p/q).
i128 value_at(const Cells& cells, i128 naturals, const Fraction& x) {
  i128 v = naturals * x.q;
  for (const CellLines& cl : cells) v += std::min(cl.draw.at(x.p, x.q), cl.stand.at(x.p, x.q));
  return v;
}

// The slope of V just right of x.
i128 right_slope(const Cells& cells, const Fraction& x) {
  i128 right = 0;
  for (const CellLines& cl : cells) {
    const i128 d = cl.draw.at(x.p, x.q), s = cl.stand.at(x.p, x.q);
    if (d < s)
      right += cl.draw.slope();
    else if (s < d)
      right += cl.stand.slope();
    else
      right += std::min(cl.draw.slope(), cl.stand.slope());
  }
  return right;
}

// The maximum of the concave V: the first candidate (the ends and every
// crossing inside) where V stops rising.
Fraction best_draw_on_5(const Cells& cells) {
  std::vector<Fraction> xs = {{0, 1}, {1, 1}};
  for (const CellLines& cl : cells) {
    const i128 d0 = cl.draw.stand5 - cl.stand.stand5, d1 = cl.draw.draw5 - cl.stand.draw5;
    if ((d0 < 0 && d1 > 0) || (d0 > 0 && d1 < 0)) {
      Fraction f{d0, d0 - d1};
      if (f.q < 0) f.p = -f.p, f.q = -f.q;
      const i128 g = gcd(f.p, f.q);
      xs.push_back({f.p / g, f.q / g});
    }
  }
  std::sort(xs.begin(), xs.end(), less);
  for (const Fraction& x : xs)
    if (right_slope(cells, x) <= 0) return x;
  return xs.back();
}

// The banker: pure where one action is strictly better at x*, mixed in the
// tied cells so that the player's slope is zero (or of the sign that keeps
// him at an end).
void banker_strategy(const Cells& cells, const Fraction& best, GameSolution& g) {
  i128 fixed = 0;
  std::vector<int> tied;
  for (int i = 0; i < int(cells.size()); ++i) {
    const CellLines& cl = cells[i];
    const i128 d = cl.draw.at(best.p, best.q), s = cl.stand.at(best.p, best.q);
    double& draws = g.banker_draws[i / 11][i % 11];
    if (d < s)
      draws = 1, fixed += cl.draw.slope();
    else if (s < d)
      draws = 0, fixed += cl.stand.slope();
    else
      tied.push_back(i);
  }
  // Start every tied cell at its lower slope, then raise them in turn until
  // the total slope reaches zero (x* inside) -- at an end any split that
  // keeps the sign right will do, and the lower slopes do it at x = 0.
  i128 slope = fixed;
  for (int i : tied) {
    const CellLines& cl = cells[i];
    const bool draw_lower = cl.draw.slope() <= cl.stand.slope();
    g.banker_draws[i / 11][i % 11] = draw_lower ? 1 : 0;
    slope += std::min(cl.draw.slope(), cl.stand.slope());
  }
  const bool interior = best.p > 0 && best.p < best.q;
  const bool at_one = best.p == best.q;
  for (int i : tied) {
    if (!(interior || at_one) || slope >= 0) break;
    const CellLines& cl = cells[i];
    const i128 lo = std::min(cl.draw.slope(), cl.stand.slope());
    const i128 hi = std::max(cl.draw.slope(), cl.stand.slope());
    const i128 need = -slope;  // to reach zero
    const bool draw_lower = cl.draw.slope() <= cl.stand.slope();
    if (hi - lo >= need && hi > lo) {
      const double r =
          double((long double)need / (long double)(hi - lo));  // weight on the higher slope
      g.banker_draws[i / 11][i % 11] = draw_lower ? 1 - r : r;
      slope = 0;
    } else {
      g.banker_draws[i / 11][i % 11] = draw_lower ? 0 : 1;
      slope += hi - lo;
    }
  }
}

}  // namespace

GameSolution solve_chemin_de_fer(const CoupTable& table) {
  const Cells cells = cell_lines(table);
  const Tally& nat = table.naturals();
  const i128 naturals = i128(nat[player_wins]) - i128(nat[banker_wins]);
  const Fraction best = best_draw_on_5(cells);

  GameSolution g;
  const long double total = (long double)table.total();
  g.draw_on_5 = double((long double)best.p / (long double)best.q);
  g.draw_on_5_exact = i128_string(best.p) + "/" + i128_string(best.q);
  g.value = double((long double)value_at(cells, naturals, best) / (long double)best.q / total);
  g.value_standing_on_5 = double((long double)value_at(cells, naturals, {0, 1}) / total);
  g.value_drawing_on_5 = double((long double)value_at(cells, naturals, {1, 1}) / total);
  banker_strategy(cells, best, g);
  return g;
}

}  // namespace scarney::cards::baccarat
