#include "position_input.h"

#include <optional>

#include "cli_common.h"
#include "games/position_file.h"

namespace scarney::cli {
namespace {

// The option each line of the generated position text comes from.
struct Key {
  const char* key;
  const char* option;
  std::string PositionInput::*value;
};
const Key kKeys[] = {
    {"placement", "--position", &PositionInput::position},
    {"game", "--game", &PositionInput::game},
    {"phase", "--phase", &PositionInput::phase},
    {"removed", "--removed", &PositionInput::removed},
    {"hands", "--hands", &PositionInput::hands},
    {"to-move", "--to-move", &PositionInput::to_move},
};

// The position the options describe, read as a position file would be;
// errors are located in the option they come from.
PositionRecord from_options(const PositionInput& in) {
  std::string text;
  std::vector<const Key*> lines;
  for (const Key& k : kKeys) {
    const std::string& value = in.*k.value;
    if (value.empty() && k.value != &PositionInput::game) continue;
    text += std::string(k.key) + ": " + (value.empty() ? "solitaire" : value) + "\n";
    lines.push_back(&k);
  }
  // A place in the generated text, as the place in the option it comes from.
  const auto relocate = [&](const SourceLocation& w) -> std::optional<SourceLocation> {
    if (w.line < 1 || w.line > static_cast<int>(lines.size())) return std::nullopt;
    const Key& k = *lines[w.line - 1];
    // A one-word option is named alone (`--game: unknown game ...`, as
    // every subcommand says it); a list keeps its column.
    if (k.value == &PositionInput::game || k.value == &PositionInput::phase ||
        k.value == &PositionInput::to_move)
      return SourceLocation{k.option, 0, 0};
    const int column = std::max(1, w.column - static_cast<int>(std::string(k.key).size() + 2));
    return SourceLocation{k.option, 1, column};
  };
  try {
    PositionRecord r = parse_positions(text, "--position").at(0);
    r.where = SourceLocation{"--position", 1, 1};
    // The keys read later (a placement's hands, who moves) keep their
    // option's name for the errors found then.
    for (auto* key : {&r.hands, &r.to_move})
      if (*key)
        if (const auto w = relocate((*key)->where)) (*key)->where = *w;
    return r;
  } catch (const InputError& e) {
    const auto w = relocate(e.where());
    if (!w) throw;
    throw InputError(*w, e.message());
  }
}

}  // namespace

std::shared_ptr<PositionInput> add_position_input(CLI::App* cmd) {
  auto in = std::make_shared<PositionInput>();
  cmd->add_option("files", in->files, "position files or directories ('-' reads stdin)");
  cmd->add_option("--position", in->position,
                  "one position without a file: the pawns as `R3 on C1, G2 on C2`");
  cmd->add_option("--game", in->game,
                  "with --position: solitaire (default), singles, doubles "
                  "or highlow");
  cmd->add_option("--phase", in->phase,
                  "with --position: takeoff, takeoff2, jump, removal or "
                  "placement (default as in a position file)");
  cmd->add_option("--removed", in->removed, "with --position, High-Low: `A B` spots removed");
  cmd->add_option("--hands", in->hands, "with --position, placement: `A=G3 G4 B=R1 R2`");
  cmd->add_option("--to-move", in->to_move, "with --position, placement: A or B");
  return in;
}

std::vector<PositionRecord> read_positions(const PositionInput& in) {
  const bool option_keys = !in.game.empty() || !in.phase.empty() || !in.removed.empty() ||
                           !in.hands.empty() || !in.to_move.empty();
  std::vector<PositionRecord> out;
  guarded([&] {
    if (in.files.empty() && in.position.empty() && !option_keys)
      throw InputError("give position files, or one position with --position");
    if (option_keys && in.position.empty() && in.phase != "placement")
      throw InputError(
          "--game, --phase, --removed, --hands and --to-move describe --position; "
          "position files say these themselves");
  });
  if (!in.files.empty()) out = load_positions(in.files);
  if (!in.position.empty() || option_keys) guarded([&] { out.push_back(from_options(in)); });
  return out;
}

}  // namespace scarney::cli
