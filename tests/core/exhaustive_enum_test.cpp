// The enumeration of every deal up to the 48 relabellings: Burnside's count,
// the walk against brute force on small boards of the same structure and on
// ranges of the real one, rank and unrank, and that the relabellings keep
// the Solitaire and Singles values.
#include <algorithm>
#include <catch2/catch.hpp>
#include <map>

#include "board/symmetry.h"
#include "exhaustive/deal_space.h"
#include "exhaustive/enumerator.h"
#include "games/deal.h"
#include "search/solver.h"
#include "stats/deal_outcome.h"

using namespace scarney;
using namespace scarney::exhaustive;

namespace {

struct Brute {
  uint64_t representatives = 0, weight = 0;
  std::map<uint64_t, int> orbit_of_rank;  // representative rank -> orbit size
  std::vector<uint64_t> rep_of_rank;      // every rank -> its representative's rank
};

Brute brute_force(const DealSpace& s) {
  const auto group = relabellings(s);
  const int n = s.cells();
  Brute b;
  b.rep_of_rank.resize(factorial(n));
  for (uint64_t r = 0; r < factorial(n); ++r) {
    const Deal d = deal_of_rank(r, s);
    Deal smallest = d;
    for (const auto& g : group)
      if (canonically_less(apply(g, d, n), smallest, s)) smallest = apply(g, d, n);
    b.rep_of_rank[r] = rank_of(smallest, s);
    const OrbitFacts f = orbit_by_brute_force(s, group, d);
    CHECK(f.representative == (b.rep_of_rank[r] == r));
    if (f.representative) {
      ++b.representatives;
      b.weight += f.orbit_size;
      b.orbit_of_rank[r] = f.orbit_size;
    }
  }
  return b;
}

void check_small_space(const DealSpace& s) {
  const int n = s.cells();
  const Brute b = brute_force(s);
  Enumerator e(s);
  CHECK(b.weight == factorial(n));
  CHECK(orbit_count(s) == b.representatives);
  // The whole range, then every shard of several shard counts.
  std::map<uint64_t, int> walked;
  e.for_each(0, factorial(n), [&](uint64_t r, const Deal& d, int orbit) {
    CHECK(rank_of(d, s) == r);
    walked[r] = orbit;
    return true;
  });
  CHECK(walked == b.orbit_of_rank);
  for (uint64_t shards : {2, 3, 7, 48, 1000}) {
    uint64_t reps = 0, weight = 0;
    for (uint64_t k = 0; k < shards; ++k) {
      const uint64_t lo = k * factorial(n) / shards, hi = (k + 1) * factorial(n) / shards;
      uint64_t shard_weight = 0;
      e.for_each(lo, hi, [&](uint64_t r, const Deal&, int orbit) {
        CHECK(r >= lo);
        CHECK(r < hi);
        ++reps;
        shard_weight += orbit;
        return true;
      });
      // The orbit sizes of a shard's representatives count the deals whose
      // representative lies in the shard.
      uint64_t owned = 0;
      for (uint64_t rep : b.rep_of_rank) owned += rep >= lo && rep < hi;
      CHECK(shard_weight == owned);
      weight += shard_weight;
    }
    CHECK(reps == b.representatives);
    CHECK(weight == factorial(n));
  }
}

}  // namespace

TEST_CASE("rank and unrank are inverse, the rank order of the circles", "[exhaustive]") {
  SplitMix64 rng(5);
  for (int i = 0; i < 1000; ++i) {
    const uint64_t r = rng.below(factorial(16));
    CHECK(rank_of(deal_of_rank(r, kScarney), kScarney) == r);
  }
  // The rank reads the outer ring row by row, then the centre.
  const CircleOrder order = rank_order(kScarney);
  const CircleOrder expected = {0, 1, 2, 3, 4, 7, 8, 11, 12, 13, 14, 15, 5, 6, 9, 10};
  CHECK(order == expected);
  CHECK(canonical_order(kScarney)[0] == 5);
  Deal first{}, last{};
  for (int k = 0; k < 16; ++k) first[order[k]] = k, last[order[k]] = 15 - k;
  CHECK(rank_of(first, kScarney) == 0);
  CHECK(rank_of(last, kScarney) == factorial(16) - 1);
}

TEST_CASE("the relabellings: the board's symmetries times the colour permutations",
          "[exhaustive]") {
  const auto group = relabellings(kScarney);
  REQUIRE(group.size() == 48);
  for (const auto& g : group) {
    for (int c = 0; c < 16; ++c) CHECK(g.to[c] == symmetry_map(g.symmetry)[c]);
    CHECK(g.colour[0] == 0);                                         // black stays black
    for (int p = 0; p < 16; ++p) CHECK((g.pawn[p] & 3) == (p & 3));  // spots stay
  }
}

TEST_CASE("Burnside: the orbits of the 16! deals under the 48 relabellings", "[exhaustive]") {
  const auto group = relabellings(kScarney);
  uint64_t with_fixed = 0;
  for (const auto& g : group) with_fixed += fixed_deals(kScarney, g) > 0;
  // Only the identity fixes a deal: no circle permutation of the square has
  // the cycle type of a colour permutation, so every orbit has 48 deals.
  CHECK(with_fixed == 1);
  CHECK(fixed_deals(kScarney, group[0]) == 20'922'789'888'000ull);
  CHECK(orbit_count(kScarney) == 435'891'456'000ull);
  CHECK(orbit_count(kScarney) * 48 == factorial(16));
}

TEST_CASE("fixed-point counts by cycle type agree with brute force", "[exhaustive]") {
  for (const DealSpace s : {DealSpace{2, 4, 1}, DealSpace{2, 2, 2}, DealSpace{3, 3, 3}}) {
    const auto group = relabellings(s);
    const int n = s.cells();
    for (const auto& g : group) {
      uint64_t fixed = 0;
      for (uint64_t r = 0; r < factorial(n); ++r) {
        const Deal d = deal_of_rank(r, s);
        fixed += apply(g, d, n) == d;
      }
      CHECK(fixed == fixed_deals(s, g));
    }
  }
}

TEST_CASE("the walk finds exactly the representatives, on small boards", "[exhaustive][long]") {
  // 2x2, four colours of one pawn: the same 48 relabellings, with
  // non-trivial stabilisers (a diagonal mirror with a colour swap).
  // (the 24 deals make one orbit: 48 relabellings, every stabiliser of 2).
  check_small_space(DealSpace{2, 4, 1});
  CHECK(orbit_count(DealSpace{2, 4, 1}) == 1);
  // 2x2, two colours of two (black and one other): the 8 symmetries alone.
  check_small_space(DealSpace{2, 2, 2});
  // 3x3, three colours of three: 16 relabellings, 9! deals.
  check_small_space(DealSpace{3, 3, 3});
}

TEST_CASE("the walk agrees with brute force on ranges of the 16! deals", "[exhaustive]") {
  Enumerator e(kScarney);
  const auto group = relabellings(kScarney);
  SplitMix64 rng(11);
  for (int t = 0; t < 6; ++t) {
    const uint64_t width = t < 3 ? 20'000 : 200;
    const uint64_t lo = t == 0   ? 0
                        : t == 1 ? factorial(16) - width
                                 : rng.below(factorial(16) - width);
    std::vector<uint64_t> walked, brute;
    e.for_each(lo, lo + width, [&](uint64_t r, const Deal& d, int orbit) {
      CHECK(orbit == 48);
      CHECK(rank_of(d, kScarney) == r);
      walked.push_back(r);
      return true;
    });
    for (uint64_t r = lo; r < lo + width; ++r)
      if (orbit_by_brute_force(kScarney, group, deal_of_rank(r, kScarney)).representative)
        brute.push_back(r);
    std::sort(walked.begin(), walked.end());
    CHECK(walked == brute);
  }
}

TEST_CASE("the 48 relabellings keep the Solitaire and Singles values", "[exhaustive]") {
  const auto group = relabellings(kScarney);
  Solver solver;
  SplitMix64 rng(3);
  for (int i = 0; i < 12; ++i) {
    const Board b = random_deal(rng);
    Deal d{};
    for (int c = 0; c < 16; ++c) d[c] = b.pawn_on(static_cast<Circle>(c));
    const Game game = i % 3 == 2 ? Game::Singles : Game::Solitaire;
    const int value = solve_deal(solver, game, b).value;
    for (int k = 0; k < 6; ++k) {
      const auto& g = group[rng.below(group.size())];
      const Deal e = apply(g, d, 16);
      Board image;
      for (int c = 0; c < 16; ++c) image.place(e[c], static_cast<Circle>(c));
      CHECK(solve_deal(solver, game, image).value == value);
    }
  }
}
