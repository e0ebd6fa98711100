// The values of complete boards (all sixteen pawns placed), each solved once
// by the game's exact solver and remembered under its canonical form (a
// board and its 48 relabellings have one value).
//
// Values are for A, the first placer:
//   Singles   A's best Singles score (A is the active player)
//   Doubles   A's final margin; B placed the 16th pawn and takes off first,
//             so this is minus the Doubles value of the board
//   High-Low  A's payoff; A, the starter, removes first
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <utility>

#include "placement/placement_symmetry.h"
#include "search/highlow_threshold.h"
#include "search/result.h"
#include "search/solver.h"
#include "util/hash_map.h"

namespace scarney {

class CompleteBoards {
 public:
  static constexpr int kUnbounded = 1 << 20;  // a bound not known
  explicit CompleteBoards(Game g) : game_(g) {}

  // A's value of the complete board b.
  int value(const Board& b);
  // A's value of b fail-soft in (alpha, beta): exact inside the window, else
  // a bound beyond it. Singles and Doubles ask their solver one window
  // search (and keep the bound) where value() needs several; High-Low asks
  // threshold questions (search/highlow_threshold.h), a null window one,
  // and keeps the bounds they prove.
  int value_within(const Board& b, int alpha, int beta);
  // High-Low: answer value_within() with the full payoff, as before the
  // threshold questions (the tests compare the two).
  void use_full_payoffs(bool on) { full_payoffs_ = on; }
  // High-Low: does A win? (cheaper than the payoff)
  bool a_wins(const Board& b);
  // What is known of b without solving it: its value, whether A wins
  // (High-Low), and bounds from window searches and threshold questions
  // (wide when none).
  struct Known {
    std::optional<int> value;
    std::optional<bool> a_wins;
    int lower = -kUnbounded, upper = kUnbounded;
  };
  Known known(const Board& b) const;

  // The game played on b: the position the first player of the game faces,
  // and its solution.
  Position game_position(const Board& b) const;
  Solution solve(const Board& b);

  // Boards solved so far (each counted once); High-Low: those among them
  // whose payoff was asked about (exactly or against a threshold).
  uint64_t solved() const { return solved_; }
  uint64_t payoffs() const { return payoffs_; }
  void set_oracle(const Oracle* o) { solver_.set_oracle(o); }
  // Forgets every board remembered when there are more than `limit` (the
  // caller holds none of them: placement_solver's table limit).
  void forget_if_over(size_t limit) {
    if (memo_.size() > limit) {
      memo_.clear();
    }
  }

 private:
  Known& entry(const Board& b);
  BoardKey key(const Board& b) const;
  int highlow_within(const Board& b, int alpha, int beta);
  int highlow_value(const Board& b);
  const Known* find(const Board& b) const;
  // The game on a full board starts with the book's first mover, B in
  // Doubles: the solver's values are then B's, turned round for A.
  bool b_moves_first() const { return traits(game_).first_after_placement == Side::B; }

  Game game_;
  Solver solver_;
  // High-Low: who wins (every subset in one pass), and the threshold
  // questions that follow on the same board.
  HighLowThreshold threshold_;
  bool full_payoffs_ = false;
  HashMap<BoardKey, Known, BoardKeyHash> memo_;
  // The canonical keys of recent boards: the search peeks at a board's
  // bounds, then asks about it, a few siblings later.
  struct RecentKey {
    uint64_t nibbles = 0;
    BoardKey key;
  };
  mutable std::array<RecentKey, 64> recent_{};
  uint64_t solved_ = 0;
  uint64_t payoffs_ = 0;
};

}  // namespace scarney
