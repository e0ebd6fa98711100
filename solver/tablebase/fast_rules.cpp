#include "tablebase/fast_rules.h"

#include <array>

namespace scarney::tablebase {

int score_left(const Board& b) {
  const int game = kTotalSpots - b.spots();
  const Mask occ = b.occupied();
  const int n = count(occ);
  if (n == 1) {
    const Pawn p = b.pawn_on(first(occ));
    return game + spots_of(p) * (is_black(p) ? 20 : 10);
  }
  if (n < 2 || n > 4) return game;
  const int corners = count(static_cast<Mask>(occ & kCorners));
  for (int c = 0; c < kColours; ++c)
    if (b.colour_mask(static_cast<Colour>(c)) == occ)
      return game + (c == 0 ? 20 : 10) * (n + corners);
  for (int s = 1; s <= 4; ++s)
    if (b.spot_mask(s) == occ) return game + 10 * (n + corners);
  return game;
}

namespace {

// Two or three circles of one row or column, and the span from the first to
// the last of them.
struct LineMove {
  Mask circles, span;
  Circle first;
};

const std::array<LineMove, 80>& line_moves() {
  static const std::array<LineMove, 80> moves = [] {
    std::array<LineMove, 80> out{};
    int n = 0;
    for (int line = 0; line < 8; ++line) {
      Circle cs[4];
      for (int i = 0; i < 4; ++i) cs[i] = line < 4 ? circle_at(line, i) : circle_at(i, line - 4);
      for (int sub = 1; sub < 16; ++sub) {
        const int k = std::popcount(static_cast<unsigned>(sub));
        if (k < 2 || k > 3) continue;
        LineMove m{0, 0, 0};
        int lo = -1, hi = -1;
        for (int i = 0; i < 4; ++i)
          if (sub >> i & 1) {
            if (lo < 0) lo = i;
            hi = i;
            m.circles |= bit(cs[i]);
          }
        for (int i = lo; i <= hi; ++i) m.span |= bit(cs[i]);
        m.first = cs[lo];
        out[n++] = m;
      }
    }
    return out;
  }();
  return moves;
}

}  // namespace

int removals(const Board& b, Mask* out) {
  const Mask occ = b.occupied();
  const int pawns = count(occ);
  int n = 0;
  if (pawns < 2) return 0;
  for (Circle c : circles(occ)) out[n++] = bit(c);
  for (const LineMove& m : line_moves()) {
    if ((occ & m.circles) != m.circles) continue;
    // No pawn of another colour between the outermost two.
    const Mask colour = b.colour_mask(colour_of(b.pawn_on(m.first)));
    if (occ & m.span & ~colour) continue;
    if (count(m.circles) >= pawns) continue;  // a move may not take the last pawn
    out[n++] = m.circles;
  }
  return n;
}

}  // namespace scarney::tablebase
