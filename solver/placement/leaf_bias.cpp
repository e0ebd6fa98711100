#include "placement/leaf_bias.h"

#include <algorithm>
#include <cmath>

namespace scarney {
namespace {

// Written by `scarney strength fit > solver/placement/leaf_bias.inc`.
constexpr LeafErrorRow kBiasRows[] = {
#include "placement/leaf_bias.inc"
};

}  // namespace

double plain_estimate_error(Game g, int pawns_left, int samples) {
  if (pawns_left < 0 || pawns_left > 15) return 0;
  const auto m = static_cast<size_t>(pawns_left);
  const LeafErrorRow *fewest = nullptr, *most = nullptr;
  for (const LeafErrorRow& r : kBiasRows) {
    if (r.game != g) continue;
    if (r.samples == samples) return r.errors[m];
    if (!fewest || r.samples < fewest->samples) fewest = &r;
    if (!most || r.samples > most->samples) most = &r;
  }
  if (!fewest) return 0;
  // A row is 0 where its samples make the estimate exact: the other holds.
  const double e1 = fewest->errors[m], e2 = most->errors[m];
  if (fewest == most || e2 == 0) return e1;
  if (e1 == 0) return e2;
  const double x1 = 1 / std::sqrt(fewest->samples), x2 = 1 / std::sqrt(most->samples);
  return e2 + (e1 - e2) / (x1 - x2) * (1 / std::sqrt(std::max(1, samples)) - x2);
}

int engine_samples(Game g) {
  static constexpr PerGame<int> kSamples = {64, 64, 64, 16};
  return for_game(g, kSamples);
}

}  // namespace scarney
