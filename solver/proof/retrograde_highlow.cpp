#include "proof/retrograde_highlow.h"

#include <bit>

#include "games/values.h"

namespace scarney {
namespace {

constexpr int kLowBits = 6;  // settle_within writes out its six shifts
constexpr uint32_t kWords = uint32_t{1} << (kCircles - kLowBits);
constexpr uint32_t kLow = (1u << kLowBits) - 1;

// The bits l of a word that hold the low circles `low` and none of
// `blockers`: where a removal taking `low` applies.
constexpr uint64_t applies_in_word(uint32_t low, uint32_t blockers) {
  uint64_t out = 0;
  for (uint32_t l = 0; l < 64; ++l)
    if ((l & low) == low && !(l & blockers)) out |= uint64_t{1} << l;
  return out;
}

// A removal as the pass reads it: its circles and blockers above the word
// (`high`, `high_blockers`), the shift to the child (the low circles it
// takes) and the bits l it applies to.
struct WordRemoval {
  uint32_t high, high_blockers;
  int shift;
  uint64_t applies;
  // Applies to word w when w holds `high` and none of `high_blockers`.
  bool applies_to(uint32_t w) const { return (w & (high | high_blockers)) == high; }
};

WordRemoval word_removal(const StandingRemoval& r) {
  return {static_cast<uint32_t>(r.circles) >> kLowBits,
          static_cast<uint32_t>(r.blockers) >> kLowBits, static_cast<int>(r.circles & kLow),
          applies_in_word(r.circles & kLow, r.blockers & kLow)};
}

// The circles renumbered (circle c becomes bit index[c] of a subset) so
// that the word's six low bits are circles no line removal takes two of,
// where the board allows: then within a word only single pawns are taken.
// Any numbering works: a removal always leads to a smaller number.
using Numbering = std::array<int, kCircles>;

Numbering low_circles_apart(std::span<const StandingRemoval> removals) {
  std::array<Mask, kCircles> together{};
  for (const StandingRemoval& r : removals)
    for (Circle c : circles(r.circles)) together[c] |= r.circles;
  Numbering index{};
  uint32_t low = 0, barred = 0;
  int next = 0;
  for (Circle c = 0; c < kCircles && next < kLowBits; ++c)
    if (!(barred >> c & 1)) {
      index[c] = next++;
      low |= 1u << c;
      barred |= together[c];
    }
  for (Circle c = 0; c < kCircles; ++c)
    if (!(low >> c & 1)) index[c] = next++;
  return index;
}

uint32_t renumbered(Mask m, const Numbering& index) {
  uint32_t out = 0;
  for (Circle c : circles(m)) out |= 1u << index[c];
  return out;
}

// Word w from what the removals leaving it settled: the removals within it
// read lower bits of the same word, so they are applied in rounds until the
// word no longer changes (round k settles the bits with k low circles: at
// most seven rounds; the answer does not depend on where the rounds start).
uint64_t settle_within(uint32_t w, uint64_t settled,
                       const std::array<uint64_t, kLowBits>& single_within,
                       std::span<const WordRemoval> staying) {
  uint64_t word = settled;
  for (;;) {
    uint64_t next = settled;
    // A single pawn on low circle i taken: bit l reads bit l - 2^i. Written
    // out, the shifts are constants (as a loop, 28% more instructions).
    const uint64_t lost = ~word;
    next |= (lost << 1 & single_within[0]) | (lost << 2 & single_within[1]) |
            (lost << 4 & single_within[2]) | (lost << 8 & single_within[3]) |
            (lost << 16 & single_within[4]) | (lost << 32 & single_within[5]);
    for (const WordRemoval& m : staying)
      if (!(w & m.high_blockers)) next |= (~word << m.shift) & m.applies;
    if (next == word) return word;
    word = next;
  }
}

}  // namespace

bool RetrogradeHighLow::wins(const Board& start) {
  StandingRemoval removals[kMaxRemovals];
  const int n = highlow_standing_removals(start, removals);
  Mask lone_won = 0;
  for (Circle c : circles(start.occupied()))
    if (!last_mover_wins(start.pawn_on(c))) lone_won = static_cast<Mask>(lone_won | bit(c));
  return wins(start.occupied(), std::span(removals, static_cast<size_t>(n)), lone_won);
}

bool RetrogradeHighLow::wins(Mask occupied, std::span<const StandingRemoval> removals,
                             Mask lone_won) {
  const Numbering index = low_circles_apart(removals);
  // The removals sorted by how the pass applies them: single pawns above
  // the word (read off w's bits), single pawns within it (a fixed shift
  // each), and the rest, leaving the word or staying in it.
  uint32_t singles_above = 0;
  std::array<uint64_t, kLowBits> single_within{};
  WordRemoval leaving[kMaxRemovals], staying[kMaxRemovals];
  int n_leaving = 0, n_staying = 0;
  for (const StandingRemoval& r : removals) {
    const WordRemoval m = word_removal({static_cast<Mask>(renumbered(r.circles, index)),
                                        static_cast<Mask>(renumbered(r.blockers, index))});
    if (std::popcount(r.circles) == 1 && m.high)
      singles_above |= m.high;
    else if (std::popcount(r.circles) == 1)
      single_within[std::countr_zero(static_cast<unsigned>(m.shift))] = m.applies;
    else
      (m.high ? leaving[n_leaving++] : staying[n_staying++]) = m;
  }
  // The answers known before any removal: the empty subset as won (never
  // lost, so no removal takes the last pawn), and the lone pawns.
  const uint32_t lone = renumbered(lone_won, index);
  uint64_t word0 = 1;
  for (int i = 0; i < kLowBits; ++i)
    if (lone >> i & 1) word0 |= uint64_t{1} << (1u << i);
  const uint32_t lone_above = lone >> kLowBits;
  for (uint32_t w = 0; w < kWords; ++w) {
    uint64_t settled = w == 0 ? word0 : std::has_single_bit(w) && (w & lone_above) ? 1 : 0;
    for (uint32_t rest = w & singles_above; rest; rest &= rest - 1)
      settled |= ~won_[w & ~(rest & -rest)];
    // Without branches: whether a line applies to w is hard to predict.
    for (int i = 0; i < n_leaving; ++i) {
      const WordRemoval& m = leaving[i];
      const uint64_t all_if = -static_cast<uint64_t>(m.applies_to(w));
      settled |= (~won_[w ^ m.high] << m.shift) & m.applies & all_if;
    }
    won_[w] = settle_within(w, settled, single_within, {staying, static_cast<size_t>(n_staying)});
  }
  const uint32_t all = renumbered(occupied, index);
  return won_[all >> kLowBits] >> (all & kLow) & 1;
}

}  // namespace scarney
