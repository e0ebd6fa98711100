// The one front end for every text format scarney reads (position files,
// match sheets, the book's notation, placement hands): lines and tokens
// with the columns they stand at, so that every error can say
// `file:line:column`.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "util/expected.h"

namespace scarney::text {

bool is_blank(char c);  // space, tab, carriage return
std::string lower(std::string_view s);

// A token and the 1-based column of its first character.
struct Token {
  std::string_view text;
  int column;
};

// Splits s on blanks and the `separators`; each of the `singles` is a token
// of its own. `column` is the column of s[0].
std::vector<Token> split(std::string_view s, int column, std::string_view separators = "",
                         std::string_view singles = "");

// The index of the first character of s that is neither a letter, a digit
// nor one of `allowed` (npos when there is none): for formats that refuse
// any other character before they split.
size_t find_unexpected(std::string_view s, std::string_view allowed);

// One line of a text file: `#` comment and trailing blanks removed, leading
// blanks skipped; `column` is where `text` starts.
struct Line {
  int number;  // 1-based
  std::string_view text;
  int column;
};

// The lines of a whole file, read the same way for every format: a UTF-8
// byte-order mark is skipped (columns stay true), a line longer than
// `max_line_bytes` is refused with its place. The views point into `text`.
Expected<std::vector<Line>> read_lines(std::string_view text, const std::string& file,
                                       size_t max_line_bytes);

// The same lines, handed to `each` one at a time as they are read, so that
// an error in a line comes before any refusal of a later one. The first
// error, of the reading or of `each`, stops it and is returned.
Expected<void> for_each_line(std::string_view text, const std::string& file, size_t max_line_bytes,
                             const std::function<Expected<void>(const Line&)>& each);

// The column of `part` (a view into line.text).
inline int column_of(const Line& line, std::string_view part) {
  return line.column + static_cast<int>(part.data() - line.text.data());
}

// A `key: value` line split at its first colon: the key as written and in
// lower case, the value with blanks trimmed, and where each starts.
struct KeyValue {
  std::string_view key_text;
  std::string key;
  std::string_view value;
  int key_column, value_column;  // value_column: just after the colon when the value is empty
};
// An error at the line when it has no colon.
Expected<KeyValue> key_value(const Line& line, const std::string& file);

}  // namespace scarney::text
