// Analyses kept from one game to the next: the board's server replays the
// whole game on every request, and each position's analysis (every move
// valued) is asked again each time. Bounded by an estimate of the memory
// its entries take: when full, the oldest entries go first. Thread-safe:
// one cache serves every worker.
#pragma once

#include <array>
#include <compare>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <map>
#include <mutex>
#include <optional>

#include "analysis/analysis.h"

namespace scarney {

// What a position's analysis in play depends on: the state (a placement
// position's as its PlacementState: board and A's colours) and the
// placement search's settings.
struct AnalysisKey {
  Game game = Game::Solitaire;
  Phase phase = Phase::TakeOff;
  uint64_t pawns = 0;  // Board::pawn_nibbles
  Mask occupied = 0;
  std::array<int, 2> removed{0, 0};
  Colours colours = 0;
  int depth = 0, samples = 0;  // depth -2: searched within a time budget
  bool winner_only = false;
  auto operator<=>(const AnalysisKey&) const = default;
};

class AnalysisCache {
 public:
  explicit AnalysisCache(size_t max_bytes = 8 << 20) : max_bytes_(max_bytes) {}

  std::optional<Analysis> find(const AnalysisKey& key) const;
  void add(const AnalysisKey& key, const Analysis& a);

  size_t size() const;
  size_t bytes() const;  // the estimate the bound applies to

 private:
  const size_t max_bytes_;
  mutable std::mutex mutex_;
  std::map<AnalysisKey, std::pair<Analysis, size_t>> entries_;  // with its bytes
  std::deque<AnalysisKey> order_;                               // oldest first
  size_t bytes_ = 0;
};

// About the memory an analysis takes, its strings and moves included.
size_t approximate_bytes(const Analysis& a);

}  // namespace scarney
