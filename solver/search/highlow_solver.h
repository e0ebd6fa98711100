// Exact solver for High-Low Scarney.
//
// Pawns never move, so a position met during the game is a subset of the
// circles occupied at the start, and a move is one of a fixed list of
// removals (one pawn, or two or three of a colour in a line) with the
// circles that must be empty for it to be legal (pawns of another colour
// between the outermost removed ones). Both are computed once per start.
//
//   Winner: win[S] for subsets S of the start, memoised in a 2^16 array.
//   Payoff: depends also on the spots each side has removed. Along a game,
//   (spots removed by both) is fixed by S, so the state is (S, r) with r the
//   spots removed by the side to move; for each S the payoffs for every r
//   are computed together as one small array. A winning side only ever
//   plays winning moves (any win pays at least as much as any loss), which
//   prunes the payoff search with the winner table.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "games/position.h"
#include "search/oracle.h"
#include "search/result.h"

namespace scarney {

class HighLowSolver : public SolverCounters {
 public:
  HighLowSolver();
  ~HighLowSolver();

  // Precondition: p.game is HighLow, phase Removal.
  bool wins(const Position& p);  // does the side to move win?
  int value(const Position& p);  // payoff for the side to move
  Solution solve(const Position& p);
  std::vector<MoveValue> moves(const Position& p);

 private:
  struct Removal {
    Mask circles;   // the circles emptied
    Mask blockers;  // circles that must already be empty
    int8_t spots;   // spots removed
  };
  void prepare(const Position& p);
  bool win(Mask s);
  const int8_t* payoff(Mask s);  // reversed: indexed by spots removed by the opponent
  int payoff_of(Mask s, int removed_by_mover);
  bool legal(const Removal& m, Mask s) const {
    return (m.circles & s) == m.circles && !(m.blockers & s) && count(m.circles) < count(s);
  }

  Board start_;
  int removed_total_ = 0;  // spots removed by both sides at the start
  int start_spots_ = 0;
  std::vector<Removal> removals_;
  std::vector<Removal> multi_;         // the removals of two or three pawns
  Mask high_ = 0;                      // circles whose pawn the last mover wins with
  std::unique_ptr<uint8_t[]> win_;     // 0 unknown, 1 win, 2 loss
  std::unique_ptr<int8_t[]> payoffs_;  // 65536 x 64 (see payoff())
  std::unique_ptr<uint8_t[]> have_payoff_;
};

}  // namespace scarney
