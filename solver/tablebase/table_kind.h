// The five kinds of table, what each stores and how.
//
//   kind            game      colours permuted   entry
//   solitaire       Solitaire  red/yellow/green   score, 1 byte (0..190)
//   singles         Singles    red/yellow/green   score with the early call, 1 byte
//   doubles         Doubles    all four           margin for the side to move, 1 signed byte
//   highlow-wins    High-Low   all four           1 bit: the side to move wins
//   highlow-payoff  High-Low   red/yellow/green   payoff function, 6 bytes (see payoff.h)
//
// Black is special only in the Solitaire/Singles bonuses and in the High-Low
// payoff (doubled when the last pawn is black); Doubles counts spots only.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "games/game.h"
#include "tablebase/indexing.h"

namespace scarney::tablebase {

enum class TableKind : uint8_t {
  Solitaire = 0,
  Singles = 1,
  Doubles = 2,
  HighLowWins = 3,
  HighLowPayoff = 4
};
inline constexpr int kTableKinds = 5;

enum class Encoding : uint8_t { Score = 1, Margin = 2, Bit = 3, Payoff48 = 4 };

struct KindInfo {
  const char* name;
  Game game;
  ColourGroup group;
  Encoding encoding;
  int bits_per_entry;
  uint32_t block_entries;  // about 16-24 KiB of values per block
};

const KindInfo& info(TableKind k);
inline std::string kind_name(TableKind k) { return info(k).name; }
std::optional<TableKind> parse_kind(std::string_view name);
// The kinds a game's tables are made of (High-Low: wins, then payoff).
std::vector<TableKind> kinds_of(Game g);
std::string encoding_name(Encoding e);

// "solitaire-5.sctb"
std::string table_file_name(TableKind k, int pawns);

// Bytes holding `entries` values of kind k.
inline uint64_t value_bytes(TableKind k, uint64_t entries) {
  return (entries * static_cast<uint64_t>(info(k).bits_per_entry) + 7) / 8;
}

// One stored entry, widened to 64 bits (Score and Margin as their byte,
// Margin sign-extended by the caller).
inline uint64_t get_entry(Encoding e, const uint8_t* data, uint64_t i) {
  switch (e) {
    case Encoding::Score:
    case Encoding::Margin:
      return data[i];
    case Encoding::Bit:
      return data[i >> 3] >> (i & 7) & 1;
    case Encoding::Payoff48: {
      const uint8_t* p = data + 6 * i;
      uint64_t v = 0;
      for (int k = 5; k >= 0; --k) v = v << 8 | p[k];
      return v;
    }
  }
  return 0;
}

inline void set_entry(Encoding e, uint8_t* data, uint64_t i, uint64_t v) {
  switch (e) {
    case Encoding::Score:
    case Encoding::Margin:
      data[i] = static_cast<uint8_t>(v);
      return;
    case Encoding::Bit:
      if (v)
        data[i >> 3] |= static_cast<uint8_t>(1u << (i & 7));
      else
        data[i >> 3] &= static_cast<uint8_t>(~(1u << (i & 7)));
      return;
    case Encoding::Payoff48:
      for (int k = 0; k < 6; ++k) data[6 * i + k] = static_cast<uint8_t>(v >> (8 * k));
      return;
  }
}

}  // namespace scarney::tablebase
