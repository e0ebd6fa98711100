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
  static const PerGame<std::vector<TableKind>> kKinds = {
      {{TableKind::Solitaire},
       {TableKind::Singles},
       {TableKind::Doubles},
       {TableKind::HighLowWins, TableKind::HighLowPayoff}}};
  return for_game(g, kKinds);
}

std::string encoding_name(Encoding e) {
  // By the encoding's number, from 1.
  static constexpr const char* kNames[] = {"score-u8", "margin-i8", "wins-bit", "payoff-48"};
  const auto i = static_cast<size_t>(e) - 1;
  return i < std::size(kNames) ? kNames[i] : "?";
}

std::string table_file_name(TableKind k, int pawns) {
  return std::string(info(k).name) + "-" + std::to_string(pawns) + ".sctb";
}

}  // namespace scarney::tablebase
