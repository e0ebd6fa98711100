// Histograms of integer values and what is estimated from them: the mean
// and median with 95% confidence intervals, shares with Wilson intervals,
// and the distribution of the sum of independent games (the match view).
#pragma once

#include <cstdint>
#include <map>
#include <utility>

#include "stats/bands.h"

namespace scarney {

using Histogram = std::map<int, uint64_t>;   // value -> number of deals
using Distribution = std::map<int, double>;  // value -> probability

struct Estimate {
  double value = 0, lo = 0, hi = 0;  // the estimate and its 95% interval
};

uint64_t total(const Histogram& h);
// The rank-th smallest value, rank 1-based. Precondition: 1 <= rank <= total.
int order_statistic(const Histogram& h, uint64_t rank);

// Mean +- 1.96 standard errors (the sample standard deviation over sqrt n).
Estimate mean_interval(const Histogram& h);
// The sample median; the interval [x(j), x(k)] between order statistics
// whose ranks come from the Binomial(n, 1/2) distribution (see median_ranks).
Estimate median_interval(const Histogram& h);
// The 1-based ranks j <= k with P(j <= B < k) >= 0.95 for B ~ Binomial(n,
// 1/2), as narrow as the binomial allows; computed exactly (in doubles) by
// walking the binomial from its centre. Below 6 deals no such pair exists
// and the whole range (1, n) is returned.
std::pair<uint64_t, uint64_t> median_ranks(uint64_t n);
// The share k/n with its 95% Wilson score interval.
Estimate share_interval(uint64_t k, uint64_t n);

uint64_t count_in(const Histogram& h, const Band& b);

// The distribution of the sum of `games` independent values drawn from the
// empirical distribution h: the games-fold convolution of h / total(h).
Distribution sum_distribution(const Histogram& h, int games);
double mean(const Distribution& d);
// The smallest value v with P(X <= v) >= q.
int quantile(const Distribution& d, double q);
double share_in(const Distribution& d, const Band& b);

}  // namespace scarney
