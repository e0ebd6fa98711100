#include "util/printable.h"

#include <cstdio>

namespace scarney {
namespace {

constexpr size_t kClipTo = 100;

std::string hex_escape(unsigned char c) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "\\x%02x", c);
  return buf;
}

// The length of the UTF-8 character starting at s[i] if it is well formed
// and printable, 0 otherwise.
size_t printable_char(std::string_view s, size_t i) {
  const auto b = [&](size_t k) { return static_cast<unsigned char>(s[i + k]); };
  const unsigned char c = b(0);
  if (c < 0x80) return (c >= 0x20 && c != 0x7f) ? 1 : 0;
  const size_t n = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 ? 2 : 0;
  if (n == 0 || c > 0xF4 || i + n > s.size()) return 0;
  for (size_t k = 1; k < n; ++k)
    if ((b(k) & 0xC0) != 0x80) return 0;
  if (n == 2 && c == 0xC2 && b(1) < 0xA0) return 0;  // C1 controls, U+0080..U+009F
  if (n == 3 && ((c == 0xE0 && b(1) < 0xA0) || (c == 0xED && b(1) >= 0xA0))) return 0;
  if (n == 4 && ((c == 0xF0 && b(1) < 0x90) || (c == 0xF4 && b(1) >= 0x90))) return 0;
  return n;
}

std::string escaped(std::string_view s) {
  std::string out;
  for (size_t i = 0; i < s.size();) {
    if (s[i] == '\t') {
      out += "\\t";
      ++i;
    } else if (const size_t n = printable_char(s, i)) {
      out.append(s.substr(i, n));
      i += n;
    } else {
      out += hex_escape(static_cast<unsigned char>(s[i++]));
    }
  }
  return out;
}

// Where to cut a run of `s` near `at` without splitting a UTF-8 character.
size_t cut_point(std::string_view s, size_t at) {
  while (at > 0 && (static_cast<unsigned char>(s[at]) & 0xC0) == 0x80) --at;
  return at;
}

}  // namespace

std::string printable(std::string_view s) {
  const std::string e = escaped(s);
  std::string out;
  size_t i = 0;
  while (i < e.size()) {
    const size_t blank = e.find(' ', i);
    const size_t end = blank == std::string::npos ? e.size() : blank;
    const std::string_view run = std::string_view(e).substr(i, end - i);
    if (run.size() > kMaxRun)
      out += std::string(run.substr(0, cut_point(run, kClipTo))) + "… (" +
             std::to_string(run.size()) + " bytes)";
    else
      out += run;
    if (blank == std::string::npos) break;
    out += ' ';
    i = blank + 1;
  }
  return out;
}

size_t first_unprintable(std::string_view s) {
  for (size_t i = 0; i < s.size();) {
    if (s[i] == '\t') {
      ++i;
    } else if (const size_t n = printable_char(s, i)) {
      i += n;
    } else {
      return i;
    }
  }
  return std::string_view::npos;
}

std::string printable_line(std::string_view s) {
  const std::string e = printable(s);
  if (e.size() <= kMaxRun) return e;
  return e.substr(0, cut_point(e, kClipTo)) + "… (" + std::to_string(s.size()) + " bytes)";
}

}  // namespace scarney
