#include "board/circle.h"

namespace scarney {

std::string circle_name(Circle c) { return "C" + std::to_string(c + 1); }

std::optional<Circle> parse_circle(std::string_view s) {
  if (s.size() < 2 || s.size() > 3 || (s[0] != 'C' && s[0] != 'c')) return std::nullopt;
  int n = 0;
  for (char ch : s.substr(1)) {
    if (ch < '0' || ch > '9') return std::nullopt;
    n = n * 10 + (ch - '0');
  }
  if (s[1] == '0' || n < 1 || n > kCircles) return std::nullopt;
  return static_cast<Circle>(n - 1);
}

}  // namespace scarney
