#include "placement/leaf_bias.h"

#include <algorithm>

namespace scarney {
namespace {

// Written by `scarney strength fit > solver/placement/leaf_bias.inc`.
constexpr LeafErrorLine kLines[] = {
#include "placement/leaf_bias.inc"
};

}  // namespace

double plain_estimate_error(Game g, bool a_placed_last, int pawns_left) {
  for (const LeafErrorLine& l : kLines)
    if (l.game == g && l.a_placed_last == a_placed_last)
      return l.intercept + l.slope * std::min(pawns_left, l.last);
  return 0;
}

}  // namespace scarney
