// What the user's bytes look like when shown back: never raw control
// characters, never a message cut short, never a 4,000-byte token.
#include "util/printable.h"

#include <catch2/catch.hpp>

#include "games/position_file.h"
#include "util/input_error.h"

using namespace scarney;

TEST_CASE("printable escapes control characters and bytes that are not UTF-8", "[printable]") {
  CHECK(printable("plain text, é and …") == "plain text, é and …");
  CHECK(printable("\x1b[31mred") == "\\x1b[31mred");
  CHECK(printable(std::string("a\0b", 3)) == "a\\x00b");
  CHECK(printable("tab\there") == "tab\\there");
  CHECK(printable("new\nline\r") == "new\\x0aline\\x0d");
  CHECK(printable("\x7f") == "\\x7f");
  CHECK(printable("\xc2\x9b"
                  "2J") == "\\xc2\\x9b2J");  // C1 control sequence introducer
  CHECK(printable("\xff\xfe") == "\\xff\\xfe");
  CHECK(printable("\xe2\x82") == "\\xe2\\x82");  // a character cut short
}

TEST_CASE("printable clips long runs without a blank", "[printable]") {
  const std::string token(4000, 'x');
  const std::string p = printable("unknown key '" + token + "' here");
  CHECK(p.size() < 160);
  CHECK(p.find("… (4002 bytes)") != std::string::npos);
  CHECK(p.substr(p.size() - 5) == " here");
  const std::string words = "a b c d e f g h";
  CHECK(printable(words) == words);
  // A clip never splits a character.
  std::string accents(99, 'x');
  for (int i = 0; i < 30; ++i) accents += "é";
  CHECK(printable(accents) == std::string(99, 'x') + "… (159 bytes)");
}

TEST_CASE("errors quoting the user's bytes are printable and whole", "[printable]") {
  std::string message;
  try {
    parse_positions(std::string("game: solitaire\n\x1b[2Jtitle\0x: y\n", 31), "f.scarney");
  } catch (const InputError& e) {
    message = e.what();
  }
  CHECK(message ==
        "f.scarney:2:1: unknown key '\\x1b[2Jtitle\\x00x' (expected title, game, phase, "
        "placement, board, removed, claim, solution, hands or to-move)");
  try {
    parse_positions("game: solitaire\nplacement: " + std::string(3000, 'Q') + " on C1\n",
                    "f.scarney");
  } catch (const InputError& e) {
    message = e.what();
  }
  CHECK(message.size() < 250);
  CHECK(message.find("(3002 bytes)") != std::string::npos);
}

TEST_CASE("files saved as UTF-16 or UTF-32 are named as such", "[printable]") {
  const auto error_of = [](const std::string& bytes) {
    try {
      parse_positions(bytes, "f.scarney");
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("(no error)");
  };
  const std::string utf16le("\xFF\xFEg\0a\0m\0e\0:\0", 12);
  CHECK(error_of(utf16le) == "f.scarney:1:1: the file is UTF-16; save it as UTF-8");
  CHECK(error_of(std::string("\xFE\xFF\0g\0a", 6)) ==
        "f.scarney:1:1: the file is UTF-16; save it as UTF-8");
  CHECK(error_of(std::string("\xFF\xFE\0\0g\0\0\0", 8)) ==
        "f.scarney:1:1: the file is UTF-32; save it as UTF-8");
  CHECK(error_of("\xEF\xBB\xBFgame: solitaire\nplacement: B1 on C1\n") == "(no error)");
}
