// Solves deals 0 .. n-1 of a seed on several threads and hands the outcomes
// back in deal order, so whatever consumes them (tallies, CSV lines) sees
// the same sequence whatever the thread count.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>

#include "games/game.h"
#include "stats/deal_outcome.h"

namespace scarney {

struct RunOptions {
  Game game = Game::Solitaire;
  uint64_t seed = 1;
  uint64_t deals = 0;
  int threads = 1;
  // Set (e.g. by a SIGINT handler) to stop: the deals in progress are
  // finished, no new one is started, and the run ends with the finished
  // prefix delivered.
  const std::atomic<bool>* stop = nullptr;
};

struct RunCallbacks {
  // Deal by deal, in deal order, on the calling thread.
  std::function<void(uint64_t deal, const Board& board, const DealOutcome& outcome)> on_deal;
  // A few times a second, on the calling thread: deals solved so far.
  std::function<void(uint64_t solved)> on_progress;
};

// Returns how many deals were delivered: all of them, or after a stop the
// longest prefix 0 .. k-1 that was solved (deals solved past a gap are
// dropped, so the result is the first k deals of the seed, reproducibly).
// An exception thrown by a solver stops the run and is rethrown here.
uint64_t run_deals(const RunOptions& options, const RunCallbacks& callbacks);

}  // namespace scarney
