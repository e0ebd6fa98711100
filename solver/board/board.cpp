#include "board/board.h"

namespace scarney {

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

int Board::jumps(Jump* out) const {
  const JumpMasks j(colour_bits());
  int n = 0;
  for (const Direction d : {Direction::East, Direction::West, Direction::South, Direction::North})
    for (Circle c : circles(j.from(d))) out[n++] = jump_from(c, d);
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
