#include "placement/random_completions.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

#include "games/deal.h"

namespace scarney {

namespace {

// Mean and standard error of the values of `samples` completions, the i-th
// made by complete(i).
template <class Complete>
CompletionMean mean_of(CompleteBoards& boards, int samples, bool winner_only,
                       const std::function<void()>& before_each, const Complete& complete) {
  int64_t sum = 0, squares = 0;
  for (int i = 0; i < samples; ++i) {
    if (before_each) before_each();
    const Board b = complete(i);
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

// A board's own random completions, one after another from `seed`: the
// pawns still in the hands shuffled onto the empty circles.
class OwnCompletions {
 public:
  OwnCompletions(const PlacementState& s, uint64_t seed) : board_(s.board), rng_(seed) {
    const uint16_t left = s.hand(Placer::A) | s.hand(Placer::B);
    for (int p = 0; p < kPawns; ++p)
      if (left >> p & 1) pawns_.push_back(static_cast<Pawn>(p));
    for (Circle c : circles(s.board.empty())) empty_.push_back(c);
  }
  Board next() {
    for (size_t j = pawns_.size(); j > 1; --j) std::swap(pawns_[j - 1], pawns_[rng_.below(j)]);
    Board b = board_;
    for (size_t j = 0; j < pawns_.size(); ++j) b.place(pawns_[j], empty_[j]);
    return b;
  }

 private:
  Board board_;
  SplitMix64 rng_;
  std::vector<Pawn> pawns_;
  std::vector<Circle> empty_;
};

}  // namespace

CompletionMean mean_of_random_completions(const PlacementState& s, CompleteBoards& boards,
                                          int samples, uint64_t seed, bool winner_only,
                                          const std::function<void()>& before_each) {
  OwnCompletions own(s, seed);
  return mean_of(boards, samples, winner_only, before_each, [&](int) { return own.next(); });
}

Board shared_completion(const PlacementState& s, uint64_t seed, int i) {
  // The i-th random full board: circle_of[p] and its inverse pawn_at[c].
  SplitMix64 rng(seed + static_cast<uint64_t>(i) * 0xD1B54A32D192ED03ull);
  std::array<int, kPawns> circle_of, pawn_at;
  for (int p = 0; p < kPawns; ++p) circle_of[p] = p;
  for (int j = kPawns; j > 1; --j) std::swap(circle_of[j - 1], circle_of[rng.below(j)]);
  for (int p = 0; p < kPawns; ++p) pawn_at[circle_of[p]] = p;
  // Each placed pawn swapped onto its circle, in the pawns' order: the
  // pawns still to place end on the empty circles, uniformly (a swap maps
  // the full boards that agree so far onto those that agree with one pawn
  // more, each reached from as many).
  for (Pawn p = 0; p < kPawns; ++p) {
    const std::optional<Circle> c = s.board.circle_of(p);
    if (!c) continue;
    const int q = pawn_at[*c], was = circle_of[p];
    circle_of[q] = was, pawn_at[was] = q;
    circle_of[p] = *c, pawn_at[*c] = p;
  }
  Board b = s.board;
  const uint16_t in_hand = s.hand(Placer::A) | s.hand(Placer::B);
  for (int p = 0; p < kPawns; ++p)
    if (in_hand >> p & 1) b.place(static_cast<Pawn>(p), static_cast<Circle>(circle_of[p]));
  return b;
}

CompletionMean mean_of_shared_completions(const PlacementState& s, CompleteBoards& boards,
                                          int samples, uint64_t seed, bool winner_only,
                                          const std::function<void()>& before_each) {
  return mean_of(boards, samples, winner_only, before_each,
                 [&](int i) { return shared_completion(s, seed, i); });
}

CompletionMean lookahead_of_completions(const PlacementState& s, CompleteBoards& boards,
                                        int samples, uint64_t seed, bool shared,
                                        bool next_maximises, int min_group,
                                        const std::function<void()>& before_each) {
  const uint16_t next_hand = s.hand(s.to_move());
  std::array<std::array<int64_t, kCircles>, kPawns> sum{};
  std::array<std::array<int, kCircles>, kPawns> count{};
  OwnCompletions own(s, seed);
  int64_t all = 0;
  for (int i = 0; i < samples; ++i) {
    if (before_each) before_each();
    const Board b = shared ? shared_completion(s, seed, i) : own.next();
    const int64_t v = boards.value(b);
    all += v;
    for (int p = 0; p < kPawns; ++p) {
      if (!(next_hand >> p & 1)) continue;
      const Circle c = *b.circle_of(static_cast<Pawn>(p));
      sum[p][c] += v;
      ++count[p][c];
    }
  }
  double best = 0;
  bool any = false;
  for (int p = 0; p < kPawns; ++p)
    for (int c = 0; c < kCircles; ++c) {
      if (count[p][c] < min_group) continue;
      const double m = static_cast<double>(sum[p][c]) / count[p][c];
      if (!any || (next_maximises ? m > best : m < best)) best = m;
      any = true;
    }
  CompletionMean out;
  out.mean = any ? best : static_cast<double>(all) / samples;
  return out;
}

}  // namespace scarney
