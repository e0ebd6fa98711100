#include "tablebase/table_kind.h"

namespace scarney::tablebase {
namespace {

constexpr KindInfo kKinds[kTableKinds] = {
    {"solitaire", Game::Solitaire, ColourGroup::RedYellowGreen, Encoding::Score, 8, 16384},
    {"singles", Game::Singles, ColourGroup::RedYellowGreen, Encoding::Score, 8, 16384},
    {"doubles", Game::Doubles, ColourGroup::AllFour, Encoding::Margin, 8, 16384},
    {"highlow-wins", Game::HighLow, ColourGroup::AllFour, Encoding::Bit, 1, 131072},
    {"highlow-payoff", Game::HighLow, ColourGroup::RedYellowGreen, Encoding::Payoff48, 48, 4096},
};

}  // namespace

const KindInfo& info(TableKind k) { return kKinds[static_cast<int>(k)]; }

std::optional<TableKind> parse_kind(std::string_view name) {
  for (int k = 0; k < kTableKinds; ++k)
    if (name == kKinds[k].name) return static_cast<TableKind>(k);
  return std::nullopt;
}

std::vector<TableKind> kinds_of(Game g) {
  switch (g) {
    case Game::Solitaire:
      return {TableKind::Solitaire};
    case Game::Singles:
      return {TableKind::Singles};
    case Game::Doubles:
      return {TableKind::Doubles};
    case Game::HighLow:
      return {TableKind::HighLowWins, TableKind::HighLowPayoff};
  }
  return {};
}

std::string encoding_name(Encoding e) {
  switch (e) {
    case Encoding::Score:
      return "score-u8";
    case Encoding::Margin:
      return "margin-i8";
    case Encoding::Bit:
      return "wins-bit";
    case Encoding::Payoff48:
      return "payoff-48";
  }
  return "?";
}

std::string table_file_name(TableKind k, int pawns) {
  return std::string(info(k).name) + "-" + std::to_string(pawns) + ".sctb";
}

}  // namespace scarney::tablebase
