#include "util/stable_order.h"

#include <algorithm>

namespace scarney {

std::vector<uint32_t> stable_order(std::span<const SortKey> keys) {
  // The index as the last key makes the one unstable sort stable.
  struct Entry {
    SortKey key;
    uint32_t index;
  };
  std::vector<Entry> entries;
  entries.reserve(keys.size());
  for (uint32_t i = 0; i < keys.size(); ++i) entries.push_back({keys[i], i});
  std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) {
    if (a.key.major != b.key.major) return a.key.major < b.key.major;
    if (a.key.minor != b.key.minor) return a.key.minor < b.key.minor;
    return a.index < b.index;
  });
  std::vector<uint32_t> order;
  order.reserve(entries.size());
  for (const Entry& e : entries) order.push_back(e.index);
  return order;
}

}  // namespace scarney
