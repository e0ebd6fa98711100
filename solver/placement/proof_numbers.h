// Depth-first proof-number search (df-pn, Nagai 2002) for the yes/no
// question of a High-Low placement position: does A win? With the 1+ε
// thresholds of Pawlewicz and Lew (2007): a child is searched until its
// number passes the second best's times 1+ε rather than by one, which cuts
// the thrashing between siblings of plain df-pn.
//
// OR nodes are A's placements, AND nodes B's; a complete board is proven or
// disproven by who wins it (the bit-parallel pass). The table holds (proof,
// disproof) numbers of partial boards under the 16 relabellings that keep
// A's colours, as the alpha-beta search's does. Kept apart from the
// placement solver, which answers the same question by null-window
// alpha-beta and is up to twice as fast on these trees (docs/placement.md:
// with ε = 2, 0.5-0.6 s against 0.4-0.6 s at 9 left, 21-28 s against
// 11-13 s at 12; ε = 0, plain df-pn, 28-31 s at 9 left); the tests check
// the two agree.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>

#include "board/board.h"
#include "placement/placement_position.h"

namespace scarney {

class ProofNumberSearch {
 public:
  // a_wins(board): does A win High-Low on the complete board?
  explicit ProofNumberSearch(std::function<bool(const Board&)> a_wins, double epsilon = 2);
  ~ProofNumberSearch();

  // Precondition: s.game is High-Low and A's colours are chosen.
  bool a_wins(const PlacementState& s);
  // Node expansions so far.
  uint64_t nodes() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace scarney
