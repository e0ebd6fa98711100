// Circles of the 4x4 Scarney board and the masks over them.
//
// Circle Ck is bit k-1 of every 16-bit mask, numbered row by row:
//
//     C1  C2  C3  C4          bit  0  1  2  3
//     C5  C6  C7  C8               4  5  6  7
//     C9  C10 C11 C12              8  9 10 11
//     C13 C14 C15 C16             12 13 14 15
//
// Lines join orthogonal neighbours only. The corners are C1, C4, C13, C16.
#pragma once

#include <bit>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace scarney {

using Circle = uint8_t;  // 0..15 for C1..C16
using Mask = uint16_t;   // a set of circles
inline constexpr int kCircles = 16;
inline constexpr Mask kAllCircles = 0xFFFF;
inline constexpr Mask kCorners = (1u << 0) | (1u << 3) | (1u << 12) | (1u << 15);

constexpr Mask bit(Circle c) { return static_cast<Mask>(1u << c); }
constexpr int row_of(Circle c) { return c >> 2; }
constexpr int column_of(Circle c) { return c & 3; }
constexpr Circle circle_at(int row, int column) { return static_cast<Circle>(row * 4 + column); }
constexpr bool is_corner(Circle c) { return (kCorners >> c) & 1; }
constexpr int count(Mask m) { return std::popcount(m); }
constexpr Circle first(Mask m) { return static_cast<Circle>(std::countr_zero(m)); }

std::string circle_name(Circle c);  // "C1" ... "C16"
// Accepts "C1".."C16", case-insensitive. nullopt for anything else.
std::optional<Circle> parse_circle(std::string_view s);

// Iterate the circles of a mask: for (Circle c : circles(m)).
class circles {
 public:
  explicit constexpr circles(Mask m) : m_(m) {}
  struct iterator {
    Mask m;
    constexpr Circle operator*() const { return first(m); }
    constexpr iterator& operator++() {
      m &= static_cast<Mask>(m - 1);
      return *this;
    }
    constexpr bool operator!=(const iterator& o) const { return m != o.m; }
  };
  constexpr iterator begin() const { return {m_}; }
  constexpr iterator end() const { return {0}; }

 private:
  Mask m_;
};

}  // namespace scarney
