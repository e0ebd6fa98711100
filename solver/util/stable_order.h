// Stable sorting through one sort. Each call of std::stable_sort with its own
// comparator is a separate copy of the merge sort (1.5-5 KB of WebAssembly
// each, 40 KB in all); here a call site says how to key an element, and one
// compiled sort orders the keys.
#pragma once

#include <cstdint>
#include <span>
#include <utility>
#include <vector>

namespace scarney {

// Compared as (major, minor): smaller first.
struct SortKey {
  int64_t major = 0;
  int64_t minor = 0;
};

// The indices of `keys` in ascending key order, equal keys in their order.
std::vector<uint32_t> stable_order(std::span<const SortKey> keys);

// Sorts v by key_of(element) ascending, keeping the order of equal keys
// (as std::stable_sort with the comparator "key_of(a) < key_of(b)").
template <class T, class KeyOf>
void stable_sort_by(std::vector<T>& v, KeyOf key_of) {
  if (v.size() < 2) return;
  std::vector<SortKey> keys;
  keys.reserve(v.size());
  for (const T& x : v) keys.push_back(key_of(x));
  std::vector<T> sorted;
  sorted.reserve(v.size());
  for (const uint32_t i : stable_order(keys)) sorted.push_back(std::move(v[i]));
  v = std::move(sorted);
}

}  // namespace scarney
