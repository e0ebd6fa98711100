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

// When the only removals within a word are single pawns, the word is
// settled as eight chunks of eight (l = 8u + v): closure[x] settles a chunk
// whose bits x are won already by removals out of it; within the chunk a
// bit is won when taking one of v's pawns leaves a lost bit.
struct ChunkClosure {
  std::array<uint8_t, 256> of{};
  constexpr ChunkClosure() {
    for (uint32_t x = 0; x < 256; ++x) {
      uint32_t out = 0;
      for (uint32_t v = 0; v < 8; ++v) {
        bool won = x >> v & 1;
        for (uint32_t j = 1; j < 8; j <<= 1)
          if ((v & j) && !(out >> (v - j) & 1)) won = true;
        if (won) out |= 1u << v;
      }
      of[x] = static_cast<uint8_t>(out);
    }
  }
};
constexpr ChunkClosure kClosure;

// Six circles of which no two are taken together by one removal, chosen as
// the words' low bits so that only single pawns are removed within a word;
// `together[c]` is the circles some removal takes with c. Greedy, then the
// rest in circle order; the generic settling covers a failure.
std::vector<Circle> index_order(Mask occupied, const std::array<Mask, kCircles>& together) {
  std::vector<Circle> out;
  Mask low = 0, barred = 0;
  for (Circle c : circles(occupied))
    if (out.size() < kLowBits && !(barred & bit(c))) {
      out.push_back(c);
      low |= bit(c);
      barred |= together[c];
    }
  for (Circle c : circles(static_cast<Mask>(occupied & ~low))) out.push_back(c);
  return out;
}

}  // namespace

uint32_t HighLowWinner::index_of(Mask circles) const {
  uint32_t out = 0;
  for (int i = 0; i < pawns_; ++i)
    if (circles & bit(circle_of_[i])) out |= 1u << i;
  return out;
}

void HighLowWinner::prepare(const Board& start) {
  StandingRemoval standing[kMaxRemovals];
  const int n = highlow_standing_removals(start, standing);
  std::array<Mask, kCircles> together{};
  for (int i = 0; i < n; ++i)
    for (Circle c : circles(standing[i].circles)) together[c] |= standing[i].circles;
  circle_of_ = index_order(start.occupied(), together);
  pawns_ = static_cast<int>(circle_of_.size());
  high_ = 0;
  for (int i = 0; i < pawns_; ++i)
    if (last_mover_wins(start.pawn_on(circle_of_[i]))) high_ |= 1u << i;
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
  singles_within_ = pawns_ >= kLowBits;
  for (const Removal& r : within_) singles_within_ &= std::popcount(r.shift) == 1;
  bits_.assign(pawns_ > kLowBits ? size_t{1} << (pawns_ - kLowBits) : 1, 0);
}

// The bits l of word w won by a removal into an earlier word.
uint64_t HighLowWinner::won_leaving(uint32_t w) const {
  uint64_t won = 0;
  for (uint32_t rest = w; rest; rest &= rest - 1)  // one pawn above the word
    won |= ~bits_[w & ~(rest & -rest)];
  // Without branches: whether a line applies to w is hard to predict.
  for (const Removal& r : lines_leaving_) {
    const uint64_t applies = ((w & r.high) == r.high) & !(w & r.high_blockers);
    won |= (~bits_[w & ~r.high] << r.shift) & r.applies & -applies;
  }
  return won;
}

// The word w, the subsets (w << 6) | l: first what removals into earlier
// words win, then the removals within the word.
uint64_t HighLowWinner::word(uint32_t w) const {
  const uint64_t won = won_leaving(w);
  if (singles_within_ && std::popcount(w) >= 2) {
    // Eight chunks of eight, l = 8u + v: taking one of u's pawns leads to
    // an earlier chunk at the same v, whose lost bits win here.
    const auto in = [won](int u) { return static_cast<uint32_t>(won >> (8 * u) & 0xFF); };
    const auto lost = [](uint32_t c) { return ~c & 0xFF; };
    const uint32_t c0 = kClosure.of[in(0)];
    const uint32_t c1 = kClosure.of[in(1) | lost(c0)];
    const uint32_t c2 = kClosure.of[in(2) | lost(c0)];
    const uint32_t c3 = kClosure.of[in(3) | lost(c1) | lost(c2)];
    const uint32_t c4 = kClosure.of[in(4) | lost(c0)];
    const uint32_t c5 = kClosure.of[in(5) | lost(c1) | lost(c4)];
    const uint32_t c6 = kClosure.of[in(6) | lost(c2) | lost(c4)];
    const uint32_t c7 = kClosure.of[in(7) | lost(c3) | lost(c5) | lost(c6)];
    return uint64_t{c0} | uint64_t{c1} << 8 | uint64_t{c2} << 16 | uint64_t{c3} << 24 |
           uint64_t{c4} << 32 | uint64_t{c5} << 40 | uint64_t{c6} << 48 | uint64_t{c7} << 56;
  }
  return settle_layers(w, won);
}

// The generic settling of word w: the removals within it a layer of l at a
// time (a child has fewer low bits), and the subsets of one pawn or none.
uint64_t HighLowWinner::settle_layers(uint32_t w, uint64_t won) const {
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

bool HighLowWinner::wins_with(Mask left) const { return wins_index(index_of(left)); }

}  // namespace scarney
