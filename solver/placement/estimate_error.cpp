#include "placement/estimate_error.h"

namespace scarney {
namespace {

// Written by `scarney strength errors > solver/placement/estimate_error.inc`.
constexpr EstimateErrorRow kRows[] = {
#include "placement/estimate_error.inc"
};

}  // namespace

double estimate_error(Game g, int leaf_pawns_left) {
  if (leaf_pawns_left < 0 || leaf_pawns_left > 15) return 0;
  for (const EstimateErrorRow& r : kRows)
    if (r.game == g) return r.errors[static_cast<size_t>(leaf_pawns_left)];
  return 0;
}

}  // namespace scarney
