// High-Low's payoff against a threshold, one number per subset.
//
// The payoff depends on the path (the spots each side has removed), which
// is why HighLowSolver keeps for every subset a vector over the spots one
// side removed. A question "is the payoff at least t?" needs less. The
// winner W of every subset is known (highlow_winner.h); W plays only
// winning moves (a win pays at least as much as any loss), and every move
// of the loser leads to a subset W wins. So from a subset S on, W raises his
// final score and the loser lowers it, that score being
//   mult(last pawn) x (all the spots W removed),   mult 2 for black, else 1.
// Let f(S, w) be W's final score from S with best play when he has removed
// w spots so far. For every pair of strategies the score is mult x (w + what
// W removes later), so f grows with w, and by at least d when w grows by d.
// For a threshold k, then, one number per subset says everything:
//
//   need(S) = the least w with f(S, w) >= k
//
//     one pawn p left    ceil(k / mult(p))      (whoever moved last: W is
//                                                known, and w is his)
//     W to move          min over W's winning moves m of need(S - m) - spots(m)
//     the loser to move  max over his moves m of need(S - m)
//
//         S, W to move, has removed w
//          /  m: 3 spots          \  m': 1 spot
//     S - m (need 5)          S - m' (need 2)
//   W reaches k from S iff w + 3 >= 5 or w + 1 >= 2: need(S) = min(2, 1) = 1.
//
// And the answer bounds the score beyond k (fail-soft): with W at w0 and
// e = need(S) - w0, f(S, w0) >= k - e when e <= 0 (w0 exceeds the need by
// -e, and every spot of excess adds at least one point), and f(S, w0) <= k - e
// when e > 0 (f(S, need - 1) < k, and w0 is e - 1 spots short of that).
//
// least_removed() computes need exactly, one byte a subset (64 KB), over
// every subset the two players' choices reach: against 64 bytes a subset
// (4 MB) for the full payoff. payoff_test() asks less still: only whether
// need(start) <= w0, by a fail-soft null-window alpha-beta on need with
// a bound kept per subset (two bytes), "need(S) <= b" becoming
// "need(S - m) <= b + spots(m)" for some winning move m of W, and
// "need(S - m) <= b" for every move m of the loser. W stops at his first
// move that reaches k, the loser at his first that keeps W below it.
// Tested against HighLowSolver's payoffs.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "board/board.h"
#include "games/position.h"
#include "search/highlow_winner.h"

namespace scarney {

class HighLowThreshold {
 public:
  HighLowThreshold();
  ~HighLowThreshold();

  // A fail-soft null-window test of the payoff of p for the side to move
  // against t: the answer v >= t proves payoff >= v, v < t proves
  // payoff <= v. Precondition: p is a High-Low removal position of at
  // least one pawn (with at most 40 spots removed and standing).
  int payoff_test(const Position& p, int t);
  // Does the side to move win the removal game on `start`? The winner pass
  // is kept for the questions about the same board that follow.
  bool wins(const Board& start);
  // The least spots the winner of the removal game on `start` must have
  // removed before it for his final score to reach k.
  int least_removed(const Board& start, int k);

  // Subsets evaluated by the questions so far.
  uint64_t nodes() const { return nodes_; }

 private:
  struct Removal {  // two or three pawns, in the winner pass's index bits
    uint32_t pawns, blockers;
    int spots;
  };
  struct Bounds {       // on need(S), from the probes of one question
    uint16_t question;  // bounds of another question are void
    int8_t lower, upper;
  };
  void prepare(const Board& start);
  int need(uint32_t s);
  int probe(uint32_t s, int b);
  int probe_winner(uint32_t s, int b);
  int probe_loser(uint32_t s, int b);
  int two_left(uint32_t s) const;

  HighLowWinner winner_;
  Board start_;
  bool prepared_ = false, removals_ready_ = false;
  uint32_t all_ = 0;                    // the index bits of the start's pawns
  int spots_[16] = {}, mult_[16] = {};  // by index bit
  int last_need_[16] = {};              // need when the pawn of that bit is the last (for k_)
  std::vector<Removal> multi_;          // the most spots first
  uint32_t with_spots_[5] = {};         // the index bits of the pawns of 1 to 4 spots
  int k_ = 0;                           // the threshold of the current question
  std::unique_ptr<int8_t[]> need_;      // by subset index; kUnknown when not yet
  std::unique_ptr<Bounds[]> bounds_;    // by subset index, for probe()
  uint16_t question_ = 0;
  uint64_t nodes_ = 0;
};

}  // namespace scarney
