#include "placement/placement_position.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <string_view>
#include <vector>

#include "games/rules.h"
#include "util/input_error.h"
#include "util/text.h"

namespace scarney {
namespace {

constexpr const char* kColourNames[kColours] = {"black", "red", "yellow", "green"};

std::string colour_name(int c) { return kColourNames[c]; }

std::optional<Placer> parse_placer(std::string_view t) {
  if (t == "A" || t == "a") return Placer::A;
  if (t == "B" || t == "b") return Placer::B;
  return std::nullopt;
}

int colour_count(uint16_t pawns) {
  int n = 0;
  for (int c = 0; c < kColours; ++c) n += (pawns >> (4 * c) & 15) != 0;
  return n;
}

std::string pawn_list(uint16_t pawns) {
  std::string s;
  for (int p = 0; p < kPawns; ++p)
    if (pawns >> p & 1) s += (s.empty() ? "" : " ") + pawn_name(static_cast<Pawn>(p));
  return s;
}

// How many pawns placer p holds after k placements, A placing first.
int expected_hand(Placer p, int k) { return 8 - (p == Placer::A ? (k + 1) / 2 : k / 2); }

}  // namespace

char placer_letter(Placer p) { return p == Placer::A ? 'A' : 'B'; }

uint16_t pawns_of(Colours cs) {
  uint16_t m = 0;
  for (int c = 0; c < kColours; ++c)
    if (cs >> c & 1) m |= static_cast<uint16_t>(15u << (4 * c));
  return m;
}

std::string colours_text(Colours cs) {
  std::vector<std::string> names;
  for (int c = 0; c < kColours; ++c)
    if (cs >> c & 1) names.push_back(colour_name(c));
  std::string s;
  for (size_t i = 0; i < names.size(); ++i)
    s += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + names[i];
  return s;
}

namespace {

using Hands = std::array<uint16_t, 2>;  // by Placer

// Checks one pawn of a hand against what is already given and placed.
Expected<void> add_to_hand(Hands& hand, Placer who, Pawn pawn, uint16_t given, uint16_t on_board,
                           const SourceLocation& at) {
  const uint16_t b = static_cast<uint16_t>(1u << pawn);
  if (given & b) return InputError(at, "pawn " + pawn_name(pawn) + " given twice");
  if (on_board & b) return InputError(at, "pawn " + pawn_name(pawn) + " is already on the board");
  const int i = static_cast<int>(who);
  const uint16_t colour = static_cast<uint16_t>(15u << (4 * (pawn >> 2)));
  if (hand[1 - i] & colour)
    return InputError(
        at, colour_name(pawn >> 2) + " pawns are in both hands: each colour belongs to one player");
  if (!(hand[i] & colour) && colour_count(hand[i]) == 2)
    return InputError(at, std::string("a third colour in the hand of ") + placer_letter(who) +
                              ": each player holds the pawns of two colours");
  hand[i] |= b;
  return {};
}

// `hands: A=G3 G4 B=R1 R2`: every pawn not on the board in exactly one
// hand, each hand of the size the number of placements so far gives.
Expected<Hands> read_hands(const SourcedText& h, const Board& board) {
  const auto at = [&](int column) { return SourceLocation{h.where.file, h.where.line, column}; };
  const uint16_t on_board = board.material();
  Hands hand{0, 0};
  std::array<bool, 2> seen{false, false};
  std::array<int, 2> label_column{h.where.column, h.where.column};
  std::optional<Placer> current;
  uint16_t given = 0;
  for (const text::Token& t : text::split(h.text, h.where.column, ",=")) {
    if (const auto who = parse_placer(t.text)) {
      const int i = static_cast<int>(*who);
      if (seen[i])
        return InputError(at(t.column),
                          std::string("hand of ") + placer_letter(*who) + " given twice");
      seen[i] = true;
      label_column[i] = t.column;
      current = who;
      continue;
    }
    const auto pawn = parse_pawn(t.text);
    if (!pawn)
      return InputError(at(t.column), "no such pawn '" + std::string(t.text) +
                                          "' (expected `A=` or `B=` followed by pawns such as G3)");
    if (!current)
      return InputError(at(t.column),
                        "say whose hand this is: `A=" + std::string(t.text) + " ...`");
    if (Expected<void> e = add_to_hand(hand, *current, *pawn, given, on_board, at(t.column)); !e)
      return e.error();
    given |= static_cast<uint16_t>(1u << *pawn);
  }
  const uint16_t missing = static_cast<uint16_t>(~(given | on_board));
  if (missing)
    return InputError(h.where, "pawns " + pawn_list(missing) +
                                   " are neither on the board nor in a hand (each of the sixteen "
                                   "pawns must be in one place)");
  const int k = board.pawn_count();
  for (Placer who : {Placer::A, Placer::B}) {
    const int i = static_cast<int>(who);
    const int want = expected_hand(who, k);
    const int have = std::popcount(hand[i]);
    if (have != want)
      return InputError(at(label_column[i]),
                        std::string(1, placer_letter(who)) + " holds " + std::to_string(have) +
                            " pawns, but after " + std::to_string(k) +
                            " placements (A first, then alternately) " + placer_letter(who) +
                            " holds " + std::to_string(want));
  }
  return hand;
}

// A's colours: those of A's hand, completed by colours in no hand (they are
// all on the board, so the choice does not change what is held).
Colours colours_of_a(const Hands& hand) {
  Colours a = 0, b = 0;
  for (int c = 0; c < kColours; ++c) {
    if (hand[0] >> (4 * c) & 15) a |= static_cast<Colours>(1u << c);
    if (hand[1] >> (4 * c) & 15) b |= static_cast<Colours>(1u << c);
  }
  for (int c = 0; c < kColours && std::popcount(a) < 2; ++c)
    if (!((a | b) >> c & 1)) a |= static_cast<Colours>(1u << c);
  return a;
}

// `to-move:`, when given, must name the placer whose turn it is.
Expected<void> check_to_move(const SourcedText& t, const PlacementState& s) {
  const auto who = parse_placer(t.text);
  if (!who)
    return InputError(t.where, "expected `to-move: A` or `to-move: B`, found '" + t.text + "'");
  if (*who != s.to_move())
    return InputError(t.where, std::string("it is ") + placer_letter(s.to_move()) +
                                   "'s turn: with " + std::to_string(s.board.pawn_count()) +
                                   " pawns on the board (A places first, then alternately) " +
                                   placer_letter(s.to_move()) + " places next");
  return {};
}

}  // namespace

Expected<PlacementState> read_placement_state(const PositionRecord& r) {
  const Position& p = r.position;
  if (p.phase != Phase::Placement)
    return InputError(r.where, "not a placement position (phase " + phase_name(p.phase) + ")");
  if (!traits(p.game).placement)
    return InputError(r.where, "the placement phase is only for singles, doubles and highlow");
  PlacementState s;
  s.game = p.game;
  s.board = p.board;
  if (r.hands) {
    const Expected<Hands> hands = read_hands(*r.hands, p.board);
    if (!hands) return hands.error();
    s.a_colours = colours_of_a(*hands);
  } else if (p.board.pawn_count() != 0)
    return InputError(r.where,
                      "a placement position with pawns on the board needs `hands:` "
                      "(e.g. `hands: A=G3 G4 B=R1 R2`)");
  if (r.to_move)
    if (Expected<void> e = check_to_move(*r.to_move, s); !e) return e.error();
  return s;
}

PlacementState placement_state(const PositionRecord& r) {
  return read_placement_state(r).or_throw();
}

PositionRecord record_of(const PlacementState& t) {
  PositionRecord r;
  r.position.game = t.game;
  r.position.board = t.board;
  if (t.pawns_left() == 0) {
    r.position = deal_position(t.game, t.board);
  } else {
    r.position.phase = Phase::Placement;
    if (!t.choosing_colours()) r.hands = SourcedText{hands_text(t), {}};
  }
  return r;
}

std::string hands_text(const PlacementState& s) {
  if (s.choosing_colours()) return "";
  std::string out;
  for (Placer who : {Placer::A, Placer::B}) {
    out += (who == Placer::A ? "" : " ") + std::string(1, placer_letter(who)) + "=";
    out += pawn_list(s.hand(who));
  }
  return out;
}

}  // namespace scarney
