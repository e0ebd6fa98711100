#include "search/transposition_table.h"

#include <algorithm>

namespace scarney {

TranspositionTable::TranspositionTable(int log2_entries)
    : slots_(size_t{1} << log2_entries, TTEntry{}), mask_((size_t{1} << log2_entries) - 1) {}

void TranspositionTable::clear() {
  if (++generation_ == 0) {  // wrapped: really clear once every 255 solves
    std::fill(slots_.begin(), slots_.end(), TTEntry{});
    generation_ = 1;
  }
  if (!keep_earlier_) oldest_ = generation_;
}

}  // namespace scarney
