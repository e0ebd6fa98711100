#include "stats/distribution.h"

#include <cmath>
#include <vector>

namespace scarney {

namespace {
constexpr double kZ95 = 1.959963984540054;  // the normal 97.5% quantile
}

uint64_t total(const Histogram& h) {
  uint64_t n = 0;
  for (const auto& [v, c] : h) n += c;
  return n;
}

int order_statistic(const Histogram& h, uint64_t rank) {
  uint64_t seen = 0;
  for (const auto& [v, c] : h) {
    seen += c;
    if (seen >= rank) return v;
  }
  return h.empty() ? 0 : h.rbegin()->first;
}

Estimate mean_interval(const Histogram& h) {
  const uint64_t n = total(h);
  if (n == 0) return {};
  // Exact integer sums, then one division: the same result whatever the
  // order the deals were counted in.
  long double sum = 0, squares = 0;
  for (const auto& [v, c] : h) {
    sum += static_cast<long double>(v) * c;
    squares += static_cast<long double>(v) * v * c;
  }
  const double mean = static_cast<double>(sum / n);
  if (n < 2) return {mean, mean, mean};
  const long double var = (squares - sum * sum / n) / (n - 1);
  const double se = std::sqrt(static_cast<double>(std::max<long double>(var, 0)) / n);
  return {mean, mean - kZ95 * se, mean + kZ95 * se};
}

std::pair<uint64_t, uint64_t> median_ranks(uint64_t n) {
  if (n == 0) return {0, 0};
  // Walk down from the centre: tail = P(B <= i). For odd n, P(B <= (n-1)/2)
  // is exactly 1/2; for even n, P(B <= n/2 - 1) = (1 - P(B = n/2)) / 2.
  const double dn = static_cast<double>(n);
  const auto log_pmf = [&](double i) {
    return std::lgamma(dn + 1) - std::lgamma(i + 1) - std::lgamma(dn - i + 1) - dn * std::log(2.0);
  };
  int64_t i = static_cast<int64_t>((n - 1) / 2);  // the highest i with P(B <= i) <= 1/2
  double tail = 0.5;
  if (n % 2 == 0) tail = (1 - std::exp(log_pmf(dn / 2))) / 2;
  double pmf = std::exp(log_pmf(static_cast<double>(i)));
  // Find the largest h with P(B <= h) <= 0.025.
  while (i >= 0 && tail > 0.025) {
    tail -= pmf;                                                     // now P(B <= i - 1)
    pmf *= static_cast<double>(i) / static_cast<double>(n - i + 1);  // P(B = i - 1)
    --i;
  }
  if (i < 0) return {1, n};
  const uint64_t h = static_cast<uint64_t>(i);
  return {h + 1, n - h};
}

Estimate median_interval(const Histogram& h) {
  const uint64_t n = total(h);
  if (n == 0) return {};
  const double median = (order_statistic(h, (n + 1) / 2) + order_statistic(h, n / 2 + 1)) / 2.0;
  const auto [j, k] = median_ranks(n);
  return {median, static_cast<double>(order_statistic(h, j)),
          static_cast<double>(order_statistic(h, k))};
}

Estimate share_interval(uint64_t k, uint64_t n) {
  if (n == 0) return {};
  const double p = static_cast<double>(k) / n, z2 = kZ95 * kZ95, dn = static_cast<double>(n);
  const double centre = (p + z2 / (2 * dn)) / (1 + z2 / dn);
  const double half = kZ95 * std::sqrt(p * (1 - p) / dn + z2 / (4 * dn * dn)) / (1 + z2 / dn);
  return {p, std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

uint64_t count_in(const Histogram& h, const Band& b) {
  uint64_t n = 0;
  for (const auto& [v, c] : h)
    if (b.contains(v)) n += c;
  return n;
}

Distribution sum_distribution(const Histogram& h, int games) {
  const uint64_t n = total(h);
  if (n == 0 || games < 1) return {};
  const int lo = h.begin()->first, hi = h.rbegin()->first;
  std::vector<double> one(hi - lo + 1, 0.0);
  for (const auto& [v, c] : h) one[v - lo] = static_cast<double>(c) / n;
  // sum[i] is the probability that the games so far total lo * played + i.
  std::vector<double> sum = one;
  for (int g = 1; g < games; ++g) {
    std::vector<double> next(sum.size() + one.size() - 1, 0.0);
    for (size_t a = 0; a < sum.size(); ++a)
      if (sum[a] != 0)
        for (size_t b = 0; b < one.size(); ++b) next[a + b] += sum[a] * one[b];
    sum = std::move(next);
  }
  Distribution d;
  for (size_t i = 0; i < sum.size(); ++i)
    if (sum[i] > 0) d[lo * games + static_cast<int>(i)] = sum[i];
  return d;
}

double mean(const Distribution& d) {
  double m = 0;
  for (const auto& [v, p] : d) m += v * p;
  return m;
}

int quantile(const Distribution& d, double q) {
  double seen = 0;
  for (const auto& [v, p] : d) {
    seen += p;
    if (seen >= q - 1e-12) return v;
  }
  return d.empty() ? 0 : d.rbegin()->first;
}

double share_in(const Distribution& d, const Band& b) {
  double s = 0;
  for (const auto& [v, p] : d)
    if (b.contains(v)) s += p;
  return s;
}

}  // namespace scarney
