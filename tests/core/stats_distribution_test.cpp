#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "games/scoring.h"
#include "stats/bands.h"
#include "stats/distribution.h"

using namespace scarney;

namespace {
// P(B <= i) for B ~ Binomial(n, 1/2), by direct summation of Pascal's row.
std::vector<long double> binomial_cdf(int n) {
  std::vector<long double> row{1};
  for (int k = 0; k < n; ++k) {
    std::vector<long double> next(row.size() + 1, 0);
    for (size_t i = 0; i < row.size(); ++i) {
      next[i] += row[i] / 2;
      next[i + 1] += row[i] / 2;
    }
    row = next;
  }
  std::vector<long double> cdf(row.size());
  long double s = 0;
  for (size_t i = 0; i < row.size(); ++i) cdf[i] = s += row[i];
  return cdf;
}
}  // namespace

TEST_CASE("median ranks cover 95% and are the narrowest the binomial allows", "[stats]") {
  for (int n = 6; n <= 400; n += (n < 40 ? 1 : 17)) {
    const auto cdf = binomial_cdf(n);
    const auto [j, k] = median_ranks(static_cast<uint64_t>(n));
    INFO("n = " << n << ", j = " << j << ", k = " << k);
    REQUIRE(j >= 1);
    CHECK(k == static_cast<uint64_t>(n) + 1 - j);  // symmetric
    // P(j <= B <= k - 1) = cdf[k-1] - cdf[j-1]
    const long double cover = cdf[k - 1] - cdf[j - 1];
    CHECK(cover >= 0.95L);
    // One rank narrower on each side would cover less than 95%.
    CHECK(cdf[k - 2] - cdf[j] < 0.95L);
  }
  CHECK(median_ranks(100) == std::pair<uint64_t, uint64_t>{40, 61});  // the textbook pair
  CHECK(median_ranks(5) == std::pair<uint64_t, uint64_t>{1, 5});
  CHECK(median_ranks(1) == std::pair<uint64_t, uint64_t>{1, 1});
}

TEST_CASE("median ranks of large samples match the normal approximation", "[stats]") {
  for (uint64_t n : {10'000ull, 1'000'000ull, 100'000'000ull}) {
    const auto [j, k] = median_ranks(n);
    const double half_width = 1.959964 * std::sqrt(static_cast<double>(n)) / 2;
    CHECK(std::abs(static_cast<double>(j) - (n / 2.0 - half_width)) <= 2);
    CHECK(k == n + 1 - j);
  }
}

TEST_CASE("mean and median of a small histogram", "[stats]") {
  Histogram h;
  for (int v = 1; v <= 10; ++v) h[v] = 1;
  const Estimate median = median_interval(h);
  CHECK(median.value == 5.5);
  CHECK(median.lo == 2);  // ranks 2 and 9 for n = 10
  CHECK(median.hi == 9);
  const Estimate mean = mean_interval(Histogram{{1, 1}, {2, 1}, {3, 1}, {4, 1}, {5, 1}});
  CHECK(mean.value == Approx(3));
  CHECK(mean.hi - mean.value == Approx(1.959964 * std::sqrt(2.5 / 5)));
  CHECK(mean.value - mean.lo == Approx(mean.hi - mean.value));
  CHECK(order_statistic(Histogram{{3, 2}, {7, 1}}, 3) == 7);
  CHECK(order_statistic(Histogram{{3, 2}, {7, 1}}, 2) == 3);
}

TEST_CASE("Wilson intervals of shares", "[stats]") {
  const Estimate none = share_interval(0, 10);
  CHECK(none.value == 0);
  CHECK(none.lo == 0);
  CHECK(none.hi == Approx(0.2775).margin(1e-4));
  const Estimate half = share_interval(50, 100);
  CHECK(half.lo == Approx(0.4038).margin(1e-4));
  CHECK(half.hi == Approx(0.5962).margin(1e-4));
}

TEST_CASE("the match distribution is the five-fold convolution", "[stats]") {
  // A fair coin scoring 0 or 10: five games are 10 x Binomial(5, 1/2).
  const Distribution d = sum_distribution(Histogram{{0, 7}, {10, 7}}, 5);
  REQUIRE(d.size() == 6);
  const double expect[] = {1, 5, 10, 10, 5, 1};
  for (int k = 0; k <= 5; ++k) CHECK(d.at(10 * k) == Approx(expect[k] / 32));
  CHECK(mean(d) == Approx(25));
  CHECK(quantile(d, 0.5) == 20);
  CHECK(share_in(d, Band{"", 30, INT_MAX}) == Approx(0.5));
  // One game: the histogram itself, normalised; negative values too.
  const Distribution one = sum_distribution(Histogram{{-3, 1}, {4, 3}}, 1);
  CHECK(one.at(-3) == Approx(0.25));
  CHECK(one.at(4) == Approx(0.75));
  const Distribution two = sum_distribution(Histogram{{-3, 1}, {4, 3}}, 2);
  CHECK(two.at(-6) == Approx(1.0 / 16));
  CHECK(two.at(1) == Approx(6.0 / 16));
  CHECK(two.at(8) == Approx(9.0 / 16));
}

TEST_CASE("the rating bands agree with the book's tables in scoring.h", "[stats]") {
  for (int s = -100; s <= 1200; ++s) {
    int in_game = 0, in_match = 0;
    for (const Band& b : game_bands())
      if (b.contains(s)) {
        ++in_game;
        CHECK(b.name == game_rating(s));
      }
    for (const Band& b : match_bands())
      if (b.contains(s)) {
        ++in_match;
        CHECK(b.name == match_rating(s));
      }
    CHECK(in_game == 1);
    CHECK(in_match == 1);
  }
  CHECK(game_bands().front().range() == "150 or more");
  CHECK(game_bands()[1].range() == "125-149");
  CHECK(match_bands().back().range() == "99 or fewer");
  for (Game g : {Game::Doubles, Game::HighLow})
    for (int v = -300; v <= 300; ++v) {
      int in = 0;
      for (const Band& b : outcome_bands(g)) in += b.contains(v);
      CHECK(in == (g == Game::HighLow && v == 0 ? 0 : 1));  // High-Low has no zero payoff
    }
}
