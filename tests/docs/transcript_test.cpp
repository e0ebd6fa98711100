// The doc test's reading and matching rules (transcript.h), each shown to
// fail where the output changed.
#include "transcript.h"

#include <catch2/catch.hpp>

using namespace scarney::doctest;

namespace {
std::vector<std::string> v(std::initializer_list<std::string> l) { return l; }
}  // namespace

TEST_CASE("doctest: a console block is read as commands and their output", "[docs]") {
  const auto blocks = read_blocks(
      "text\n```console\n$ scarney solve a.scarney\nbest score: 94\n  line: x\n\n"
      "$ false\n[exit 1]\n```\n```sh\nnot a transcript\n```\n");
  REQUIRE(blocks.size() == 1);
  REQUIRE(blocks[0].steps.size() == 2);
  CHECK(blocks[0].line == 2);
  CHECK(blocks[0].steps[0].line == 3);
  CHECK(blocks[0].steps[0].command == "scarney solve a.scarney");
  CHECK(blocks[0].steps[0].expected == v({"best score: 94", "  line: x"}));
  CHECK(blocks[0].steps[0].status == 0);
  CHECK(blocks[0].steps[1].expected.empty());
  CHECK(blocks[0].steps[1].status == 1);
}

TEST_CASE("doctest: a command goes on after a backslash or a pipe and through a here-document",
          "[docs]") {
  const auto blocks = read_blocks(
      "```console serve\n$ printf 'x' |\n    curl -s URL\nout\n$ curl <<'EOF'\ngame: solitaire\n"
      "$ not a command\nEOF\nout2\n$ a \\\n  b\n```\n");
  REQUIRE(blocks.size() == 1);
  CHECK(blocks[0].serve);
  REQUIRE(blocks[0].steps.size() == 3);
  CHECK(blocks[0].steps[0].command == "printf 'x' |\n    curl -s URL");
  CHECK(blocks[0].steps[1].command == "curl <<'EOF'\ngame: solitaire\n$ not a command\nEOF");
  CHECK(blocks[0].steps[1].expected == v({"out2"}));
  CHECK(blocks[0].steps[2].command == "a \\\n  b");
}

TEST_CASE("doctest: a block with file=NAME is a file for the commands below it", "[docs]") {
  const auto blocks = read_blocks("```text file=two.scarney\ngame: doubles\n```\n");
  REQUIRE(blocks.size() == 1);
  CHECK(blocks[0].file == "two.scarney");
  CHECK(blocks[0].text == "game: doubles\n");
}

TEST_CASE("doctest: a changed output fails", "[docs]") {
  const auto page = v({"best score: 94  (Good game)", "line: G3 jumps Y1"});
  CHECK_FALSE(mismatch(page, v({"best score: 94  (Good game)", "line: G3 jumps Y1"})));
  CHECK(mismatch(page, v({"best score: 93  (Good game)", "line: G3 jumps Y1"})));
  CHECK(mismatch(page, v({"best score: 94  (Good game)"})));
  CHECK(mismatch(page, v({"best score: 94  (Good game)", "line: G3 jumps Y1", "more"})));
  CHECK(mismatch(page, v({"line: G3 jumps Y1", "best score: 94  (Good game)"})));
  const auto why = mismatch(page, v({"best score: 93  (Good game)", "line: G3 jumps Y1"}));
  REQUIRE(why);
  CHECK(why->find("line 1 of the output is\n    best score: 93") != std::string::npos);
}

TEST_CASE("doctest: times and sizes match any number with the same unit", "[docs]") {
  CHECK(line_matches("made in 0.20 s (search 0.00 s)", "made in 13.75 s (search 1.5 s)"));
  CHECK(line_matches("took 14 ms, 3 min, 266 MB, 2.98 GB", "took 2 ms, 10 min, 1,024 MB, 3 GB"));
  CHECK(line_matches("in 12µs", "in 7µs"));
  // The unit must stay, and so must every number that is not a measure.
  CHECK_FALSE(line_matches("made in 0.20 s", "made in 0.20 ms"));
  CHECK_FALSE(line_matches("82289 nodes in 0.20 s", "82290 nodes in 0.20 s"));
  CHECK_FALSE(line_matches("G3 on C15 spots", "G3 on C16 spots"));
  CHECK_FALSE(line_matches("best score: 94", "best score: 95"));
}

TEST_CASE("doctest: '...' stands for any text in a line, or any lines alone", "[docs]") {
  CHECK(line_matches("made by build ... (the bytes)", "made by build 24a8ed98e3de (the bytes)"));
  CHECK_FALSE(line_matches("made by build ... (the bytes)", "made by build 24a8 (other)"));
  CHECK(line_matches("{\"api\":1,...,\"value\":36,...}",
                     "{\"api\":1,\"x\":2,\"value\":36,\"y\":[]}"));
  CHECK_FALSE(mismatch(v({"first", "...", "last"}), v({"first", "a", "b", "last"})));
  CHECK_FALSE(mismatch(v({"first", "...", "last"}), v({"first", "last"})));
  CHECK(mismatch(v({"first", "...", "last"}), v({"first", "a", "b"})));
  CHECK_FALSE(mismatch(v({"first", "..."}), v({"first", "a", "b"})));
  // Regular-expression characters in the page are plain text.
  CHECK(line_matches("a (b) [c] *d* $e^ f.g", "a (b) [c] *d* $e^ f.g"));
  CHECK_FALSE(line_matches("f.g", "fxg"));
}

TEST_CASE("doctest: spaces at line ends and blank lines at the end are not compared", "[docs]") {
  CHECK(lines_of("a  \nb\t\n\n\n") == v({"a", "b"}));
  CHECK(lines_of("a\n\nb\n") == v({"a", "", "b"}));
}
