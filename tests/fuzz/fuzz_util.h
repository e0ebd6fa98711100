// Shared by the libFuzzer targets of this folder (tools/fuzz.sh runs them;
// docs/hardening.md says how). Every target feeds one kind of input to its
// parser: InputError is the expected answer to bad input, anything else that
// escapes is a finding, and so is a broken invariant (check() aborts).
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "games/position.h"
#include "games/position_file.h"
#include "games/rules.h"
#include "util/input_error.h"

namespace scarney::fuzz {

inline std::string_view text_of(const uint8_t* data, size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// The positions of a fuzz input; none when the parser refuses it (the
// expected answer to bad input).
inline std::vector<PositionRecord> positions_of(const uint8_t* data, size_t size) {
  try {
    return parse_positions(text_of(data, size), "fuzz.scarney");
  } catch (const InputError&) {
    return {};
  }
}

// An invariant the fuzzer broke: report it and crash, so libFuzzer keeps
// the input.
inline void check(bool ok, const char* what) {
  if (ok) return;
  std::fprintf(stderr, "fuzz invariant broken: %s\n", what);
  std::abort();
}

inline bool same_text(const std::optional<SourcedText>& a, const std::optional<SourcedText>& b) {
  return a.has_value() == b.has_value() && (!a || a->text == b->text);
}

// What a position file says about a position, its location aside.
inline bool same_position(const PositionRecord& ra, const PositionRecord& rb) {
  const Position &a = ra.position, &b = rb.position;
  return a.game == b.game && a.phase == b.phase && a.board == b.board && a.removed == b.removed &&
         ra.title == rb.title && same_text(ra.claim, rb.claim) &&
         same_text(ra.solution, rb.solution) && same_text(ra.hands, rb.hands) &&
         same_text(ra.to_move, rb.to_move);
}

// format_position reads back to an equal position, as a placement line and
// as a board diagram.
inline void check_round_trip(const PositionRecord& p) {
  for (const bool as_board : {false, true}) {
    const std::string text = format_position(p, as_board);
    std::vector<PositionRecord> back;
    try {
      back = parse_positions(text, "round-trip");
    } catch (const InputError& e) {
      std::fprintf(stderr, "%s\n--- does not read back: %s\n", text.c_str(), e.what());
      check(false, "format_position reads back");
    }
    check(back.size() == 1, "format_position writes one position");
    check(same_position(p, back[0]), "format_position reads back to an equal position");
  }
}

}  // namespace scarney::fuzz
