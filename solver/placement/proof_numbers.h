// Depth-first proof-number search (df-pn, Nagai 2002) for a yes/no
// question of a placement position: does A reach a goal on the complete
// board, A placing to reach it and B to keep him from it? The High-Low
// winner (the goal: A wins the board), or a null-window test of Singles or
// Doubles (the goal: A's value of the board is at least t). With the 1+ε
// thresholds of Pawlewicz and Lew (2007): a child is searched until its
// number passes the second best's times 1+ε rather than by one, which cuts
// the thrashing between siblings of plain df-pn.
//
// OR nodes are A's placements, AND nodes B's; a complete board is proven or
// disproven by the goal. The table holds (proof, disproof) numbers of
// partial boards under the 16 relabellings that keep A's colours, as the
// alpha-beta search's does. Kept apart from the placement solver, which
// answers the same questions by null-window alpha-beta and is up to twice
// as fast on these trees (docs/placement.md: the High-Low winner with
// ε = 2, 0.5-0.6 s against 0.4-0.6 s at 9 left, 21-28 s against 11-13 s at
// 12; ε = 0, plain df-pn, 28-31 s at 9 left); the tests check the two
// agree.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>

#include "board/board.h"
#include "placement/placement_position.h"

namespace scarney {

class ProofNumberSearch {
 public:
  // goal(board): does A reach the goal on the complete board? (Called
  // once for each complete board met, with the board as placed.)
  explicit ProofNumberSearch(std::function<bool(const Board&)> goal, double epsilon = 2);
  ~ProofNumberSearch();

  // Does A reach the goal from s? Precondition: A's colours are chosen
  // (and in Singles, B places against A: not cooperative).
  bool proves(const PlacementState& s);
  // Node expansions so far.
  uint64_t nodes() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace scarney
