// High-Low payoffs as a function of the spots already removed.
//
// In a High-Low position one side can force the win. The payoff is the
// winner's removed spots at the end (doubled if the last pawn is black), so
// it depends on R, the spots the winner has already removed, and not at all
// on what the loser removed (see end_value in games/rules.h). With
// F(R) = the payoff when the winner plays for the most and the loser for the
// least, the value for the side to move is F(removed[0]) if it wins and
// -F(removed[1]) if it loses.
//
// F rises by 1 or 2 with each spot of R (a leaf is R or 2R plus a constant,
// and max and min keep increments in [1, 2]), so it is stored as
//   bits  0..7   F(0)                    (0..80)
//   bits  8..46  bit 8+R: F(R+1) - F(R) == 2, for R < 40 - spots on board
//   bit  47      the side to move wins
// R can only reach 40 - spots on the board (spots removed plus spots left
// is 40), and the recurrences below never look past that: in a won position
// F(R) = max over winning moves of F_child(R + gain), in a lost one
// F(R) = min over moves of F_child(R).
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>

namespace scarney::tablebase {

using Payoff = uint64_t;  // 48 bits used, see above

inline constexpr int kPayoffRisesShift = 8;
inline constexpr uint64_t kPayoffWinBit = uint64_t{1} << 47;

constexpr Payoff make_payoff(bool wins, int f0, uint64_t rises) {
  return (wins ? kPayoffWinBit : 0) | static_cast<uint64_t>(f0) | rises << kPayoffRisesShift;
}
constexpr bool payoff_wins(Payoff p) { return p & kPayoffWinBit; }
constexpr int payoff_f0(Payoff p) { return static_cast<int>(p & 0xFF); }
constexpr uint64_t payoff_rises(Payoff p) {
  return (p >> kPayoffRisesShift) & ((uint64_t{1} << 39) - 1);
}
constexpr uint64_t low_bits(int n) { return n >= 64 ? ~uint64_t{0} : (uint64_t{1} << n) - 1; }

// F(R). Precondition: 0 <= R <= 40 - spots on board.
constexpr int payoff_at(Payoff p, int r) {
  return payoff_f0(p) + r + std::popcount(payoff_rises(p) & low_bits(r));
}

// The winner's side of a payoff function, (F(0), rises), kept to [0, range].
struct PayoffFunction {
  int f0;
  uint64_t rises;
};

// G(R) = F(R + gain), on [0, range].
constexpr PayoffFunction shifted(Payoff p, int gain, int range) {
  return {payoff_at(p, gain), (payoff_rises(p) >> gain) & low_bits(range)};
}

// Pointwise max (want_max) or min of a and b on [0, range].
constexpr PayoffFunction combine(PayoffFunction a, PayoffFunction b, int range, bool want_max) {
  // Most pairs are ordered everywhere: a - b only moves by the rises.
  const int lo = a.f0 - b.f0 - std::popcount(b.rises);  // a(R) - b(R) >= lo
  const int hi = a.f0 - b.f0 + std::popcount(a.rises);  // a(R) - b(R) <= hi
  if (lo >= 0) return want_max ? a : b;
  if (hi <= 0) return want_max ? b : a;
  int va = a.f0, vb = b.f0;
  int prev = want_max ? std::max(va, vb) : std::min(va, vb);
  PayoffFunction out{prev, 0};
  for (int r = 0; r < range; ++r) {
    va += 1 + static_cast<int>(a.rises >> r & 1);
    vb += 1 + static_cast<int>(b.rises >> r & 1);
    const int v = want_max ? std::max(va, vb) : std::min(va, vb);
    if (v - prev == 2) out.rises |= uint64_t{1} << r;
    prev = v;
  }
  return out;
}

}  // namespace scarney::tablebase
