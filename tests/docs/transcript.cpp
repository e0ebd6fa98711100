#include "transcript.h"

#include <cctype>
#include <regex>
#include <sstream>

namespace scarney::doctest {

namespace {

const std::string kEllipsis = "...";

bool starts_with(const std::string& s, const std::string& prefix) {
  return s.compare(0, prefix.size(), prefix) == 0;
}

std::string escaped(const std::string& text) {
  static const std::string special = R"(\^$.|?*+()[]{}/)";
  std::string out;
  for (const char c : text) {
    if (special.find(c) != std::string::npos) out += '\\';
    out += c;
  }
  return out;
}

// Literal text, each "..." in it any text.
std::string literal(const std::string& text) {
  std::string out;
  std::size_t at = 0;
  for (std::size_t dots; (dots = text.find(kEllipsis, at)) != std::string::npos;
       at = dots + kEllipsis.size())
    out += escaped(text.substr(at, dots - at)) + ".*";
  return out + escaped(text.substr(at));
}

// An expected line as a regular expression: "..." any text, a time or a
// size any number with its unit.
std::regex pattern_of(const std::string& expected) {
  static const std::regex measure(
      R"((\d[\d,]*(?:\.\d+)?)( ?)(µs|us|ms|min|seconds|minutes|hours|s|h|[KMGT]i?B|kB)(?![A-Za-z]))");
  std::string pattern;
  std::size_t at = 0;
  for (auto m = std::sregex_iterator(expected.begin(), expected.end(), measure);
       m != std::sregex_iterator(); ++m) {
    const auto start = static_cast<std::size_t>(m->position());
    // Part of a word or a longer number (C15 s, 1.5.2): not a measure.
    if (start > 0 && (std::isalnum(static_cast<unsigned char>(expected[start - 1])) ||
                      expected[start - 1] == '.'))
      continue;
    pattern += literal(expected.substr(at, start - at));
    pattern += R"(\d[\d,]*(?:\.\d+)?)" + escaped((*m)[2].str() + (*m)[3].str());
    at = start + static_cast<std::size_t>(m->length());
  }
  return std::regex(pattern + literal(expected.substr(at)));
}

// A here-document's terminator named on a command line (<<'EOF', <<EOF).
std::string heredoc_end(const std::string& line) {
  static const std::regex heredoc(R"(<<-?\s*'?"?([A-Za-z_]+)'?"?)");
  std::smatch m;
  return std::regex_search(line, m, heredoc) ? m[1].str() : "";
}

bool continues(const std::string& line) {
  return !line.empty() && (line.back() == '\\' || line.back() == '|');
}

// The commands of a `console` block and the output after each.
std::vector<Step> steps_of(const std::vector<std::string>& lines, int first_line) {
  std::vector<Step> steps;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (!starts_with(lines[i], "$ ")) {
      if (!steps.empty()) steps.back().expected.push_back(lines[i]);
      continue;
    }
    Step s;
    s.line = first_line + static_cast<int>(i);
    s.command = lines[i].substr(2);
    const std::string end = heredoc_end(lines[i]);
    bool more = continues(lines[i]) || !end.empty();
    while (more && i + 1 < lines.size()) {
      const std::string& next = lines[++i];
      s.command += "\n" + next;
      more = end.empty() ? continues(next) : next != end;
    }
    steps.push_back(s);
  }
  static const std::regex exit_line(R"(\[exit (\d+)\])");
  for (Step& s : steps) {
    while (!s.expected.empty() && s.expected.back().empty()) s.expected.pop_back();
    std::smatch m;
    if (!s.expected.empty() && std::regex_match(s.expected.back(), m, exit_line)) {
      s.status = std::stoi(m[1].str());
      s.expected.pop_back();
    }
  }
  return steps;
}

// A block from its info string and lines, or nullopt if the doc test has
// nothing to do with it.
std::optional<Block> block_of(const std::string& info, const std::vector<std::string>& lines,
                              int fence_line) {
  std::istringstream words(info);
  std::string lang, word;
  words >> lang;
  Block b;
  b.line = fence_line;
  while (words >> word) {
    if (word == "serve") b.serve = true;
    if (starts_with(word, "file=")) b.file = word.substr(5);
  }
  for (const std::string& l : lines) b.text += l + "\n";
  if (lang == "console") b.steps = steps_of(lines, fence_line + 1);
  if (b.steps.empty() && b.file.empty()) return std::nullopt;
  return b;
}

}  // namespace

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    while (!line.empty() && (line.back() == ' ' || line.back() == '\r' || line.back() == '\t'))
      line.pop_back();
    lines.push_back(line);
  }
  while (!lines.empty() && lines.back().empty()) lines.pop_back();
  return lines;
}

std::vector<Block> read_blocks(const std::string& markdown) {
  std::vector<Block> blocks;
  const std::vector<std::string> lines = lines_of(markdown);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (!starts_with(lines[i], "```")) continue;
    const std::string info = lines[i].substr(3);
    const std::size_t open = i;
    std::vector<std::string> body;
    while (++i < lines.size() && !starts_with(lines[i], "```")) body.push_back(lines[i]);
    if (auto b = block_of(info, body, static_cast<int>(open) + 1)) blocks.push_back(*b);
  }
  return blocks;
}

bool line_matches(const std::string& expected, const std::string& actual) {
  if (expected == actual) return true;
  return std::regex_match(actual, pattern_of(expected));
}

std::optional<std::string> mismatch(const std::vector<std::string>& expected,
                                    const std::vector<std::string>& actual) {
  // Greedy: "..." alone skips printed lines up to the first that matches
  // the next expected line.
  std::size_t a = 0;
  for (std::size_t e = 0; e < expected.size(); ++e) {
    if (expected[e] == kEllipsis) {
      if (e + 1 == expected.size()) return std::nullopt;
      while (a < actual.size() && !line_matches(expected[e + 1], actual[a])) ++a;
      continue;
    }
    if (a == actual.size())
      return "the output ends before the expected line " + std::to_string(e + 1) + ": " +
             expected[e];
    if (!line_matches(expected[e], actual[a]))
      return "line " + std::to_string(a + 1) + " of the output is\n    " + actual[a] +
             "\n  where the page has\n    " + expected[e];
    ++a;
  }
  if (a < actual.size())
    return "the output goes on after the page's last line: line " + std::to_string(a + 1) +
           " is\n    " + actual[a];
  return std::nullopt;
}

}  // namespace scarney::doctest
