#include "games/highlow_lines.h"

namespace scarney {
namespace {

constexpr std::array<LineMove, kLineMoves> make_lines() {
  std::array<LineMove, kLineMoves> out{};
  int n = 0;
  for (int line = 0; line < 8; ++line) {
    Circle cs[4];
    for (int i = 0; i < 4; ++i) cs[i] = line < 4 ? circle_at(line, i) : circle_at(i, line - 4);
    for (int sub = 1; sub < 16; ++sub) {
      const int k = std::popcount(static_cast<unsigned>(sub));
      if (k < 2 || k > 3) continue;
      LineMove m{0, 0, 0};
      const int lo = std::countr_zero(static_cast<unsigned>(sub));
      const int hi = 31 - std::countl_zero(static_cast<unsigned>(sub));
      for (int i = lo; i <= hi; ++i) {
        m.span = static_cast<Mask>(m.span | bit(cs[i]));
        if (sub >> i & 1) m.circles = static_cast<Mask>(m.circles | bit(cs[i]));
      }
      m.first = cs[lo];
      out[n++] = m;
    }
  }
  return out;
}

constexpr std::array<LineMove, kLineMoves> kLines = make_lines();

}  // namespace

const std::array<LineMove, kLineMoves>& highlow_lines() { return kLines; }

int highlow_removals(const Board& b, Mask* out) {
  const Mask occ = b.occupied();
  const int pawns = count(occ);
  if (pawns < 2) return 0;
  int n = 0;
  for (Circle c : circles(occ)) out[n++] = bit(c);
  for (const LineMove& m : kLines)
    if (count(m.circles) < pawns && line_move_legal(b, m)) out[n++] = m.circles;
  return n;
}

int highlow_standing_removals(const Board& start, StandingRemoval* out) {
  const Mask occ = start.occupied();
  int n = 0;
  for (Circle c : circles(occ)) out[n++] = {bit(c), 0};
  for (const LineMove& m : kLines) {
    if ((occ & m.circles) != m.circles) continue;
    const Mask other = static_cast<Mask>(~start.colour_mask(colour_of(start.pawn_on(m.first))));
    if (m.circles & other) continue;  // the removed pawns are of one colour
    out[n++] = {m.circles, static_cast<Mask>(occ & m.span & other)};
  }
  return n;
}

}  // namespace scarney
