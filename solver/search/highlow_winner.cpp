#include "search/highlow_winner.h"

#include <array>
#include <bit>

#include "games/highlow_lines.h"
#include "games/values.h"

namespace scarney {
namespace {

constexpr int kLowBits = 6;  // index bits inside a word
constexpr uint32_t kLow = 63;

// Masks over the 64 bits l of a word: holds[x] the l that hold every bit of
// x, misses[x] the l that hold none, layer[j] the l with j bits set.
struct WordMasks {
  std::array<uint64_t, 64> holds{}, misses{};
  std::array<uint64_t, kLowBits + 1> layer{};
  constexpr WordMasks() {
    for (uint32_t x = 0; x < 64; ++x)
      for (uint32_t l = 0; l < 64; ++l) {
        if ((l & x) == x) holds[x] |= uint64_t{1} << l;
        if ((l & x) == 0) misses[x] |= uint64_t{1} << l;
      }
    for (uint32_t l = 0; l < 64; ++l) layer[std::popcount(l)] |= uint64_t{1} << l;
  }
};
constexpr WordMasks kMasks;

}  // namespace

uint32_t HighLowWinner::index_of(Mask circles) const {
  uint32_t out = 0;
  for (int i = 0; i < pawns_; ++i)
    if (circles & bit(circle_of_[i])) out |= 1u << i;
  return out;
}

void HighLowWinner::prepare(const Board& start) {
  circle_of_.clear();
  for (Circle c : circles(start.occupied())) circle_of_.push_back(c);
  pawns_ = static_cast<int>(circle_of_.size());
  high_ = 0;
  for (int i = 0; i < pawns_; ++i)
    if (last_mover_wins(start.pawn_on(circle_of_[i]))) high_ |= 1u << i;
  StandingRemoval standing[kMaxRemovals];
  const int n = highlow_standing_removals(start, standing);
  lines_leaving_.clear();
  within_.clear();
  for (int i = 0; i < n; ++i) {
    const uint32_t pawns = index_of(standing[i].circles);
    const uint32_t blockers = index_of(standing[i].blockers);
    const Removal r{pawns >> kLowBits, blockers >> kLowBits, pawns & kLow,
                    kMasks.holds[pawns & kLow] & kMasks.misses[blockers & kLow]};
    // Single pawns above the word are read off w's bits (see word()).
    if (!r.high)
      within_.push_back(r);
    else if (std::popcount(pawns) > 1)
      lines_leaving_.push_back(r);
  }
  bits_.assign(pawns_ > kLowBits ? size_t{1} << (pawns_ - kLowBits) : 1, 0);
}

// The word w, the subsets (w << 6) | l: first what removals into earlier
// words win, then the removals within the word, a layer of l at a time.
uint64_t HighLowWinner::word(uint32_t w) const {
  uint64_t won = 0;
  for (uint32_t rest = w; rest; rest &= rest - 1)  // one pawn above the word
    won |= ~bits_[w & ~(rest & -rest)];
  for (const Removal& r : lines_leaving_)
    if ((w & r.high) == r.high && !(w & r.high_blockers))
      won |= (~bits_[w & ~r.high] << r.shift) & r.applies;
  // The subsets of one pawn or none are settled by the rules: the empty
  // one as won (so no move takes the last pawn), one pawn as the last
  // mover's loss when his pawn is low.
  uint64_t out = 0, settled = 0;
  const int high_pawns = std::popcount(w);
  if (high_pawns == 0) {
    settled = kMasks.layer[0] | kMasks.layer[1];
    out = 1;
    for (int i = 0; i < kLowBits; ++i)
      if (!(high_ >> i & 1)) out |= uint64_t{1} << (1u << i);
  } else if (high_pawns == 1) {
    settled = 1;
    out = (high_ >> (std::countr_zero(w) + kLowBits) & 1) ? 0 : 1;
  }
  // The removals within the word that w's pawns do not block.
  std::array<Removal, kMaxRemovals> open;
  int n = 0;
  for (const Removal& r : within_)
    if (!(w & r.high_blockers)) open[n++] = r;
  const int layers = pawns_ < kLowBits ? pawns_ : kLowBits;
  for (int j = 0; j <= layers; ++j) {
    uint64_t v = won;
    for (int i = 0; i < n; ++i) v |= (~out << open[i].shift) & open[i].applies;
    out |= v & kMasks.layer[j] & ~settled;
  }
  return out;
}

bool HighLowWinner::wins(const Board& start) {
  prepare(start);
  for (uint32_t w = 0; w < bits_.size(); ++w) bits_[w] = word(w);
  return wins_with(start.occupied());
}

bool HighLowWinner::wins_with(Mask left) const {
  const uint32_t i = index_of(left);
  return bits_[i >> kLowBits] >> (i & kLow) & 1;
}

}  // namespace scarney
