#include "search/solitaire_solver.h"

#include <algorithm>
#include <array>
#include <bit>
#include <memory>
#include <stdexcept>

#include "games/rules.h"
#include "games/scoring.h"
#include "search/principal_line.h"
#include "search/score_prior.h"
#include "search/solitaire_ceiling.h"
#include "util/stable_order.h"

namespace scarney {
namespace {

constexpr int kNoScore = -1;  // below every score (scores are >= 0)

}  // namespace

SolitaireSolver::SolitaireSolver(bool early_call, int log2_table)
    : early_call_(early_call), table_(log2_table) {
  // A board's value is the same from whatever root it was reached.
  table_.keep_earlier(true);
}

// Precondition: the table could not settle b (its best move is `hint`), and
// `ceiling` is CeilingContext::sharp of b.
int SolitaireSolver::search(const Board& b, uint16_t material, int ceiling, int alpha, int beta,
                            uint8_t hint) {
  ++nodes_;
  if (ceiling <= alpha) return ceiling;
  // The tables only when the ceiling could not settle it: a probe may read a block.
  if (oracle_pawns_ && b.pawn_count() <= oracle_pawns_) {
    if (const auto v = oracle_->value(early_call_ ? Game::Singles : Game::Solitaire, b)) return *v;
  }

  Jump jumps[48];
  const int n = b.pawn_count() >= 2 ? b.jumps(jumps) : 0;
  int best = (early_call_ || n == 0) ? final_score(b).total() : kNoScore;
  uint8_t best_move = kNoMove;
  if (n > 0 && best < ceiling && best < beta) {
    // Children by their ceiling, highest first (the table's best move before
    // all): a line that reaches the threshold is found early, and once the
    // bound is beaten by nothing left, the rest is cut at once.
    const int sig = signature(b.occupied());  // the same for every descendant
    const CeilingContext::Children ceilings = ceiling_.children(material, sig);
    struct Child {
      int ceiling;
      int index;
      uint16_t material;
    } kids[48];
    for (int i = 0; i < n; ++i) {
      const Jump& jp = jumps[i];
      const Pawn over = b.pawn_on(jp.over);
      const uint16_t m = static_cast<uint16_t>(material & ~(1u << over));
      ceiling_.prefetch(static_cast<Mask>(b.occupied() ^ bit(jp.from) ^ bit(jp.over) ^ bit(jp.to)));
      Child c{ceilings.without(over), i, m};
      if (i == hint) c.ceiling += 1000;  // first, whatever its ceiling
      int j = i;
      for (; j > 0 && kids[j - 1].ceiling < c.ceiling; --j) kids[j] = kids[j - 1];
      kids[j] = c;
    }
    if (kids[0].ceiling >= 1000) kids[0].ceiling -= 1000;
    for (int i = 0; i < n; ++i) {
      const int bound = std::max(alpha, best);
      if (kids[i].ceiling <= bound) {
        // As an upper bound, the result must still cover what this child
        // might reach; the children after it reach no more (the table's
        // move aside, which comes first).
        best = std::max(best, kids[i].ceiling);
        if (i == 0) continue;
        break;
      }
      Board child = b;
      child.jump(jumps[kids[i].index]);
      // The table first, then the sharper ceiling, then the search.
      const auto known = table_.probe(child.pawn_nibbles(), child.occupied(), 0, bound, beta);
      int v;
      if (known.settled) {
        v = known.value;
      } else {
        const int sharp = ceiling_.sharp(child, kids[i].material);
        if (sharp <= bound) {
          // Remembered: the next test at a lower threshold comes back here.
          table_.store(child.pawn_nibbles(), child.occupied(), 0, sharp, Bound::Upper);
          v = sharp;
        } else {
          v = search(child, kids[i].material, sharp, bound, beta, known.hint);
        }
      }
      if (v > best) {
        best = v;
        best_move = static_cast<uint8_t>(kids[i].index);
        if (best >= beta || best >= ceiling) break;
      }
    }
  }
  const Bound bound = best <= alpha ? Bound::Upper : best >= beta ? Bound::Lower : Bound::Exact;
  table_.store(b.pawn_nibbles(), b.occupied(), 0, best, bound, best_move);
  return best;
}

int SolitaireSolver::search(const Board& b, int alpha, int beta) {
  const auto known = table_.probe(b.pawn_nibbles(), b.occupied(), 0, alpha, beta);
  if (known.settled) return known.value;
  const uint16_t material = b.material();
  return search(b, material, ceiling_.sharp(b, material), alpha, beta, known.hint);
}

int SolitaireSolver::root(const Position& p, int alpha, int beta) {
  if (p.phase == Phase::Jump) return search(p.board, alpha, beta);
  if (p.phase != Phase::TakeOff) throw std::logic_error("solitaire solver: unexpected phase");
  int best = kNoScore;
  for (const Move& m : legal_moves(p)) {
    Board child = p.board;
    child.remove(m.circle);
    best = std::max(best, search(child, std::max(alpha, best), beta));
    if (best >= beta) break;
  }
  if (best == kNoScore) best = final_score(p.board).total();  // no take-off possible
  return best;
}

// The exact value by null-window tests "is the value at least t?", between
// what is proven reachable (lo) and what is proven out of reach (hi). Only
// scores that some ending can make are asked about, each time the one that
// splits the deals' usual perfect scores in the range in half (see
// search/score_prior.h). A test with a high t is cheap because the
// ceilings cut nearly every position, and a test that succeeds stops at
// the first line that reaches t; the table keeps the bounds each test
// learnt for the next.
void SolitaireSolver::start() {
  table_.clear();
  sharp_tables_ = ++positions_ > kColdPositions;
  // The ceiling context is set for each root by exact(), which every
  // caller runs next.
}

int SolitaireSolver::exact(const Position& p) {
  ceiling_.reset(p.board, sharp_tables_);
  oracle_pawns_ = oracle_ ? oracle_->max_pawns(early_call_ ? Game::Singles : Game::Solitaire) : 0;
  int lo = 0;
  int hi = p.phase == Phase::Jump ? position_ceiling(p.board) : 1000;
  for (int t = next_threshold(lo, hi); t != lo; t = next_threshold(lo, hi)) {
    const int v = root(p, t - 1, t);
    if (v >= t)
      lo = v;  // reached: value >= v
    else
      hi = v;  // failed: value <= v
  }
  return lo;
}

int SolitaireSolver::value(const Position& p) {
  start();
  return exact(p);
}

int SolitaireSolver::value_within(const Position& p, int alpha, int beta) {
  start();
  ceiling_.reset(p.board, sharp_tables_);
  oracle_pawns_ = oracle_ ? oracle_->max_pawns(early_call_ ? Game::Singles : Game::Solitaire) : 0;
  return root(p, alpha, beta);
}

std::vector<MoveValue> SolitaireSolver::moves(const Position& p) {
  start();
  std::vector<MoveValue> out;
  for (const Move& m : legal_moves(p)) {
    const Position q = play(p, m);
    out.push_back({m, move_text(p.board, m), exact(q), std::nullopt});
  }
  if (early_call_ && can_call(p) && !out.empty())
    out.push_back({Move::call(), "call Scarney", final_score(p.board).total(), std::nullopt});
  stable_sort_by(out, [](const MoveValue& m) { return SortKey{-m.value}; });
  return out;
}

Solution SolitaireSolver::solve(const Position& start) {
  this->start();
  oracle_pawns_ = oracle_ ? oracle_->max_pawns(early_call_ ? Game::Singles : Game::Solitaire) : 0;
  Solution s;
  s.value = exact(start);
  const int target = s.value;
  // Singles: the line stops where calling Scarney already achieves the value.
  bool called = false;
  const auto moves = [&](const Position& p) {
    auto ms = legal_moves(p);
    if (!ms.empty() && early_call_ && can_call(p) && final_score(p.board).total() == target) {
      called = true;
      ms.clear();
    }
    return ms;
  };
  const auto keeps = [&](const Position&, const Move&, const Position& q) {
    return root(q, target - 1, target) >= target;
  };
  const auto take = [&](const Position& p, const Move& m, const Position&) {
    s.line.push_back(m);
    s.line_text.push_back(move_text(p.board, m));
  };
  if (!follow_principal_line(start, moves, play, keeps, take).second)
    throw std::logic_error("solitaire solver: principal line lost");
  if (called) {
    s.line.push_back(Move::call());
    s.line_text.push_back("call Scarney");
  }
  return s;
}

}  // namespace scarney
