// One entry point for every board game: the exact value, principal line and
// move values of any position, through the game's own solver.
#pragma once

#include <memory>
#include <vector>

#include "games/position.h"
#include "search/oracle.h"
#include "search/result.h"

namespace scarney {

class Solver {
 public:
  Solver();
  ~Solver();
  Solver(const Solver&) = delete;
  Solver& operator=(const Solver&) = delete;

  // Throws InputError for positions no solver handles (placement phase).
  Solution solve(const Position& p);
  int value(const Position& p);
  // The value fail-soft in (alpha, beta): exact inside the window, else a
  // bound beyond it. Solitaire, Singles and Doubles answer with one window
  // search (cheaper than value()); High-Low with the exact value.
  int value_within(const Position& p, int alpha, int beta);
  // High-Low: whether the side to move wins (cheaper than the payoff).
  bool highlow_wins(const Position& p);
  std::vector<MoveValue> moves(const Position& p);
  uint64_t nodes() const;
  // Let the solvers stop at positions the oracle (tablebases) covers. The
  // oracle must outlive the solver; nullptr switches it off.
  void set_oracle(const Oracle* oracle);
  // Use the Solitaire tables from the first position on (they cost about
  // 0.1 s to build; otherwise only from the fifth): for runs over many
  // positions, and for benchmarks that should time the warm solver.
  void use_tables_now();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace scarney
