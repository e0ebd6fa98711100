#include "board/board.h"

namespace scarney {
namespace {

// Circles a jump in each direction may start from (the landing circle must
// be on the board): East needs columns 0-1, West columns 2-3, South rows 0-1,
// North rows 2-3.
constexpr Mask kStartMask[] = {0x3333, 0xCCCC, 0x00FF, 0xFF00};

// Shift a mask "towards" circles `n` steps in direction d, so that bit c of
// the result is bit c + n*step(d) of m.
constexpr uint32_t look(uint32_t m, Direction d, int n) {
  const int s = step(d) * n;
  return s > 0 ? (m >> s) : (m << -s);
}

}  // namespace

std::optional<Circle> Board::circle_of(Pawn p) const {
  for (Circle c : circles(colour_[p >> 2]))
    if (pawn_on(c) == p) return c;
  return std::nullopt;
}

uint16_t Board::material() const {
  uint16_t m = 0;
  for (Circle c : circles(occupied_)) m |= static_cast<uint16_t>(1u << pawn_on(c));
  return m;
}

Mask Board::jumpers(Direction d) const {
  const uint32_t occ = occupied_;
  const uint32_t emp = static_cast<uint16_t>(~occupied_);
  uint32_t same = 0;  // a pawn whose neighbour in direction d has its colour
  for (Mask cm : colour_) same |= cm & look(cm, d, 1);
  return static_cast<Mask>(occ & look(occ, d, 1) & look(emp, d, 2) & ~same &
                           kStartMask[static_cast<int>(d)]);
}

bool Board::has_jump() const {
  for (int d = 0; d < 4; ++d)
    if (jumpers(static_cast<Direction>(d))) return true;
  return false;
}

int Board::jumps(Jump* out) const {
  int n = 0;
  for (int d = 0; d < 4; ++d) {
    const auto dir = static_cast<Direction>(d);
    const int s = step(dir);
    for (Circle c : circles(jumpers(dir)))
      out[n++] = Jump{c, static_cast<Circle>(c + s), static_cast<Circle>(c + 2 * s)};
  }
  return n;
}

std::vector<Jump> Board::jumps() const {
  Jump buf[48];
  return std::vector<Jump>(buf, buf + jumps(buf));
}

std::string diagram(const Board& b) {
  std::string s;
  for (int r = 0; r < 4; ++r) {
    for (int c = 0; c < 4; ++c) {
      const Circle k = circle_at(r, c);
      if (c) s += ' ';
      s += b.empty_at(k) ? std::string(" .") : pawn_name(b.pawn_on(k));
    }
    s += '\n';
  }
  return s;
}

std::string placement_line(const Board& b) {
  std::string s;
  for (Circle c : circles(b.occupied())) {
    if (!s.empty()) s += ", ";
    s += pawn_name(b.pawn_on(c)) + " on " + circle_name(c);
  }
  return s;
}

}  // namespace scarney
