#include "search/score_prior.h"

#include <array>
#include <atomic>
#include <cstdlib>

#include "board/circle.h"
#include "board/pawn.h"

namespace scarney {
namespace {

constexpr int kMaxScore = 256;

// Perfect scores of 1,000,000 random Solitaire deals (docs/stats.md), per
// value; every other possible score counts 1.
struct Seen {
  int score, deals;
};
constexpr Seen kSeen[] = {
    {54, 8},      {55, 11},      {57, 6},      {58, 5},      {61, 4},      {62, 11},
    {63, 8},      {64, 27},      {65, 24},     {66, 40},     {67, 51},     {68, 48},
    {70, 15},     {71, 75},      {72, 83},     {73, 129},    {74, 295},    {75, 202},
    {76, 866},    {77, 394},     {78, 1055},   {80, 1337},   {81, 1868},   {82, 2485},
    {83, 2942},   {84, 6638},    {86, 211},    {87, 1832},   {88, 297},    {90, 10467},
    {91, 319},    {92, 669},     {93, 1691},   {94, 3132},   {95, 5865},   {96, 4067},
    {97, 46506},  {98, 1387},    {100, 27350}, {102, 687},   {104, 254},   {106, 674},
    {108, 489},   {110, 6181},   {111, 4609},  {112, 5196},  {113, 13220}, {114, 18032},
    {115, 31975}, {116, 280453}, {117, 68082}, {130, 26333}, {131, 51008}, {132, 67228},
    {133, 78035}, {134, 103518}, {150, 69085}, {170, 45428}, {190, 7030}};

struct Prior {
  std::array<int, kMaxScore> weight{};  // 0: not a possible score
  Prior() {
    // No bonus: 40 minus the spots left, from 2 to 40 spots (or one pawn).
    for (int s = 0; s < kTotalSpots; ++s) weight[s] = 1;
    // One pawn alone: 10 a spot, 20 if black.
    for (int s = 1; s <= 4; ++s)
      weight[kTotalSpots - s + 10 * s] = weight[kTotalSpots - s + 20 * s] = 1;
    // A colour group (2-4 of the spot values 1-4), 10 a pawn or 20 if black,
    // corners counted twice.
    for (int sub = 0; sub < 16; ++sub) {
      const int n = std::popcount(static_cast<unsigned>(sub));
      if (n < 2) continue;
      int spots = 0;
      for (int i = 0; i < 4; ++i)
        if (sub >> i & 1) spots += i + 1;
      for (int per : {10, 20})
        for (int corners = 0; corners <= n; ++corners)
          weight[kTotalSpots - spots + per * (n + corners)] = 1;
    }
    // A number group: 2-4 pawns of s spots, 10 a pawn, corners twice.
    for (int s = 1; s <= 4; ++s)
      for (int n = 2; n <= 4; ++n)
        for (int corners = 0; corners <= n; ++corners)
          weight[kTotalSpots - n * s + 10 * (n + corners)] = 1;
    for (const Seen& x : kSeen)
      if (weight[x.score]) weight[x.score] = x.deals;
  }
};

const Prior& prior() {
  static const Prior p;
  return p;
}

}  // namespace

bool possible_score(int s) { return s >= 0 && s < kMaxScore && prior().weight[s] > 0; }

namespace {

int split(int lo, int top) {
  const auto& w = prior().weight;
  long total = 0;
  for (int s = lo + 1; s <= top; ++s) total += w[s];
  if (total == 0) return lo;
  // The threshold whose mass at or above it is nearest half the total.
  int best = lo;
  long best_gap = -1, above = total;
  for (int s = lo + 1; s <= top; ++s) {
    if (!w[s]) continue;
    const long gap = std::labs(2 * above - total);
    if (best_gap < 0 || gap < best_gap) best = s, best_gap = gap;
    above -= w[s];
  }
  return best;
}

}  // namespace

int next_threshold(int lo, int hi) {
  const int top = hi < kMaxScore ? hi : kMaxScore - 1;
  if (lo >= top) return lo;
  if (lo < 0) return split(lo, top);
  // Every deal asks the same few (lo, hi) first: each answer is kept (as
  // threshold + 1; 0: not yet), by relaxed atomics as threads share it.
  static std::atomic<int16_t> known[kMaxScore][kMaxScore];
  std::atomic<int16_t>& k = known[lo][top];
  int t = k.load(std::memory_order_relaxed) - 1;
  if (t < 0) {
    t = split(lo, top);
    k.store(static_cast<int16_t>(t + 1), std::memory_order_relaxed);
  }
  return t;
}

}  // namespace scarney
