// The certificate checker's leaf pass (proof/retrograde_highlow.h) against
// the first, plain pass (proof/plain_highlow.h), the reference search and a
// search on the rules interface; and the boards used shown to catch each
// rule broken on purpose.
#include "proof/retrograde_highlow.h"

#include <array>
#include <catch2/catch.hpp>
#include <thread>
#include <vector>

#include "games/deal.h"
#include "games/values.h"
#include "highlow_oracles.h"
#include "proof/plain_highlow.h"

using namespace scarney;

namespace {

// A start board's removals and lone pawns won, as RetrogradeHighLow::wins
// takes them, so that a test can change one rule.
struct Rules {
  std::vector<StandingRemoval> removals;
  Mask lone_won = 0;
};

Rules rules_of(const Board& b) {
  StandingRemoval r[kMaxRemovals];
  Rules out;
  out.removals.assign(r, r + highlow_standing_removals(b, r));
  for (Circle c : circles(b.occupied()))
    if (!last_mover_wins(b.pawn_on(c))) out.lone_won = static_cast<Mask>(out.lone_won | bit(c));
  return out;
}

}  // namespace

TEST_CASE("retrograde High-Low pass: agrees with the plain pass on complete boards",
          "[proof][cross-check][long]") {
  SplitMix64 rng(41);
  RetrogradeHighLow fast;
  PlainHighLow plain;
  int wins = 0;
  const int boards = 2000;
  for (int i = 0; i < boards; ++i) {
    const Board b = random_deal(rng);
    const bool w = fast.wins(b);
    REQUIRE(w == plain.wins(b));
    wins += w;
  }
  // Both winners are met.
  CHECK(wins > boards / 10);
  CHECK(wins < boards * 9 / 10);
}

// The count issue 35 asked of the checker before the proof was run:
// 100,000 boards, about 110 s of the plain pass on one core; on two
// threads, each with its own solvers. Hidden ([.]): not in the CI, whose
// 20 minutes it took a tenth of once the proof was checked; run it with
// `build/tests/core_tests "[recheck]"` (docs/highlow-solution.md, "How it
// is checked"). The CI keeps the 2,000 boards above.
TEST_CASE("retrograde High-Low pass: agrees with the plain pass on 100,000 complete boards",
          "[.][recheck][proof][cross-check]") {
  SplitMix64 rng(43);
  std::vector<Board> boards;
  for (int i = 0; i < 100000; ++i) boards.push_back(random_deal(rng));
  constexpr int kThreads = 2;
  std::array<int, kThreads> disagree{};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      RetrogradeHighLow fast;
      PlainHighLow plain;
      for (size_t i = t; i < boards.size(); i += kThreads)
        disagree[t] += fast.wins(boards[i]) != plain.wins(boards[i]);
    });
  for (auto& th : threads) th.join();
  CHECK(disagree[0] + disagree[1] == 0);
}

TEST_CASE("retrograde High-Low pass: agrees with the reference on boards of 1 to 10 pawns",
          "[proof][cross-check][long]") {
  SplitMix64 rng(47);
  RetrogradeHighLow fast;
  int wins = 0;
  for (int i = 0; i < 3000; ++i) {
    const int pawns = 1 + static_cast<int>(rng.below(10));
    const Board b = random_board(rng, pawns);
    CAPTURE(i, pawns);
    const bool w = fast.wins(b);
    REQUIRE(w == test::reference_wins(b));
    wins += w;
  }
  CHECK(wins > 500);
  CHECK(wins < 2500);
}

TEST_CASE("retrograde High-Low pass: agrees with a search on the rules on complete boards",
          "[proof][cross-check][slow]") {
  SplitMix64 rng(53);
  RetrogradeHighLow fast;
  for (int i = 0; i < 300; ++i) {
    const Board b = random_deal(rng);
    REQUIRE(fast.wins(b) == test::rules_wins(b));
  }
}

TEST_CASE("retrograde High-Low pass: the one-pawn and two-pawn ends by hand", "[proof]") {
  RetrogradeHighLow fast;
  // One pawn left: the game is over; the side to move wins when the last
  // mover, his opponent, is left with a 1 or a 2.
  for (Pawn p = 0; p < kPawns; ++p) {
    Board b;
    b.place(p, 5);
    CHECK(fast.wins(b) == (spots_of(p) <= 2));
  }
  // Two pawns: the mover takes one and leaves the other; he wins when he
  // can leave a 3 or a 4. R1 and R2 (no 3 or 4): he loses.
  Board low;
  low.place(static_cast<Pawn>(4), 0);   // R1 on C1
  low.place(static_cast<Pawn>(5), 15);  // R2 on C16
  CHECK_FALSE(fast.wins(low));
  Board high = low;
  high.remove(15);
  high.place(static_cast<Pawn>(6), 15);  // R3 on C16: he takes R1
  CHECK(fast.wins(high));
}

// Each rule changed on purpose changes the answer on some of the boards the
// cross-checks use: so those boards would catch the rule broken in the pass.
TEST_CASE("retrograde High-Low pass: a rule broken on purpose is caught by the boards",
          "[proof][cross-check][long]") {
  SplitMix64 rng(41);  // the first boards of the cross-check above
  RetrogradeHighLow fast;
  PlainHighLow plain;
  int no_blockers = 0, no_triples = 0, no_pairs = 0, lone_inverted = 0, no_singles = 0;
  for (int i = 0; i < 300; ++i) {
    const Board b = random_deal(rng);
    const bool truth = plain.wins(b);
    const Rules r = rules_of(b);
    const auto wins_with = [&](auto keep, auto change) {
      std::vector<StandingRemoval> rs;
      for (StandingRemoval m : r.removals)
        if (keep(m)) rs.push_back(change(m));
      return fast.wins(b.occupied(), rs, r.lone_won);
    };
    const auto all = [](const StandingRemoval&) { return true; };
    const auto same = [](StandingRemoval m) { return m; };
    no_blockers += wins_with(all, [](StandingRemoval m) {
                     m.blockers = 0;
                     return m;
                   }) != truth;
    no_triples +=
        wins_with([](const StandingRemoval& m) { return count(m.circles) != 3; }, same) != truth;
    no_pairs +=
        wins_with([](const StandingRemoval& m) { return count(m.circles) != 2; }, same) != truth;
    no_singles +=
        wins_with([](const StandingRemoval& m) { return count(m.circles) != 1; }, same) != truth;
    lone_inverted += fast.wins(b.occupied(), r.removals, static_cast<Mask>(~r.lone_won)) != truth;
    REQUIRE(fast.wins(b.occupied(), r.removals, r.lone_won) == truth);
  }
  CHECK(no_blockers > 0);
  CHECK(no_triples > 0);
  CHECK(no_pairs > 0);
  CHECK(no_singles > 0);
  CHECK(lone_inverted > 0);
}
