// The doc test's transcripts: commands shown in README.md and docs/ with
// their output, read from the Markdown, run, and compared (issue 39: docs
// that cannot drift).
//
// A transcript is a fenced block whose info string starts with `console`:
//
//   ```console                    ```console serve      (a `scarney serve`
//   $ scarney solve two.scarney   $ curl -s http://127.0.0.1:8080/...   runs
//   expected output ...           expected output ...    for the block)
//   ```                           ```
//
// - A line starting with "$ " is a command, run by /bin/sh in a scratch
//   directory where positions/, tools/ and docs/ are the repository's and
//   `scarney` is the build's. It goes on over the next lines while a line
//   ends with '\' or '|', or inside a here-document (<<'EOF' ... EOF).
// - The lines after it, up to the next command, are what it prints
//   (standard output and error together). A last line "[exit N]" says the
//   command ends with status N; without it the status must be 0.
// - A fenced block whose info string has "file=NAME" (```text
//   file=two.scarney) is written to NAME in the scratch directory before
//   the transcripts below it run: a position file shown on the page is the
//   one the page's commands read.
//
// What the output may vary in, matched loosely:
// - "..." alone on a line stands for any number of lines;
// - "..." inside a line for any text within the line;
// - a number with a unit of time or size (0.20 s, 14 ms, 3 min, 266 MB,
//   2.98 GB) for any number with the same unit.
// Everything else is compared exactly, but for spaces at the ends of lines
// and blank lines at the end.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace scarney::doctest {

// One command of a transcript and what the page says it prints.
struct Step {
  int line = 0;  // the command's line in the page
  std::string command;
  std::vector<std::string> expected;
  int status = 0;  // the exit status the page gives ("[exit N]"), else 0
};

// A fenced block the doc test acts on.
struct Block {
  int line = 0;  // the line of its opening fence
  bool serve = false;
  std::string file;  // file=NAME: the block's text is that file
  std::string text;
  std::vector<Step> steps;  // a `console` block's commands
};

// The blocks of a Markdown page that are transcripts or files, in order.
std::vector<Block> read_blocks(const std::string& markdown);

// Where `actual` (the lines printed) departs from `expected`: nullopt when
// they match under the rules above, else a description naming the first
// line that differs.
std::optional<std::string> mismatch(const std::vector<std::string>& expected,
                                    const std::vector<std::string>& actual);

// Whether one printed line matches one expected line.
bool line_matches(const std::string& expected, const std::string& actual);

// Text split into lines, trailing spaces and blank lines at the end dropped.
std::vector<std::string> lines_of(const std::string& text);

}  // namespace scarney::doctest
