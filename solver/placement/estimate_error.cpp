#include "placement/estimate_error.h"

namespace scarney {
namespace {

// Written by `scarney strength errors > solver/placement/estimate_error.inc`.
constexpr EstimateErrorRow kErrorRows[] = {
#include "placement/estimate_error.inc"
};

}  // namespace

double estimate_error(Game g, int leaf_pawns_left) {
  if (leaf_pawns_left < 0) return 0;
  // 16 left: a search stopped after A's colour choice, nothing placed yet
  // (the table's last figure, as far beyond its measurements as 15).
  if (leaf_pawns_left > 15) leaf_pawns_left = 15;
  for (const EstimateErrorRow& r : kErrorRows)
    if (r.game == g) return r.errors[static_cast<size_t>(leaf_pawns_left)];
  return 0;
}

}  // namespace scarney
