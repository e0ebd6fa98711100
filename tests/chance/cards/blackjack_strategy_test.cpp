// The anchors: Scarne's rules off the top of a four-deck shoe, and the
// published four-deck basic strategy charts.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "chance/cards/basic_strategy.h"
#include "chance/cards/expectation.h"

using namespace scarney::cards::blackjack;

namespace {

const int kUpcards[10] = {2, 3, 4, 5, 6, 7, 8, 9, 10, 1};

// Chart notation: H S P, D double else hit, d double else stand.
char cell(const Strategy& s, Action a, int up, int total, bool soft) {
  if (a == Action::double_down) return s.hits(up, total, soft) ? 'D' : 'd';
  return char(a);
}

std::string hard_row(const Strategy& s, int total) {
  std::string row;
  for (int u : kUpcards) row += cell(s, s.two_card(u, total, false), u, total, false);
  return row;
}
std::string soft_row(const Strategy& s, int total) {
  std::string row;
  for (int u : kUpcards) row += cell(s, s.two_card(u, total, true), u, total, true);
  return row;
}
std::string pair_row(const Strategy& s, int p) {
  std::string row;
  for (int u : kUpcards) row += cell(s, s.pair(u, p), u, p == 1 ? 12 : 2 * p, p == 1);
  return row;
}

// The published 4-8 deck chart, dealer stands on soft 17, no doubling after
// splits, double on any two cards; columns 2-10, A.
const char* kHard[] = {
    /* 5 */ "HHHHHHHHHH",  /* 6 */ "HHHHHHHHHH",
    /* 7 */ "HHHHHHHHHH",  /* 8 */ "HHHHHHHHHH",
    /* 9 */ "HDDDDHHHHH",  /* 10 */ "DDDDDDDDHH",
    /* 11 */ "DDDDDDDDDH", /* 12 */ "HHSSSHHHHH",
    /* 13 */ "SSSSSHHHHH", /* 14 */ "SSSSSHHHHH",
    /* 15 */ "SSSSSHHHHH", /* 16 */ "SSSSSHHHHH",
    /* 17 */ "SSSSSSSSSS", /* 18 */ "SSSSSSSSSS",
    /* 19 */ "SSSSSSSSSS", /* 20 */ "SSSSSSSSSS"};
const char* kSoft[] = {
    /* A,2 */ "HHHDDHHHHH", /* A,3 */ "HHHDDHHHHH",
    /* A,4 */ "HHDDDHHHHH", /* A,5 */ "HHDDDHHHHH",
    /* A,6 */ "HDDDDHHHHH", /* A,7 */ "SddddSSHHH",
    /* A,8 */ "SSSSSSSSSS", /* A,9 */ "SSSSSSSSSS"};
const char* kPairs[] = {
    /* A,A */ "PPPPPPPPPP", /* 2,2 */ "HHPPPPHHHH",
    /* 3,3 */ "HHPPPPHHHH", /* 4,4 */ "HHHHHHHHHH",
    /* 5,5 */ "DDDDDDDDHH", /* 6,6 */ "HPPPPHHHHH",
    /* 7,7 */ "PPPPPPHHHH", /* 8,8 */ "PPPPPPPPPP",
    /* 9,9 */ "PPPPPSPPSS", /* T,T */ "SSSSSSSSSS"};

const Strategy& scarne_strategy() {
  static const Strategy s = basic_strategy(Rules{});
  return s;
}

}  // namespace

TEST_CASE("basic strategy matches the published 4-deck S17 no-DAS chart", "[blackjack][strategy]") {
  const Strategy& s = scarne_strategy();
  for (int t = 5; t <= 20; ++t) {
    INFO("hard " << t);
    CHECK(hard_row(s, t) == kHard[t - 5]);
  }
  for (int t = 13; t <= 20; ++t) {
    INFO("soft " << t);
    CHECK(soft_row(s, t) == kSoft[t - 13]);
  }
  for (int p = 1; p <= 10; ++p) {
    INFO("pair " << p);
    CHECK(pair_row(s, p) == kPairs[p - 1]);
  }
  // Hands of three or more cards hit or stand like the two-card chart here
  // (16 against a ten: hit, even with three cards, in total-dependent play).
  for (int u = 1; u <= 10; ++u) {
    CHECK(s.hits(u, 16, false) == (u >= 7 || u == 1));
    CHECK(s.hits(u, 12, false) == (u <= 3 || u >= 7 || u == 1));
    CHECK(s.hits(u, 18, true) == (u >= 9 || u == 1));
  }
}

TEST_CASE("hitting soft 17 and doubling after splits change the chart where published",
          "[blackjack][strategy][slow]") {
  const Strategy& s17 = scarne_strategy();
  Rules h17_rules;
  h17_rules.dealer_hits_soft_17 = true;
  const Strategy h17 = basic_strategy(h17_rules);
  // H17: double 11 against an ace, soft 18 against a 2 and soft 19 against a 6.
  std::vector<std::string> changed;
  for (int t = 5; t <= 20; ++t)
    for (int i = 0; i < 10; ++i)
      if (hard_row(s17, t)[i] != hard_row(h17, t)[i])
        changed.push_back("hard " + std::to_string(t) + "v" + std::to_string(kUpcards[i]) +
                          hard_row(h17, t)[i]);
  for (int t = 13; t <= 20; ++t)
    for (int i = 0; i < 10; ++i)
      if (soft_row(s17, t)[i] != soft_row(h17, t)[i])
        changed.push_back("soft " + std::to_string(t) + "v" + std::to_string(kUpcards[i]) +
                          soft_row(h17, t)[i]);
  for (int p = 1; p <= 10; ++p)
    for (int i = 0; i < 10; ++i)
      if (pair_row(s17, p)[i] != pair_row(h17, p)[i])
        changed.push_back("pair " + std::to_string(p) + "v" + std::to_string(kUpcards[i]));
  CHECK(changed == std::vector<std::string>{"hard 11v1D", "soft 18v2d", "soft 19v6d"});

  Rules das_rules;
  das_rules.double_after_split = true;
  const Strategy das = basic_strategy(das_rules);
  // DAS: split 2,2 and 3,3 against 2-7, 4,4 against 5-6, 6,6 against 2-6.
  CHECK(pair_row(das, 2) == "PPPPPPHHHH");
  CHECK(pair_row(das, 3) == "PPPPPPHHHH");
  CHECK(pair_row(das, 4) == "HHHPPHHHHH");
  CHECK(pair_row(das, 6) == "PPPPPHHHHH");
  for (int p : {1, 5, 7, 8, 9, 10}) CHECK(pair_row(das, p) == pair_row(s17, p));
}

TEST_CASE("Scarne's rules, 4 decks: -0.489% off the top (anchor)", "[blackjack][anchor][slow]") {
  const Rules r;
  const Expectation td = expectation(r, &scarne_strategy());
  // Total-dependent basic strategy, within 0.02 percentage points.
  CHECK(td.overall == Approx(-0.00489).margin(0.0002));
  // The best play for each composition, as exact analyzers compute it.
  const Expectation cd = expectation(r, nullptr);
  CHECK(cd.overall == Approx(-0.00489).margin(0.00002));
  CHECK(cd.overall > td.overall);
  double sum = 0, chance = 0;
  for (int u = 1; u <= 10; ++u)
    sum += td.upcard_chance[u] * td.by_upcard[u], chance += td.upcard_chance[u];
  CHECK(chance == Approx(1.0));
  CHECK(sum == Approx(td.overall));
}

TEST_CASE("Scarne's rules with doubling after splits: -0.348% (anchor)",
          "[blackjack][anchor][slow]") {
  Rules r;
  r.double_after_split = true;
  const Strategy s = basic_strategy(r);
  CHECK(expectation(r, &s).overall == Approx(-0.00348).margin(0.0002));
  CHECK(expectation(r, nullptr).overall == Approx(-0.00348).margin(0.00002));
}
