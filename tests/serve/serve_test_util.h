// Helpers of the serve tests: running the command line for the values to
// compare with, and positions of every game and phase.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "games/deal.h"
#include "games/position_file.h"
#include "games/rules.h"
#include "placement/placement_position.h"

namespace scarney::test {

inline std::string source_path(const std::string& rel) {
  return std::string(SCARNEY_SOURCE_DIR) + "/" + rel;
}

inline std::string run_command(const std::string& command) {
  FILE* pipe = popen(command.c_str(), "r");
  REQUIRE(pipe != nullptr);
  std::string out;
  std::array<char, 4096> buf;
  size_t n;
  while ((n = std::fread(buf.data(), 1, buf.size(), pipe)) > 0) out.append(buf.data(), n);
  pclose(pipe);
  return out;
}

inline std::string cli_stdout(const std::string& args) {
  return run_command("cd " + std::string(SCARNEY_SOURCE_DIR) + " && " + SCARNEY_BINARY + " " +
                     args + " 2>/dev/null");
}
inline std::string cli_stderr(const std::string& args) {
  return run_command(std::string(SCARNEY_BINARY) + " " + args + " 2>&1 >/dev/null");
}

inline std::vector<nlohmann::json> cli_json_lines(const std::string& args) {
  std::vector<nlohmann::json> out;
  std::istringstream in(cli_stdout(args));
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) out.push_back(nlohmann::json::parse(line));
  return out;
}

inline std::string temp_file(const std::string& name, const std::string& text) {
  const auto dir =
      std::filesystem::temp_directory_path() / ("scarney-serve-test-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const auto path = dir / name;
  std::ofstream(path) << text;
  return path.string();
}

// Each position of a directory's files (sorted by name, as the command
// line reads a directory), as position text.
inline std::vector<std::string> positions_of_dir(const std::string& rel) {
  std::vector<std::string> files;
  for (const auto& e : std::filesystem::directory_iterator(source_path(rel)))
    if (e.path().extension() == ".scarney") files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  std::vector<std::string> out;
  for (const auto& f : files)
    for (const PositionRecord& r : read_position_file(f)) out.push_back(format_position(r));
  return out;
}

inline std::string join_positions(const std::vector<std::string>& texts) {
  std::string s;
  for (size_t i = 0; i < texts.size(); ++i) s += (i ? "---\n" : "") + texts[i];
  return s;
}

// A placement position with `left` pawns still to place.
inline std::string placement_text(SplitMix64& rng, Game g, int left) {
  PlacementState s;
  s.game = g;
  s.a_colours = colour_bit(Colour::Black) | colour_bit(Colour::Yellow);
  std::vector<int> circles(kCircles);
  for (int c = 0; c < kCircles; ++c) circles[c] = c;
  for (int i = kCircles - 1; i > 0; --i)
    std::swap(circles[i], circles[rng.below(static_cast<uint64_t>(i + 1))]);
  for (int k = 0; k < kPawns - left; ++k) {
    const uint16_t hand = s.hand(s.to_move());
    std::vector<Pawn> pawns;
    for (int p = 0; p < kPawns; ++p)
      if (hand >> p & 1) pawns.push_back(static_cast<Pawn>(p));
    const Pawn p = pawns[rng.below(pawns.size())];
    s.board.place(p, static_cast<Circle>(circles[k]));
  }
  Position pos;
  pos.game = g;
  pos.phase = Phase::Placement;
  pos.board = s.board;
  PositionRecord r(pos);
  r.hands = SourcedText{hands_text(s), {}};
  return format_position(r);
}

// `per_kind` positions of every game and phase.
inline std::vector<std::string> random_positions(uint64_t seed, int per_kind) {
  SplitMix64 rng(seed);
  std::vector<std::string> out;
  auto add = [&](const Position& p) { out.push_back(format_position(p)); };
  for (int i = 0; i < per_kind; ++i) {
    for (const Game g : {Game::Solitaire, Game::Singles, Game::Doubles, Game::HighLow}) {
      const Position full = deal_position(g, random_deal(rng));
      add(full);
      if (g == Game::Doubles) {
        const auto ms = legal_moves(full);
        add(play(full, ms[rng.below(ms.size())]));  // takeoff2
      }
      Position part;
      part.game = g;
      part.phase = phase_after_takeoff(g);
      part.board = random_board(rng, 2 + static_cast<int>(rng.below(9)));
      if (g == Game::HighLow) {
        const int off = 40 - part.board.spots();
        const int a = static_cast<int>(rng.below(static_cast<uint64_t>(off + 1)));
        part.removed = {a, static_cast<int>(rng.below(static_cast<uint64_t>(off - a + 1)))};
      }
      add(part);
      if (g != Game::Solitaire)
        out.push_back(placement_text(rng, g, 1 + static_cast<int>(rng.below(3))));
    }
  }
  return out;
}

// The analysis the server sent equals the command line's: the record of
// `solve --json` (value, line, score) and the moves of `moves --json`.
inline void require_same_analysis(const nlohmann::json& a, const nlohmann::json& solved,
                                  const nlohmann::json& moved) {
  REQUIRE(a["api"] == 1);
  for (const char* k :
       {"title", "game", "phase", "value", "to_move_wins", "line", "line_steps", "movers",
        "game_score", "bonus", "bonus_kind", "rating", "final_board", "game_line"}) {
    INFO(k);
    CHECK(a.contains(k) == solved.contains(k));
    if (solved.contains(k)) CHECK(a[k] == solved[k]);
  }
  REQUIRE(a["moves"].size() == moved["moves"].size());
  for (size_t i = 0; i < a["moves"].size(); ++i) {
    const auto& m = a["moves"][i];
    const auto& c = moved["moves"][i];
    CHECK(m["move"] == c["move"]);
    CHECK(m.contains("value") == c.contains("value"));
    if (c.contains("value")) CHECK(m["value"] == c["value"]);
    CHECK(m.contains("to_move_wins") == c.contains("to_move_wins"));
    if (c.contains("to_move_wins")) CHECK(m["to_move_wins"] == c["to_move_wins"]);
    // The move as data: its circles, sides and gain, as the command line gives them.
    for (const char* k : {"circles", "mover", "next", "gain"}) {
      INFO(k);
      CHECK(m.contains(k) == c.contains(k));
      if (c.contains(k)) CHECK(m[k] == c[k]);
    }
    CHECK(c.contains("circles"));
    CHECK(!c.contains("after"));
  }
}

}  // namespace scarney::test
