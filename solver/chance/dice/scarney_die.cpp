#include "chance/dice/scarney_die.h"

#include <stdexcept>

namespace scarney::dice {

std::uint64_t ways_to_throw(int n) {
  if (n < 0 || n > 24) throw std::invalid_argument("ways_to_throw: 0 to 24 dice");
  std::uint64_t ways = 1;
  for (int i = 0; i < n; ++i) ways *= 6;
  return ways;
}

std::vector<std::uint64_t> scarney_total_ways(int n) {
  if (n < 0 || n > 24) throw std::invalid_argument("scarney_total_ways: 0 to 24 dice");
  // Add one die at a time: each way of the dice so far, times each face.
  std::vector<std::uint64_t> ways(1, 1);
  for (int die = 0; die < n; ++die) {
    std::vector<std::uint64_t> next(ways.size() + 6, 0);
    for (std::size_t total = 0; total < ways.size(); ++total) {
      for (int face : kScarneyFaces) next[total + face] += ways[total];
    }
    ways = std::move(next);
  }
  ways.resize(6 * static_cast<std::size_t>(n) + 1);
  return ways;
}

}  // namespace scarney::dice
