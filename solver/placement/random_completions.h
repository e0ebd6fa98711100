// The estimate beyond the exact horizon: the mean value of random
// completions of a partial board. Each completion puts the pawns still in
// the two hands on the empty circles at random (every completion equally
// likely) and is solved exactly; the estimate treats the rest of the
// placing as random, not as best play.
#pragma once

#include <cstdint>
#include <functional>

#include "placement/complete_boards.h"
#include "placement/placement_position.h"

namespace scarney {

struct CompletionMean {
  double mean = 0;
  double std_error = 0;  // of the mean: the samples' standard deviation / sqrt(samples)
};

// A's mean value over `samples` completions of s drawn with `seed` (the
// same seed gives the same completions, the first k of n samples the same
// as with k). winner_only (High-Low): the mean of +1 for a win of A and -1
// for a loss. `before_each`, when given, is called before each completion
// is solved (a search's clock and Ctrl-C).
CompletionMean mean_of_random_completions(const PlacementState& s, CompleteBoards& boards,
                                          int samples, uint64_t seed, bool winner_only = false,
                                          const std::function<void()>& before_each = {});

// The same mean, with completions shared between positions (common random
// numbers): the i-th completion of every position comes from the i-th
// random full board of `seed`, made to agree with the position by one swap
// a pawn it has placed (in the pawns' order). Each position's completions
// are still uniformly random, but two positions one placement apart get
// completions that differ by a swap or two, so the difference of their
// means is far less noisy than that of independent means: a search that
// compares sibling placements this way ranks them by what separates them,
// not by which was luckier in its draws.
// The i-th of those completions of s.
Board shared_completion(const PlacementState& s, uint64_t seed, int i);
CompletionMean mean_of_shared_completions(const PlacementState& s, CompleteBoards& boards,
                                          int samples, uint64_t seed, bool winner_only = false,
                                          const std::function<void()>& before_each = {});

// One placement further at no extra cost (experimental): the completions
// of s grouped by where the next placer's pawn went, each group a sample
// of the completions of s with that placement made; the best group's mean
// for the next placer (maximising A's value or not), among groups of at
// least `min_group` completions, else the plain mean.
CompletionMean lookahead_of_completions(const PlacementState& s, CompleteBoards& boards,
                                        int samples, uint64_t seed, bool shared,
                                        bool next_maximises, int min_group,
                                        const std::function<void()>& before_each = {});

}  // namespace scarney
