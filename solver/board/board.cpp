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

Mask Board::jumpers(Direction d) const {
  switch (d) {
    case Direction::East:
      return jumpers<Direction::East>();
    case Direction::West:
      return jumpers<Direction::West>();
    case Direction::South:
      return jumpers<Direction::South>();
    case Direction::North:
      return jumpers<Direction::North>();
  }
  return 0;
}

bool Board::has_jump() const {
  return (jumpers<Direction::East>() | jumpers<Direction::West>() | jumpers<Direction::South>() |
          jumpers<Direction::North>()) != 0;
}

namespace {
template <Direction d>
int append_jumps(const Board& b, Jump* out) {
  constexpr int s = step(d);
  int n = 0;
  for (Circle c : circles(b.jumpers<d>()))
    out[n++] = Jump{c, static_cast<Circle>(c + s), static_cast<Circle>(c + 2 * s)};
  return n;
}
}  // namespace

int Board::jumps(Jump* out) const {
  int n = append_jumps<Direction::East>(*this, out);
  n += append_jumps<Direction::West>(*this, out + n);
  n += append_jumps<Direction::South>(*this, out + n);
  n += append_jumps<Direction::North>(*this, out + n);
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
