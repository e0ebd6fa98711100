#include "stats/tally.h"

namespace scarney {

void Tally::add(uint64_t deal, const DealOutcome& o) {
  const auto better = [](const Extreme& e, int v, uint64_t d, bool higher) {
    if (v != e.value) return higher ? v > e.value : v < e.value;
    return d < e.deal;
  };
  if (deals == 0 || better(best, o.value, deal, true)) best = {deal, o.value};
  if (deals == 0 || better(worst, o.value, deal, false)) worst = {deal, o.value};
  ++deals;
  ++headline[scarney::headline(game, o)];
  ++values[o.value];
  if (traits(game).calls_scarney) ++call_gain[o.value - o.solitaire];
  if (value_kind(game) == ValueKind::Payoff)
    ++(o.starter_wins ? starter_won : second_won)[scarney::headline(game, o)];
}

}  // namespace scarney
