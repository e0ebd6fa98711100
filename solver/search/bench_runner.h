// What `scarney bench` runs on each position, and the signature of a run:
// the sum of the values (High-Low: of the winners) and the nodes searched.
// Equal signatures mean the same search, so the WebAssembly build is
// checked against the native one by them (tests/wasm), as lichess checks
// Stockfish's WebAssembly build by node counts.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "games/position.h"
#include "search/highlow_winner.h"
#include "search/solver.h"

namespace scarney {

// What is run: the game's value, or in High-Low who wins, by the search or
// by the pass over every subset (search/highlow_winner.h).
enum class BenchPass { Value, WinnerSearch, WinnerPass };

class BenchRunner {
 public:
  explicit BenchRunner(BenchPass pass);
  // The position's value (or winner, 1 or 0).
  long long run(const Position& p);
  // Nodes searched so far (the winner pass: subsets visited).
  uint64_t nodes() const;

 private:
  BenchPass pass_;
  Solver solver_;
  HighLowWinner winner_;
  uint64_t subsets_ = 0;
};

struct BenchSignature {
  size_t positions = 0;
  long long checksum = 0;  // the sum of run()'s answers
  uint64_t nodes = 0;
};

// Every position once, on a warm solver, as `scarney bench` times them.
BenchSignature bench_signature(const std::vector<Position>& positions, BenchPass pass);

}  // namespace scarney
