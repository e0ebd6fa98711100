// One representative per orbit of the relabellings, walked in rank order
// over any range of ranks, without looking at the other deals one by one.
//
// The representative of an orbit is its smallest deal (in rank order, i.e.
// the lexicographically smallest sequence of pawns). The walk fills the
// circles in order, C1 first, and keeps, for every relabelling g, how far
// the image g(d) is known to equal d: position q of g(d) holds the image of
// the pawn on circle from[q], known as soon as both circles are filled.
// The first known difference decides: g(d) smaller cuts the whole subtree
// (no deal below it is a representative), g(d) larger drops g for the
// subtree. At a leaf the relabellings still tied fix d: they are its
// stabiliser, and its orbit has |G| / |stabiliser| deals. Subtrees outside
// the rank range are skipped by their rank bounds (a subtree at depth k is
// a block of (n-1-k)! consecutive ranks).
#pragma once

#include <cstdint>
#include <cstring>
#include <vector>

#include "exhaustive/deal_space.h"

namespace scarney::exhaustive {

class Enumerator {
 public:
  explicit Enumerator(const DealSpace& s) : space_(s), group_(relabellings(s)) {
    n_ = s.cells();
    for (int k = 0; k <= n_; ++k) factorial_[k] = factorial(k);
  }
  const std::vector<Relabelling>& group() const { return group_; }
  uint64_t deals() const { return factorial_[n_]; }

  // Calls f(rank, deal, orbit_size) for every representative with
  // lo <= rank < hi, in rank order; f returns false to stop the walk.
  // Returns the number of tree nodes visited (for measurements).
  template <class F>
  uint64_t for_each(uint64_t lo, uint64_t hi, F&& f) {
    lo_ = lo;
    hi_ = hi;
    nodes_ = 0;
    stopped_ = false;
    std::memset(pos_[0], 0, sizeof pos_[0]);
    uint64_t alive = 0;
    for (size_t g = 1; g < group_.size(); ++g) alive |= uint64_t{1} << g;
    if (lo < hi) walk(0, 0, (uint32_t{1} << n_) - 1, alive, f);
    return nodes_;
  }

 private:
  template <class F>
  void walk(int k, uint64_t base, uint32_t free, uint64_t alive, F& f) {
    ++nodes_;
    if (k == n_) {
      const int stabiliser = 1 + __builtin_popcountll(alive);
      if (!f(base, static_cast<const Deal&>(deal_), static_cast<int>(group_.size()) / stabiliser))
        stopped_ = true;
      return;
    }
    const uint64_t block = factorial_[n_ - 1 - k];
    uint64_t sub = base;
    for (uint32_t rest = free; rest && !stopped_; rest &= rest - 1, sub += block) {
      if (sub >= hi_) break;
      if (sub + block <= lo_) continue;
      const int p = __builtin_ctz(rest);
      deal_[k] = static_cast<uint8_t>(p);
      uint64_t still = alive;
      if (advance(k, still)) walk(k + 1, sub, free & ~(uint32_t{1} << p), still, f);
    }
  }

  // Compares the images with d as far as circles 0..k are filled; false when
  // some image is smaller (d is not a representative).
  bool advance(int k, uint64_t& alive) {
    const uint8_t* before = pos_[k];
    uint8_t* after = pos_[k + 1];
    for (uint64_t a = alive; a; a &= a - 1) {
      const int g = __builtin_ctzll(a);
      const Relabelling& r = group_[g];
      int q = before[g];
      while (q <= k && r.from[q] <= k) {
        const int image = r.pawn[deal_[r.from[q]]];
        if (image < deal_[q]) return false;
        if (image > deal_[q]) {
          alive &= ~(uint64_t{1} << g);
          break;
        }
        ++q;
      }
      after[g] = static_cast<uint8_t>(q);
    }
    return true;
  }

  DealSpace space_;
  std::vector<Relabelling> group_;
  int n_ = 0;
  uint64_t factorial_[kMaxCells + 1] = {};
  uint64_t lo_ = 0, hi_ = 0, nodes_ = 0;
  bool stopped_ = false;
  Deal deal_{};
  uint8_t pos_[kMaxCells + 1][kMaxRelabellings] = {};
};

}  // namespace scarney::exhaustive
