#include "util/text.h"

#include <algorithm>
#include <cctype>

namespace scarney::text {

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

std::string lower(std::string_view s) {
  std::string r(s);
  std::transform(r.begin(), r.end(), r.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return r;
}

std::vector<Token> split(std::string_view s, int column, std::string_view separators,
                         std::string_view singles) {
  const auto separator = [&](char c) {
    return is_blank(c) || separators.find(c) != std::string_view::npos;
  };
  const auto single = [&](char c) { return singles.find(c) != std::string_view::npos; };
  std::vector<Token> out;
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && separator(s[i])) ++i;
    const size_t start = i;
    if (i < s.size() && single(s[i]))
      ++i;
    else
      while (i < s.size() && !separator(s[i]) && !single(s[i])) ++i;
    if (i > start) out.push_back({s.substr(start, i - start), column + static_cast<int>(start)});
  }
  return out;
}

size_t find_unexpected(std::string_view s, std::string_view allowed) {
  for (size_t i = 0; i < s.size(); ++i)
    if (!std::isalnum(static_cast<unsigned char>(s[i])) &&
        allowed.find(s[i]) == std::string_view::npos)
      return i;
  return std::string_view::npos;
}

Expected<std::vector<Line>> read_lines(std::string_view text, const std::string& file,
                                       size_t max_line_bytes) {
  std::vector<Line> out;
  const Expected<void> read =
      for_each_line(text, file, max_line_bytes, [&](const Line& line) -> Expected<void> {
        out.push_back(line);
        return {};
      });
  if (!read) return read.error();
  return out;
}

namespace {

// Files saved as UTF-16 or UTF-32 (a Windows editor's "Unicode") would read
// as garbage keys: say what they are instead. UTF-32 LE first: its mark
// starts like UTF-16 LE's.
Expected<void> refuse_other_encodings(std::string_view text, const std::string& file) {
  const auto starts = [&](std::string_view mark) { return text.substr(0, mark.size()) == mark; };
  const char* encoding = starts(std::string_view("\xFF\xFE\0\0", 4))   ? "UTF-32"
                         : starts(std::string_view("\0\0\xFE\xFF", 4)) ? "UTF-32"
                         : starts("\xFF\xFE") || starts("\xFE\xFF")    ? "UTF-16"
                                                                       : nullptr;
  if (encoding)
    return InputError(SourceLocation{file, 1, 1},
                      std::string("the file is ") + encoding + "; save it as UTF-8");
  return {};
}

}  // namespace

Expected<void> for_each_line(std::string_view text, const std::string& file, size_t max_line_bytes,
                             const std::function<Expected<void>(const Line&)>& each) {
  if (Expected<void> e = refuse_other_encodings(text, file); !e) return e;
  int number = 0;
  size_t pos = 0;
  while (pos <= text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(pos, end - pos);
    ++number;
    if (line.size() > max_line_bytes)
      return InputError(SourceLocation{file, number, 1},
                        "line too long (over " + std::to_string(max_line_bytes) + " bytes)");
    int column = 1;
    if (number == 1 && line.substr(0, 3) == "\xEF\xBB\xBF") {  // UTF-8 byte-order mark
      line.remove_prefix(3);
      column += 3;
    }
    line = line.substr(0, line.find('#'));
    while (!line.empty() && is_blank(line.back())) line.remove_suffix(1);
    // Leading blanks are skipped, but counted, so that columns stay true.
    size_t lead = 0;
    while (lead < line.size() && is_blank(line[lead])) ++lead;
    if (Expected<void> e = each({number, line.substr(lead), column + static_cast<int>(lead)}); !e)
      return e;
    if (end == text.size()) break;
    pos = end + 1;
  }
  return {};
}

Expected<KeyValue> key_value(const Line& line, const std::string& file) {
  const size_t colon = line.text.find(':');
  if (colon == std::string_view::npos)
    return InputError(SourceLocation{file, line.number, line.column},
                      "expected `key: value`, found '" + std::string(line.text) + "'");
  KeyValue kv;
  kv.key_text = line.text.substr(0, colon);
  while (!kv.key_text.empty() && is_blank(kv.key_text.back())) kv.key_text.remove_suffix(1);
  kv.key = lower(kv.key_text);
  kv.value = line.text.substr(colon + 1);
  while (!kv.value.empty() && is_blank(kv.value.front())) kv.value.remove_prefix(1);
  kv.key_column = line.column;
  kv.value_column =
      kv.value.empty() ? line.column + static_cast<int>(colon) + 1 : column_of(line, kv.value);
  return kv;
}

}  // namespace scarney::text
