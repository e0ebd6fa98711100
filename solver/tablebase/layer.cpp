// One table entry from the layers below: the recurrences of games/values.h
// (as search/reference.cpp runs them) with the children looked up instead
// of searched.
#include "tablebase/layer.h"

#include <algorithm>
#include <bit>

#include "games/highlow_lines.h"
#include "games/scoring.h"
#include "games/values.h"
#include "tablebase/payoff.h"

namespace scarney::tablebase {
namespace {

// Solitaire and Singles: the best score; Singles may stop (call Scarney) anywhere.
uint64_t score(const Board& b, const Layers& layers, bool early_call) {
  const int n = b.pawn_count();
  Jump jumps[48];
  const int count = n >= 2 ? b.jumps(jumps) : 0;
  int best = (early_call || count == 0) ? score_total(b) : 0;
  const uint16_t material = b.material();
  for (int i = 0; i < count; ++i) {
    Board child = b;
    child.jump(jumps[i]);
    const auto m = static_cast<uint16_t>(material & ~(1u << b.pawn_on(jumps[i].over)));
    const int v = static_cast<int>(layers[n - 1]->at(child, m));
    best = std::max(best, move_value(Game::Solitaire, v, 0));
  }
  return static_cast<uint64_t>(best);
}

// Doubles: the margin for the side to move; at the end the opponent (the
// last to jump) sweeps the pawns left.
uint64_t margin(const Board& b, const Layers& layers) {
  const int n = b.pawn_count();
  Jump jumps[48];
  const int count = n >= 2 ? b.jumps(jumps) : 0;
  if (count == 0) return static_cast<uint8_t>(doubles_end_value(b));
  int best = -1000;
  const uint16_t material = b.material();
  for (int i = 0; i < count; ++i) {
    Board child = b;
    child.jump(jumps[i]);
    const Pawn over = b.pawn_on(jumps[i].over);
    const auto m = static_cast<uint16_t>(material & ~(1u << over));
    const int v = static_cast<int8_t>(layers[n - 1]->at(child, m));
    best = std::max(best, move_value(Game::Doubles, v, spots_of(over)));
  }
  return static_cast<uint8_t>(best);
}

struct Removal {
  Board child;
  uint16_t material;
  int gain;
};

Removal remove(const Board& b, uint16_t material, Mask circles_emptied) {
  Removal r{b, material, 0};
  for (Circle c : circles(circles_emptied)) {
    const Pawn p = b.pawn_on(c);
    r.gain += spots_of(p);
    r.material = static_cast<uint16_t>(r.material & ~(1u << p));
    r.child.remove(c);
  }
  return r;
}

// High-Low: whether the side to move wins. With one pawn left the game is
// over: the last mover (the opponent) wins with a 3 or 4 left.
uint64_t wins(const Board& b, const Layers& layers) {
  const int n = b.pawn_count();
  if (n == 1) return !last_mover_wins(b.pawn_on(first(b.occupied())));
  Mask moves[kMaxRemovals];
  const int count = highlow_removals(b, moves);
  const uint16_t material = b.material();
  for (int i = 0; i < count; ++i) {
    const Removal r = remove(b, material, moves[i]);
    if (!layers[r.child.pawn_count()]->at(r.child, r.material)) return 1;
  }
  return 0;
}

// High-Low: the payoff function (see payoff.h).
uint64_t payoff(const Board& b, const Layers& layers) {
  const int n = b.pawn_count();
  const int range = kTotalSpots - b.spots();
  if (n == 1) {
    const Pawn p = b.pawn_on(first(b.occupied()));
    // F(R) = R times the multiplier: every step rises by 2 when it is 2.
    return make_payoff(!last_mover_wins(p), 0, highlow_multiplier(p) == 2 ? low_bits(range) : 0);
  }
  Mask moves[kMaxRemovals];
  const int count = highlow_removals(b, moves);
  const uint16_t material = b.material();
  Payoff children[kMaxRemovals];
  int gains[kMaxRemovals];
  bool won = false;
  for (int i = 0; i < count; ++i) {
    const Removal r = remove(b, material, moves[i]);
    children[i] = layers[r.child.pawn_count()]->at(r.child, r.material);
    gains[i] = r.gain;
    won |= !payoff_wins(children[i]);
  }
  // Won: the best winning move for the winner, F(R) = max F_child(R + gain).
  // Lost: every move hands the win over, and the winner's R does not change:
  // F(R) = min F_child(R).
  bool any = false;
  PayoffFunction f{0, 0};
  for (int i = 0; i < count; ++i) {
    if (won && payoff_wins(children[i])) continue;
    const PayoffFunction g =
        won ? shifted(children[i], gains[i], range) : shifted(children[i], 0, range);
    f = any ? combine(f, g, range, won) : g;
    any = true;
  }
  return make_payoff(won, f.f0, f.rises);
}

}  // namespace

Layer::Layer(TableKind k, int pawns)
    : kind_(k),
      encoding_(info(k).encoding),
      index_(info(k).group, pawns),
      shift_(std::countr_zero(info(k).block_entries)),
      mask_(info(k).block_entries - 1) {
  if (!std::has_single_bit(info(k).block_entries))
    throw std::logic_error("tablebase: block sizes must be powers of two");
  blocks_.resize((index_.entries() + mask_) >> shift_);
}

void Layer::hold(const TableFile& file, const std::vector<uint32_t>& blocks) {
  if (file.header().kind != kind_ || file.header().pawns != index_.pawns() ||
      file.header().blocks != blocks_.size())
    throw TablebaseError(file.path(), "holds another table");
  std::vector<std::vector<uint8_t>> held(blocks_.size());
  for (uint32_t b : blocks) {
    if (!blocks_[b].empty())
      held[b] = std::move(blocks_[b]);
    else
      file.read_block(b, held[b]);
  }
  blocks_ = std::move(held);
}

void Layer::hold_all(const TableFile& file) {
  std::vector<uint32_t> all(blocks_.size());
  for (uint32_t b = 0; b < all.size(); ++b) all[b] = b;
  hold(file, all);
}

uint64_t compute_entry(TableKind k, const Board& b, const Layers& layers) {
  switch (k) {
    case TableKind::Solitaire:
      return score(b, layers, false);
    case TableKind::Singles:
      return score(b, layers, true);
    case TableKind::Doubles:
      return margin(b, layers);
    case TableKind::HighLowWins:
      return wins(b, layers);
    case TableKind::HighLowPayoff:
      return payoff(b, layers);
  }
  return 0;
}

}  // namespace scarney::tablebase
