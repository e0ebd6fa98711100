// The colour-blind reach table and the ceilings built on it, checked
// against plain searches.
#include <algorithm>
#include <bit>
#include <catch2/catch.hpp>
#include <set>
#include <thread>
#include <vector>

#include "games/scoring.h"
#include "search/colour_reach.h"
#include "search/reach_table.h"
#include "search/reference.h"
#include "search/score_prior.h"
#include "search/solitaire_ceiling.h"
#include "test_util.h"

using namespace scarney;

namespace {

// Calls f(from, over, to) for every jump open on `occ`, colours aside,
// worked out from rows and columns (independently of the tables' own list).
template <class F>
void for_each_open_jump(Mask occ, F f) {
  for (int c = 0; c < kCircles; ++c) {
    const int row = c >> 2, col = c & 3;
    const int dr[4] = {0, 0, 1, -1}, dk[4] = {1, -1, 0, 0};
    for (int d = 0; d < 4; ++d) {
      const int r2 = row + 2 * dr[d], k2 = col + 2 * dk[d];
      if (r2 < 0 || r2 > 3 || k2 < 0 || k2 > 3) continue;
      const Mask from = bit(static_cast<Circle>(c));
      const Mask over = bit(static_cast<Circle>((row + dr[d]) * 4 + col + dk[d]));
      const Mask to = bit(static_cast<Circle>(r2 * 4 + k2));
      if ((occ & from) && (occ & over) && !(occ & to)) f(from, over, to);
    }
  }
}

// Every set of circles colour-blind jumping reaches from `occ` (itself too).
void reachable(Mask occ, std::set<Mask>& seen) {
  if (!seen.insert(occ).second) return;
  for_each_open_jump(occ, [&](Mask from, Mask over, Mask to) {
    reachable(static_cast<Mask>((occ & ~from & ~over) | to), seen);
  });
}

// The finishes of black pawns alone from (occ, black) under the relaxed jump
// (no black pawn over a black pawn), by a plain search.
uint16_t black_finishes(Mask occ, Mask black, std::set<std::pair<Mask, Mask>>& seen) {
  if (!seen.insert({occ, black}).second) return 0;
  uint16_t r = 0;
  const int k = std::popcount(black);
  if (k == 1 && black == occ)
    r |= static_cast<uint16_t>(1u << colour_reach::lone_bit(reach::parity_class(first(occ))));
  if (k >= 2 && black == occ)
    r |= static_cast<uint16_t>(
        1u << colour_reach::group_bit(k, std::popcount(static_cast<Mask>(occ & kCorners))));
  for_each_open_jump(occ, [&](Mask from, Mask over, Mask to) {
    if ((black & from) && (black & over)) return;
    Mask b2 = static_cast<Mask>(black & ~over);
    if (black & from) b2 = static_cast<Mask>((b2 & ~from) | to);
    r |= black_finishes(static_cast<Mask>((occ & ~from & ~over) | to), b2, seen);
  });
  return r;
}

Mask random_mask(SplitMix64& rng, int n) {
  Mask m = 0;
  while (std::popcount(m) < n) m |= bit(static_cast<Circle>(rng.below(16)));
  return m;
}

}  // namespace

TEST_CASE("the reach table agrees with a plain search over colour-blind jumps",
          "[ceiling][reach]") {
  SplitMix64 rng(41);
  for (int i = 0; i < 300; ++i) {
    const Mask occ = random_mask(rng, 1 + static_cast<int>(rng.below(9)));
    std::set<Mask> seen;
    reachable(occ, seen);
    uint8_t lone = 0;
    int corners[reach::kSlots];
    std::fill(corners, corners + reach::kSlots, -1);
    for (const Mask m : seen) {
      const int n = std::popcount(m);
      if (n == 1) lone |= static_cast<uint8_t>(1u << reach::parity_class(first(m)));
      if (n < 2 || n > 4) continue;
      int counts[4] = {};
      for (Circle c : circles(m)) ++counts[reach::parity_class(c)];
      const int slot = reach::class_count_slot(counts);
      corners[slot] = std::max(corners[slot], std::popcount(static_cast<Mask>(m & kCorners)));
    }
    INFO("occupied " << occ);
    CHECK(reach::lone_classes(occ) == lone);
    for (int s = 0; s < reach::kSlots; ++s) CHECK(reach::max_corners(occ, s) == corners[s]);
  }
}

TEST_CASE("the one-colour finish table agrees with a plain search of the relaxed jump",
          "[ceiling][reach]") {
  SplitMix64 rng(59);
  int reachable_somewhere = 0;
  for (int i = 0; i < 300; ++i) {
    const Mask occ = random_mask(rng, 2 + static_cast<int>(rng.below(8)));
    Mask black = 0;
    const int k = std::min(std::popcount(occ), 1 + static_cast<int>(rng.below(4)));
    while (std::popcount(black) < k) black |= bit(static_cast<Circle>(rng.below(16))) & occ;
    // Union of the finishes over every path, as the table records it.
    uint16_t expected = 0;
    std::set<std::pair<Mask, Mask>> seen;
    black_finishes(occ, black, seen);
    for (const auto& [o, b] : seen) {
      const int n = std::popcount(b);
      if (n == 1 && o == b)
        expected |=
            static_cast<uint16_t>(1u << colour_reach::lone_bit(reach::parity_class(first(o))));
      if (n >= 2 && o == b)
        expected |= static_cast<uint16_t>(
            1u << colour_reach::group_bit(n, std::popcount(static_cast<Mask>(o & kCorners))));
    }
    INFO("occupied " << occ << " black " << black);
    CHECK(colour_reach::finishes(occ, black) == expected);
    reachable_somewhere += expected != 0;
  }
  CHECK(reachable_somewhere > 20);
  // Two black pawns side by side on an edge, nothing else: already alone.
  CHECK(colour_reach::best_group(colour_reach::finishes(0x0003, 0x0003), 0x3, 20) ==
        40 - 3 + 20 * (2 + 1));
  // B2 on C2 jumps R1 on C3 to the corner C4: B1 and B2 alone, on two
  // corners.
  CHECK(colour_reach::finishes(0x0007, 0x0003) == 1u << colour_reach::group_bit(2, 2));
  // B1 on C1, R1 on C2, B2 on C3: neither black can jump the red (the
  // other black stands where it would land), and the red only jumps B2 to
  // C4: neither colour is ever left alone.
  CHECK(colour_reach::finishes(0x0007, 0x0005) == 0);
  CHECK(colour_reach::finishes(0x0007, 0x0002) == 0);
  // B1 on C1 jumps R1 on C2: B1 alone on C3 (the class of C1); R1 can
  // never be left alone.
  CHECK(colour_reach::finishes(0x0003, 0x0001) ==
        1u << colour_reach::lone_bit(reach::parity_class(0)));
  CHECK(colour_reach::finishes(0x0003, 0x0002) == 0);
}

TEST_CASE("threads building the one-colour rows at once agree", "[ceiling][reach]") {
  // Rows are built on first use and published atomically; two threads
  // asking for the same unbuilt rows must read the same finishes.
  struct Query {
    Mask occ, own;
  };
  std::vector<Query> queries;
  SplitMix64 rng(61);
  for (int i = 0; i < 400; ++i) {
    const Mask occ = random_mask(rng, 9 + static_cast<int>(rng.below(4)));
    Mask own = 0;
    while (std::popcount(own) < 3) own |= bit(static_cast<Circle>(rng.below(16))) & occ;
    queries.push_back({occ, own});
  }
  std::vector<uint16_t> a(queries.size()), b(queries.size());
  std::thread first([&] {
    for (size_t i = 0; i < queries.size(); ++i)
      a[i] = colour_reach::finishes(queries[i].occ, queries[i].own);
  });
  std::thread second([&] {
    for (size_t i = queries.size(); i-- > 0;)
      b[i] = colour_reach::finishes(queries[i].occ, queries[i].own);
  });
  first.join();
  second.join();
  CHECK(a == b);
  for (size_t i = 0; i < queries.size(); ++i)
    CHECK(a[i] == colour_reach::finishes(queries[i].occ, queries[i].own));
}

TEST_CASE("the sharp ceiling is never below the exact value nor above the invariants' ceiling",
          "[ceiling][reach][cross-check]") {
  SplitMix64 rng(43);
  int sharper = 0, tight = 0;
  for (int i = 0; i < 400; ++i) {
    Position p;
    p.game = i % 2 ? Game::Singles : Game::Solitaire;
    p.phase = Phase::Jump;
    p.board = test::random_board(rng, 2 + static_cast<int>(rng.below(9)));
    CeilingContext ctx;
    ctx.reset(p.board);
    const uint16_t m = p.board.material();
    const int cheap = ctx(m, signature(p.board.occupied()));
    const int sharp = ctx.sharp(p.board, m);
    const int v = reference_value(p);
    INFO(diagram(p.board));
    REQUIRE(sharp >= v);
    CHECK(sharp <= cheap);
    sharper += sharp < cheap;
    tight += sharp == v;
  }
  CHECK(sharper > 40);  // the reach table does cut more
  CHECK(tight > 60);    // and is often exact
}

TEST_CASE("a child's ceiling by pieces equals the ceiling worked out whole", "[ceiling]") {
  SplitMix64 rng(47);
  for (int i = 0; i < 200; ++i) {
    Board b = test::random_board(rng, 3 + static_cast<int>(rng.below(13)));
    CeilingContext ctx;
    ctx.reset(b);
    const uint16_t m = b.material();
    const int sig = signature(b.occupied());
    const auto kids = ctx.children(m, sig);
    for (Circle c : circles(b.occupied())) {
      const Pawn p = b.pawn_on(c);
      CHECK(kids.without(p) == ctx(static_cast<uint16_t>(m & ~(1u << p)), sig));
    }
  }
}

TEST_CASE("every score an ending makes is a possible score, and the tests ask only those",
          "[ceiling][prior]") {
  SplitMix64 rng(53);
  for (int i = 0; i < 5000; ++i) {
    const Board b = test::random_board(rng, 1 + static_cast<int>(rng.below(5)));
    CHECK(possible_score(final_score(b).total()));
  }
  // The ladder above 117 has gaps: 118 to 129 cannot be scored.
  for (int s = 118; s <= 129; ++s) CHECK_FALSE(possible_score(s));
  CHECK(possible_score(116));
  CHECK(possible_score(190));
  CHECK_FALSE(possible_score(191));
  for (int i = 0; i < 2000; ++i) {
    const int lo = static_cast<int>(rng.below(200));
    const int hi = lo + static_cast<int>(rng.below(60));
    const int t = next_threshold(lo, hi);
    if (t == lo) {
      for (int s = lo + 1; s <= hi; ++s) CHECK_FALSE(possible_score(s));
    } else {
      CHECK(t > lo);
      CHECK(t <= hi);
      CHECK(possible_score(t));
    }
  }
}
