// A position of the placement phase (Singles, Doubles, High-Low): the pawns
// already placed and the colours the first placer, A, holds.
//
// A takes the pawns of two colours, B the other two; they place alternately,
// A first, one pawn of their own on any empty circle. After k placements A
// has placed ceil(k/2) pawns and B floor(k/2), so the board alone says whose
// turn it is, and the board with A's colours says what each still holds.
#pragma once

#include <cstdint>

#include "board/board.h"
#include "games/game.h"
#include "games/position_record.h"
#include "util/expected.h"

namespace scarney {

enum class Placer : uint8_t { A, B };

inline Placer other(Placer p) { return p == Placer::A ? Placer::B : Placer::A; }
char placer_letter(Placer p);  // 'A' or 'B'

// A set of colours, bit c for Colour c.
using Colours = uint8_t;
inline constexpr Colours colour_bit(Colour c) {
  return static_cast<Colours>(1u << static_cast<int>(c));
}
// The pawns of the given colours, bit p for pawn p.
uint16_t pawns_of(Colours cs);
std::string colours_text(Colours cs);  // "black and red"

struct PlacementState {
  Game game = Game::Singles;
  Board board;
  // A's two colours; 0 while A has still to choose them (empty board).
  Colours a_colours = 0;

  bool choosing_colours() const { return a_colours == 0; }
  int pawns_left() const { return kPawns - board.pawn_count(); }
  Placer to_move() const { return board.pawn_count() % 2 == 0 ? Placer::A : Placer::B; }
  Colours colours_of(Placer p) const {
    return p == Placer::A ? a_colours : static_cast<Colours>(~a_colours & 15);
  }
  // The pawns placer p still holds (bit p for pawn p).
  uint16_t hand(Placer p) const {
    return static_cast<uint16_t>(pawns_of(colours_of(p)) & ~board.material());
  }
  bool operator==(const PlacementState&) const = default;
};

// Reads `hands:` and `to-move:` of a `phase: placement` position and checks
// them against the board. An empty board without `hands:` is the position
// before A's choice of colours. read_placement_state returns the error at
// the offending token; placement_state throws it.
Expected<PlacementState> read_placement_state(const PositionRecord& r);
PlacementState placement_state(const PositionRecord& r);

// The inverse: the state as a position file gives it (`hands:` and all), or,
// once the board is full, the game's first position.
PositionRecord record_of(const PlacementState& s);

// The `hands:` text of a state, e.g. "A=G3 G4 B=R1 R2" (empty while A has
// to choose colours).
std::string hands_text(const PlacementState& s);

}  // namespace scarney
