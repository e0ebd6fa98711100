// A move in any of the board games, and its text in the book's words.
#pragma once

#include <cstdint>
#include <string>

#include "board/board.h"

namespace scarney {

enum class MoveKind : uint8_t {
  TakeOff,  // remove a 1- or 2-spot pawn ("take off R1")
  Jump,     // "G3 jumps B2"
  Remove,   // High-Low: "removes G4", "removes G4 and G2", "removes G2, G1 and G4"
  Call,     // Singles: call Scarney and end the game ("call Scarney")
};

struct Move {
  MoveKind kind = MoveKind::Jump;
  Jump jump{};      // Jump
  Circle circle{};  // TakeOff: the circle emptied
  Mask removed{};   // Remove: the circles emptied

  static Move take_off(Circle c) { return Move{MoveKind::TakeOff, {}, c, 0}; }
  static Move of(Jump j) { return Move{MoveKind::Jump, j, 0, 0}; }
  static Move remove(Mask m) { return Move{MoveKind::Remove, {}, 0, m}; }
  static Move call() { return Move{MoveKind::Call, {}, 0, 0}; }
  bool operator==(const Move&) const = default;
};

// The move in the book's words, naming the pawns on `before`.
std::string move_text(const Board& before, const Move& m);

}  // namespace scarney
