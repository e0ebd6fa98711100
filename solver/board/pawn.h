// Pawns: four colours, each with pawns of one to four spots, sixteen in all.
//
// A pawn is a number 0..15: colour * 4 + (spots - 1).
//   B1 B2 B3 B4 = 0..3    R1..R4 = 4..7    Y1..Y4 = 8..11    G1..G4 = 12..15
// Black is special in scoring (bonuses are doubled); red, yellow and green
// are interchangeable.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace scarney {

enum class Colour : uint8_t { Black = 0, Red = 1, Yellow = 2, Green = 3 };
inline constexpr int kColours = 4;
inline constexpr int kPawns = 16;
inline constexpr int kTotalSpots = 40;  // 4 colours x (1+2+3+4)

using Pawn = uint8_t;

constexpr Pawn make_pawn(Colour c, int spots) {
  return static_cast<Pawn>(static_cast<int>(c) * 4 + spots - 1);
}
constexpr Colour colour_of(Pawn p) { return static_cast<Colour>(p >> 2); }
constexpr int spots_of(Pawn p) { return (p & 3) + 1; }
constexpr bool is_black(Pawn p) { return p < 4; }
// A take-off may only remove a one- or two-spot pawn.
constexpr bool can_take_off(Pawn p) { return spots_of(p) <= 2; }

char colour_letter(Colour c);
std::string pawn_name(Pawn p);  // "B1" ... "G4"
// Accepts "B1".."G4", case-insensitive. nullopt for anything else.
std::optional<Pawn> parse_pawn(std::string_view s);
std::optional<Colour> parse_colour(char c);

}  // namespace scarney
