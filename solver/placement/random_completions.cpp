#include "placement/random_completions.h"

#include <vector>

#include "games/deal.h"

namespace scarney {

double mean_of_random_completions(const PlacementState& s, CompleteBoards& boards, int samples,
                                  uint64_t seed, bool winner_only) {
  std::vector<Pawn> pawns;
  const uint16_t left = s.hand(Placer::A) | s.hand(Placer::B);
  for (int p = 0; p < kPawns; ++p)
    if (left >> p & 1) pawns.push_back(static_cast<Pawn>(p));
  std::vector<Circle> empty;
  for (Circle c : circles(s.board.empty())) empty.push_back(c);
  SplitMix64 rng(seed);
  int64_t sum = 0;
  for (int i = 0; i < samples; ++i) {
    for (size_t j = pawns.size(); j > 1; --j) std::swap(pawns[j - 1], pawns[rng.below(j)]);
    Board b = s.board;
    for (size_t j = 0; j < pawns.size(); ++j) b.place(pawns[j], empty[j]);
    if (winner_only)
      sum += boards.a_wins(b) ? 1 : -1;
    else
      sum += boards.value(b);
  }
  return static_cast<double>(sum) / samples;
}

}  // namespace scarney
