// One representative per orbit of the relabellings, over any range of
// ranks, without looking at the other deals one by one.
//
// A range of ranks is a union of blocks: deals that share the pawns on the
// first k circles of the rank order (a block of (n-k)! consecutive ranks).
// The walk fills the circles of the rank order while its subtree only
// partly overlaps the range; once a subtree lies wholly inside, it fills
// the remaining circles in canonical order (the centre first). Throughout,
// it keeps for every relabelling g how far the image g(d), read in
// canonical order, is known to equal d: position q of g(d) holds the image
// of the pawn on circle from[q], known as soon as both circles are filled.
// The first known difference decides: g(d) smaller cuts the whole subtree
// (no deal below it is a representative), g(d) larger drops g for the
// subtree. At a leaf the relabellings still tied fix d: they are its
// stabiliser, and its orbit has |G| / |stabiliser| deals.
#pragma once

#include <cstdint>
#include <cstring>
#include <vector>

#include "exhaustive/deal_space.h"

namespace scarney::exhaustive {

class Enumerator {
 public:
  explicit Enumerator(const DealSpace& s)
      : space_(s),
        group_(relabellings(s)),
        canonical_(canonical_order(s)),
        rank_order_(rank_order(s)) {
    n_ = s.cells();
    for (int k = 0; k <= n_; ++k) factorial_[k] = factorial(k);
  }
  const std::vector<Relabelling>& group() const { return group_; }
  uint64_t deals() const { return factorial_[n_]; }

  // Calls f(rank, deal, orbit_size) for every representative with
  // lo <= rank < hi (not in rank order, but always in the same order);
  // f returns false to stop the walk. Returns the tree nodes visited.
  template <class F>
  uint64_t for_each(uint64_t lo, uint64_t hi, F&& f) {
    lo_ = lo;
    hi_ = hi;
    nodes_ = 0;
    stopped_ = false;
    filled_ = 0;
    std::memset(pos_[0], 0, sizeof pos_[0]);
    uint64_t alive = 0;
    for (size_t g = 1; g < group_.size(); ++g) alive |= uint64_t{1} << g;
    if (lo < hi) by_rank(0, 0, (uint32_t{1} << n_) - 1, alive, f);
    return nodes_;
  }

 private:
  // Circles rank_order_[0..k-1] are filled; the subtree holds the ranks
  // [base, base + (n-k)!).
  template <class F>
  void by_rank(int k, uint64_t base, uint32_t free, uint64_t alive, F& f) {
    if (lo_ <= base && base + factorial_[n_ - k] <= hi_) return inside(k, free, alive, f);
    ++nodes_;
    const uint64_t block = factorial_[n_ - 1 - k];
    const int circle = rank_order_[k];
    uint64_t sub = base;
    for (uint32_t rest = free; rest && !stopped_; rest &= rest - 1, sub += block) {
      if (sub >= hi_) break;
      if (sub + block <= lo_) continue;
      const int p = __builtin_ctz(rest);
      if (place(k, circle, p, alive)) by_rank(k + 1, sub, free & ~(uint32_t{1} << p), alive_, f);
      filled_ &= ~(uint32_t{1} << circle);
    }
  }

  // Every completion of the k circles filled is in the range: fills the
  // others in canonical order.
  template <class F>
  void inside(int k, uint32_t free, uint64_t alive, F& f) {
    ++nodes_;
    if (k == n_) {
      const int stabiliser = 1 + __builtin_popcountll(alive);
      if (!f(rank_of(deal_, space_), static_cast<const Deal&>(deal_),
             static_cast<int>(group_.size()) / stabiliser))
        stopped_ = true;
      return;
    }
    int circle = 0;
    for (int i = 0; i < n_; ++i)
      if (!(filled_ >> canonical_[i] & 1)) {
        circle = canonical_[i];
        break;
      }
    for (uint32_t rest = free; rest && !stopped_; rest &= rest - 1) {
      const int p = __builtin_ctz(rest);
      if (place(k, circle, p, alive)) inside(k + 1, free & ~(uint32_t{1} << p), alive_, f);
      filled_ &= ~(uint32_t{1} << circle);
    }
  }

  // Puts pawn p on `circle` (the (k+1)-th filled) and compares the images
  // with d as far as the filled circles allow; false when some image is
  // smaller (d is not a representative). The relabellings still tied are
  // left in alive_.
  bool place(int k, int circle, int p, uint64_t alive) {
    deal_[circle] = static_cast<uint8_t>(p);
    filled_ |= uint32_t{1} << circle;
    const uint8_t* before = pos_[k];
    uint8_t* after = pos_[k + 1];
    for (uint64_t a = alive; a; a &= a - 1) {
      const int g = __builtin_ctzll(a);
      const Relabelling& r = group_[g];
      int i = before[g];
      for (; i < n_; ++i) {
        const int q = canonical_[i], src = r.from[q];
        if (!(filled_ >> q & 1) || !(filled_ >> src & 1)) break;
        const int image = r.pawn[deal_[src]];
        if (image < deal_[q]) return false;
        if (image > deal_[q]) {
          alive &= ~(uint64_t{1} << g);
          break;
        }
      }
      after[g] = static_cast<uint8_t>(i);
    }
    alive_ = alive;
    return true;
  }

  DealSpace space_;
  std::vector<Relabelling> group_;
  CircleOrder canonical_, rank_order_;
  int n_ = 0;
  uint64_t factorial_[kMaxCells + 1] = {};
  uint64_t lo_ = 0, hi_ = 0, nodes_ = 0, alive_ = 0;
  uint32_t filled_ = 0;
  bool stopped_ = false;
  Deal deal_{};
  uint8_t pos_[kMaxCells + 1][kMaxRelabellings] = {};
};

}  // namespace scarney::exhaustive
