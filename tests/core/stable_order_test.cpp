// util/stable_order.h: the one compiled stable sort gives what
// std::stable_sort gives, equal keys in their order, on random data.
#include "util/stable_order.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <random>
#include <vector>

using namespace scarney;

namespace {
struct Item {
  int rank;
  int64_t weight;
  int id;  // where it started: tells the order of equal keys
};
}  // namespace

TEST_CASE("stable_sort_by orders as std::stable_sort, ties in their order", "[util]") {
  std::mt19937 rng(7);
  for (int round = 0; round < 500; ++round) {
    const int n = static_cast<int>(rng() % 200);
    std::vector<Item> items;
    for (int i = 0; i < n; ++i)
      items.push_back({static_cast<int>(rng() % 4), static_cast<int64_t>(rng() % 7) - 3, i});
    std::vector<Item> expected = items;
    std::stable_sort(expected.begin(), expected.end(), [](const Item& x, const Item& y) {
      return x.rank != y.rank ? x.rank < y.rank : x.weight > y.weight;
    });
    stable_sort_by(items, [](const Item& x) { return SortKey{x.rank, -x.weight}; });
    REQUIRE(items.size() == expected.size());
    for (size_t i = 0; i < items.size(); ++i) REQUIRE(items[i].id == expected[i].id);
  }
}

TEST_CASE("stable_order: the indices of the keys in order", "[util]") {
  const std::vector<SortKey> keys = {{2, 0}, {1, 5}, {2, -1}, {1, 5}, {0, 9}};
  CHECK(stable_order(keys) == std::vector<uint32_t>{4, 1, 3, 2, 0});
  CHECK(stable_order({}).empty());
}
