#include "placement/leaf_bias.h"

namespace scarney {
namespace {

// Written by `scarney strength fit > solver/placement/leaf_bias.inc`.
constexpr LeafErrorRow kRows[] = {
#include "placement/leaf_bias.inc"
};

}  // namespace

double plain_estimate_error(Game g, int pawns_left) {
  if (pawns_left < 0 || pawns_left > 15) return 0;
  for (const LeafErrorRow& r : kRows)
    if (r.game == g) return r.errors[static_cast<size_t>(pawns_left)];
  return 0;
}

int fitted_samples(Game g) {
  for (const LeafErrorRow& r : kRows)
    if (r.game == g) return r.samples;
  return 16;
}

}  // namespace scarney
