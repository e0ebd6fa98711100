// Text from the user shown back to the user, safely: control characters
// (ESC sequences, NUL, C1 controls) and bytes that are not UTF-8 are written
// as escapes, so that a file cannot drive the terminal or cut a message
// short; a run of more than kMaxRun characters without a blank (a 4,000-byte
// token) is clipped.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace scarney {

inline constexpr size_t kMaxRun = 120;

// "\x1b[31m" for ESC [ 3 1 m; "\t" for a tab; a long run as its first 100
// bytes, "…" and "(N bytes)".
std::string printable(std::string_view s);

// A one-line text from input shown as a heading (a position's or a match
// sheet's title, a player's name): printable(), and clipped as a whole to
// its first 100 bytes, "…" and "(N bytes)" once longer than kMaxRun, blanks
// or not.
std::string printable_line(std::string_view s);

// Where printable() would first write an escape other than a tab's (a
// control character, a byte that is not UTF-8), or npos: text that a file
// can hold as it is and read back the same (a position's title).
size_t first_unprintable(std::string_view s);

}  // namespace scarney
