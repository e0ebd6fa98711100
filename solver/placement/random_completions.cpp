#include "placement/random_completions.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "games/deal.h"

namespace scarney {

CompletionMean mean_of_random_completions(const PlacementState& s, CompleteBoards& boards,
                                          int samples, uint64_t seed, bool winner_only,
                                          const std::function<void()>& before_each) {
  std::vector<Pawn> pawns;
  const uint16_t left = s.hand(Placer::A) | s.hand(Placer::B);
  for (int p = 0; p < kPawns; ++p)
    if (left >> p & 1) pawns.push_back(static_cast<Pawn>(p));
  std::vector<Circle> empty;
  for (Circle c : circles(s.board.empty())) empty.push_back(c);
  SplitMix64 rng(seed);
  int64_t sum = 0, squares = 0;
  for (int i = 0; i < samples; ++i) {
    if (before_each) before_each();
    for (size_t j = pawns.size(); j > 1; --j) std::swap(pawns[j - 1], pawns[rng.below(j)]);
    Board b = s.board;
    for (size_t j = 0; j < pawns.size(); ++j) b.place(pawns[j], empty[j]);
    const int64_t v = winner_only ? (boards.a_wins(b) ? 1 : -1) : boards.value(b);
    sum += v;
    squares += v * v;
  }
  CompletionMean out;
  const double n = samples;
  out.mean = static_cast<double>(sum) / n;
  if (samples > 1) {
    const double variance = (static_cast<double>(squares) - n * out.mean * out.mean) / (n - 1);
    out.std_error = std::sqrt(std::max(variance, 0.0) / n);
  }
  return out;
}

}  // namespace scarney
