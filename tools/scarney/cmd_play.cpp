// `scarney play`: a game against the computer in the terminal (and, with
// --ladder, the strength ladder measured). The game itself is
// play/play_game.h; this file reads the player's lines and prints.
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <random>

#include "analysis/analysis.h"
#include "analysis_text.h"
#include "cli_common.h"
#include "colour.h"
#include "commands.h"
#include "games/deal.h"
#include "games/match.h"
#include "games/position_file.h"
#include "options.h"
#include "placement/placement_position.h"
#include "placement/proven_top.h"
#include "play/ladder.h"
#include "play/match_session.h"
#include "play/play_game.h"
#include "play/strength.h"
#include "util/atomic_file.h"
#include "util/json.h"

namespace scarney::cli {
namespace {

struct PlayArgs {
  std::string game = "solitaire";
  std::string side = "A";
  std::string strength = "perfect";
  std::optional<uint64_t> seed;
  std::string record;
  std::string position;
  bool placement = false;
  int ladder = 0;
  bool hide_values = false;
  bool match = false;
  std::string sheet;  // --match: the score sheet (.match) written here too
  std::string save;   // the game (games) as a position file with `solution:`
};

// ---- drawing -----------------------------------------------------------------

struct Ink {
  bool on = false;
  std::string pawn(const std::string& name) const {
    if (!on || name == ".") return name;
    const char* code = name[0] == 'B'   ? "1;97;40"
                       : name[0] == 'R' ? "1;97;41"
                       : name[0] == 'Y' ? "1;30;43"
                                        : "1;97;42";
    return std::string("\033[") + code + "m" + name + "\033[0m";
  }
  std::string dim(const std::string& s) const { return on ? "\033[2m" + s + "\033[0m" : s; }
  std::string bold(const std::string& s) const { return on ? "\033[1m" + s + "\033[0m" : s; }
};

Ink make_ink() {
  Ink ink;
  ink.on = colour_on();  // --color, NO_COLOR and TERM=dumb, as every command
  return ink;
}

void draw(const PositionRecord& r, const Ink& ink) {
  const Board& b = r.position.board;
  std::cout << "\n";
  for (int row = 0; row < 4; ++row) {
    std::string line = "    ";
    for (int col = 0; col < 4; ++col) {
      const Circle c = static_cast<Circle>(row * 4 + col);
      const std::string name = b.occupied() >> c & 1 ? pawn_name(b.pawn_on(c)) : ".";
      line += ink.pawn(name) + std::string(name.size() == 1 ? "    " : "   ");
    }
    char label[32];
    std::snprintf(label, sizeof label, "   C%d-C%d", row * 4 + 1, row * 4 + 4);
    std::cout << line << ink.dim(label) << "\n";
  }
  if (r.position.phase == Phase::Placement) {
    const PlacementState s = placement_state(r);
    if (s.choosing_colours())
      std::cout << "  A chooses two colours, then places first\n";
    else
      std::cout << "  hands: " << hands_text(s) << "\n";
  } else if (value_counts_removed(r.position.game)) {
    std::cout << "  removed so far: " << r.position.removed[0] << " by the side to move, "
              << r.position.removed[1] << " by the other\n";
  }
}

// ---- the game ------------------------------------------------------------------

PositionRecord start_position(const PlayArgs& a, Game g, uint64_t seed, int deal_index = 0) {
  if (!a.position.empty()) {
    const auto records = load_positions({a.position});
    if (records.empty()) bad_input(a.position, "no position in the file");
    if (records[0].position.game != g)
      bad_input(a.position, "the position is a " + game_name(records[0].position.game) +
                                " position, not " + game_name(g));
    return records[0];
  }
  if (a.placement) {
    PositionRecord r;
    r.position.game = g;
    r.position.phase = Phase::Placement;
    return r;
  }
  return dealt_position(g, seed, static_cast<uint64_t>(deal_index));
}

// The plies of one game; `game` numbers the games of a match (0: no match).
struct RecordedGame {
  int game = 0;
  std::vector<Ply> plies;
};

// Written whole and atomically (util/atomic_file.h): a write error (a full
// disk, /dev/full) is an error, never an empty file and status 0.
void write_record(const std::string& path, const std::vector<RecordedGame>& games, Game g) {
  std::string out;
  for (const RecordedGame& rg : games)
    for (const Ply& y : rg.plies) {
      Json j;
      if (rg.game > 0) j["game"] = rg.game;
      j["ply"] = y.ply;
      if (two_player(g) || y.placement || y.side == Side::B)
        j["side"] = std::string(1, side_letter(y.side));
      j["position"] = y.position;
      j["move"] = y.move;
      j["value_before"] = json_whole(y.value_before);
      j["value_after"] = json_whole(y.value_after);
      if (!y.exact) j["exact"] = false;
      j["by"] = y.by_computer ? "computer" : "player";
      out += json_text(j) + "\n";
    }
  write_file_atomically(path, out);
}

void print_history(PlayGame& game, const Ink& ink) {
  const std::vector<Ply> plies = game.plies();
  const std::vector<double> h = game.history_for_a();
  const std::vector<bool> exact = game.history_exact();
  const bool solo = !game.two_sides();
  std::cout << "\nValue history (" << (solo ? "the best score still reachable" : "for A")
            << " after each move):\n";
  std::cout << "    start  " << value_text(h[0], exact[0]) << "\n";
  for (const Ply& y : plies) {
    const double v = h[static_cast<size_t>(y.ply)];
    // The side, unless the move's name says it ("A places B4 on C1").
    const std::string side = std::string(1, side_letter(y.side)) + " ";
    const bool named = y.move.compare(0, side.size(), side) == 0;
    std::string line = "  " + std::to_string(y.ply) + ". " + (solo || named ? "" : side) + y.move;
    if (line.size() < 34) line.resize(34, ' ');
    line += value_text(v, exact[static_cast<size_t>(y.ply)]);
    if (y.gave_away())
      line +=
          ink.bold("   ? gave away " + value_text(y.loss(), y.exact) + "; best was " + y.best_move);
    std::cout << line << (y.by_computer ? ink.dim("  (computer)") : "") << "\n";
  }
}

void print_moves(PlayGame& game, bool values) {
  const Analysis& a = game.analysis();
  const std::vector<AnyMove> moves = game.numbered_moves();
  for (size_t i = 0; i < moves.size(); ++i) {
    std::cout << "  " << i + 1 << ". " << game.name(moves[i]);
    if (values)
      for (const MoveAnalysis& m : *a.moves)
        if (m.what == moves[i]) std::cout << "   " << value_text(m.value, a.exact);
    std::cout << "\n";
  }
}

void print_hint(PlayGame& game) {
  const Analysis& a = game.analysis();
  const MoveAnalysis& best = a.moves->front();
  // An estimate with its measured error, as the board's hint gives it.
  std::string how;
  if (!a.exact) {
    const double error = a.placement && a.placement->error ? *a.placement->error : 0;
    char buf[48];
    std::snprintf(buf, sizeof buf, " ± %.2f", error);
    how = std::string(error > 0 ? buf : "") + ", an estimate";
  }
  std::cout << "  best: " << best.move << "  (value " << value_text(best.value, a.exact) << how
            << ")\n";
  if (a.line && a.line->size() > 1) {
    std::string line;
    for (const std::string& m : *a.line) line += (line.empty() ? "" : ", ") + m;
    std::cout << "  the line: " << line << "\n";
  }
  std::cout << "  every move, best first:\n";
  for (const MoveAnalysis& m : *a.moves)
    std::cout << "    " << m.move << "   " << value_text(m.value, a.exact) << "\n";
}

std::string example_move(const PlayGame& game, const PositionRecord& start) {
  return game.in_placement()                   ? "'G3 on C7'"
         : traits(game.game()).removal         ? "'removes R4 and R3'"
         : start.position.phase == Phase::Jump ? "'G3 jumps B2'"
                                               : "'take off R1'";
}

// How to type a move, and the commands: said when a game starts, and again
// on "help" or "?".
std::string how_to_play(const PlayGame& game, const PositionRecord& start) {
  return "Type a move (e.g. " + example_move(game, start) +
         ") or its number; commands: moves, hint, undo, redo, quit (help: this line).\n";
}

struct Session {
  PlayGame& game;
  Side human;
  Strength strength;
  uint64_t seed;
  Ink ink;
  bool hide_values;
  const SigintGuard* sigint = nullptr;  // a Ctrl-C ends the game where it stands

  bool humans_turn() const { return !game.two_sides() || game.to_move() == human; }

  // Solitaire/Singles coach: the points a move gave away.
  void coach(const std::string& move) {
    const std::vector<Ply> plies = game.plies();
    const Ply& y = plies.back();
    if (hide_values) return;
    if (y.gave_away())
      std::cout << ink.bold("  ! " + move + " gives away " + value_text(y.loss(), y.exact) +
                            (game.two_sides() ? "" : " points") + "; " + y.best_move +
                            " would have kept them")
                << "\n";
    if (!game.two_sides())
      std::cout << "  best score still reachable: " << value_text(y.value_after, true) << "\n";
  }

  void computer_move() {
    const AnyMove m = game.choose(strength, seed);
    const std::string name = game.name(m);
    game.play(m, true);
    std::cout << "  computer (" << side_letter(game.plies().back().side) << ", "
              << strength_name(strength) << ") plays: " << ink.bold(name) << "\n";
  }

  // One line of input; false to stop.
  bool command(const std::string& line) {
    std::string t = line;
    while (!t.empty() && std::isspace(static_cast<unsigned char>(t.back()))) t.pop_back();
    while (!t.empty() && std::isspace(static_cast<unsigned char>(t.front()))) t.erase(0, 1);
    if (t.empty()) return true;
    if (t == "quit" || t == "q" || t == "exit") return false;
    if (t == "help" || t == "?") {
      std::cout << "  " << how_to_play(game, game.current());
      return true;
    }
    if (t == "hint") {
      print_hint(game);
      return true;
    }
    if (t == "moves") {
      print_moves(game, false);
      return true;
    }
    if (t == "undo") {
      // Back to the player's previous turn.
      bool any = game.undo();
      while (any && !humans_turn() && game.undo()) {
      }
      std::cout << (any ? "  taken back" : "  nothing to take back") << "\n";
      if (any) draw(game.current(), ink);
      return true;
    }
    if (t == "redo") {
      std::cout << (game.redo() ? "  replayed" : "  nothing to redo") << "\n";
      return true;
    }
    std::string why;
    const auto move = game.resolve(t, &why);
    if (!move) {
      std::cout << "  " << why << " (type moves, hint, undo, quit or help)\n";
      return true;
    }
    const std::string name = game.name(*move);
    game.play(*move);
    std::cout << "  you play: " << name << "\n";
    coach(name);
    return true;
  }

  void status() {
    if (game.over()) return;
    std::string who = game.two_sides() ? std::string(1, side_letter(game.to_move())) + " to " +
                                             (game.in_placement() ? "place" : "move")
                                       : "your move";
    if (game.two_sides()) who += game.to_move() == human ? " (you)" : " (computer)";
    std::cout << "  " << who << "\n";
  }

  // Plays the game to its end; false when the player quit or the input ended.
  bool run() {
    draw(game.current(), ink);
    while (!game.over()) {
      status();
      if (!humans_turn()) {
        computer_move();
        draw(game.current(), ink);
        continue;
      }
      if (sigint && sigint->interrupted()) return false;
      std::cout << "move> " << std::flush;
      std::string line;
      if (!std::getline(std::cin, line)) {
        if (sigint && sigint->interrupted()) return false;
        std::cout << "\nend of input: the game stops here, unfinished\n";
        return false;
      }
      const int before = game.ply();
      if (!command(line)) {
        std::cout << "  you quit\n";
        return false;
      }
      if (game.ply() != before && game.ply() > before) draw(game.current(), ink);
    }
    const Outcome o = game.outcome();
    std::cout << "\nThe game is over: " << ink.bold(o.summary) << "\n";
    if (!o.why.empty()) std::cout << o.why << "\n";
    return true;
  }
};

// What a Ctrl-C says: the game (or match) stops, what was played is kept.
constexpr const char* kInterruptedPlay =
    "\nscarney: interrupted: the game stops here; writing what was played (Ctrl-C again to "
    "kill)\n";

// --record, --save and --sheet, before the first move: a game is not played
// to its end only to be lost.
void check_play_outputs(const PlayArgs& a) {
  for (const auto& [option, path] :
       {std::pair{"--record", &a.record}, {"--save", &a.save}, {"--sheet", &a.sheet}})
    if (!path->empty()) check_output_file(option, *path);
}

// The committed High-Low proof (none while it is not certified): its
// positions say "proved", and the computer keeps to its winning moves.
PlayOptions with_proof() {
  PlayOptions o;
  o.proof = committed_proof();
  return o;
}

// A match under the book's rules (play/match_session.h): a new deal each
// game (deal k of the seed for game k + 1), until the match is over or the
// player stops; then the score sheet as `scarney match` prints it.
void play_match(const PlayArgs& a, Game g, Strength strength, uint64_t seed, Side human) {
  if (!traits(g).matches)
    bad_input("--match", "Solitaire has no match rules; --match is for singles, doubles, highlow");
  if (!a.position.empty()) bad_input("--match", "a match deals every game; not with --position");
  Analyser analyser;
  // Ctrl-C ends the match where it stands: what was played is written.
  SigintGuard sigint(kInterruptedPlay);
  guarded([&] {
    const Ink ink = make_ink();
    MatchSession match(g, human);
    std::vector<RecordedGame> recorded;
    std::string saved;
    const auto keep = [&](const PlayGame& game, int number) {
      recorded.push_back({number, game.plies()});
      if (!a.save.empty() && game.ply() > 0)
        saved += (saved.empty() ? "" : "---\n") + game.position_file_with_solution();
    };
    std::cout << "scarney play: a " << game_name(g) << " match"
              << (!two_player(g) ? std::string() : std::string(", you are ") + side_letter(human))
              << ", computer " << strength_name(strength) << ", seed " << seed << "\n";
    for (int k = 0; k < kMaxMatchGames; ++k) {
      const uint64_t choice = seed + static_cast<uint64_t>(k);
      const PositionRecord start = start_position(a, g, seed, k);
      std::cout << "\n=== Game " << k + 1 << " (" << start.title << ") ===\n";
      PlayGame game(start, analyser, with_proof());
      std::cout << how_to_play(game, start);
      Session s{game, human, strength, choice, ink, a.hide_values, &sigint};
      const bool done = s.run();
      if (game.ply() > 0) print_history(game, ink);
      keep(game, k + 1);
      if (!done) break;
      if (const auto alone = match.add(game, start, strength, choice)) {
        std::cout << "The computer plays the same deal: " << alone->outcome().summary << "\n";
        keep(*alone, k + 1);
      }
      if (match.finished()) break;
      std::cout << "Match so far: " << match.result().status << "\n";
    }
    std::cout << "\n" << format_score_sheet(match.match(), match.result());
    if (!a.sheet.empty()) write_file_atomically(a.sheet, match.sheet());
    if (!a.record.empty()) write_record(a.record, recorded, g);
    if (!a.save.empty()) write_file_atomically(a.save, saved);
  });
  if (sigint.interrupted()) throw CLI::RuntimeError(130);
}

void play_game(const PlayArgs& a) {
  const auto g = parse_game(a.game);
  if (!g)
    bad_input("--game",
              "unknown game '" + a.game + "' (expected solitaire, singles, doubles or highlow)");
  const auto strength = parse_strength(a.strength);
  if (!strength)
    bad_input("--strength",
              "expected perfect, strong, fair, weak or random, not '" + a.strength + "'");
  if (a.side != "A" && a.side != "B" && a.side != "a" && a.side != "b")
    bad_input("--side", "expected A or B, not '" + a.side + "'");
  if (a.placement && !traits(*g).placement)
    bad_input("--placement", "Solitaire has no placement phase");
  if (!a.sheet.empty() && !a.match) bad_input("--sheet", "only with --match");
  // The files written at the end, checked before the first move.
  check_play_outputs(a);
  uint64_t seed = 0;
  if (a.seed) {
    seed = *a.seed;
  } else {
    std::random_device rd;
    seed = (uint64_t{rd()} << 32 | rd()) % 1000000000ull;
  }
  const Side human = a.side == "A" || a.side == "a" ? Side::A : Side::B;
  if (a.match) return play_match(a, *g, *strength, seed, human);
  const PositionRecord start = start_position(a, *g, seed);
  Analyser analyser;
  SigintGuard sigint(kInterruptedPlay);
  guarded([&] {
    PlayGame game(start, analyser, with_proof());
    const Ink ink = make_ink();
    std::cout << "scarney play: " << game_name(*g)
              << (game.two_sides() ? std::string(", you are ") + side_letter(human) : std::string())
              << ", computer " << strength_name(*strength) << ", seed " << seed << "\n"
              << how_to_play(game, start);
    Session s{game, human, *strength, seed, ink, a.hide_values, &sigint};
    s.run();
    if (game.ply() > 0) print_history(game, ink);
    if (!a.record.empty()) write_record(a.record, {{0, game.plies()}}, *g);
    if (!a.save.empty()) write_file_atomically(a.save, game.position_file_with_solution());
  });
  if (sigint.interrupted()) throw CLI::RuntimeError(130);
}

void run_ladder(const PlayArgs& a) {
  const auto g = parse_game(a.game);
  if (!g) bad_input("--game", "expected solitaire, singles, doubles or highlow");
  const uint64_t seed = a.seed.value_or(1);
  Analyser analyser;
  std::cout << "perfect play against each level, " << game_name(*g) << ", " << a.ladder
            << " deals of seed " << seed << "\n";
  for (Strength s : kStrengths) {
    const LadderRow r = ladder_row(*g, s, a.ladder, seed, analyser);
    if (two_player(*g))
      std::printf("  %-8s won %4d  lost %4d  tied %3d  win rate %5.1f%%  mean %+.2f\n",
                  strength_name(s).c_str(), r.won, r.lost, r.tied,
                  100.0 * r.won / std::max(1, r.games), r.mean);
    else
      std::printf("  %-8s mean score %7.2f  (perfect %7.2f, %.2f less)\n", strength_name(s).c_str(),
                  r.level_score, r.perfect_score, r.mean);
    std::fflush(stdout);
  }
}

}  // namespace

void register_play(CLI::App& app) {
  auto* cmd = app.add_subcommand("play", "Play a game against the computer (perfect or weaker)");
  auto a = std::make_shared<PlayArgs>();
  cmd->add_option("--game", a->game, "solitaire, singles, doubles or highlow")->required();
  cmd->add_option("--side", a->side, "your side in a two-player game: A (moves first) or B");
  cmd->add_option("--strength", a->strength, "the computer: perfect, strong, fair, weak, random");
  cmd->add_option("--seed", a->seed, "the deal and the computer's choices (default: random)")
      ->type_name("UINT64")
      ->check(seed_check());
  cmd->add_option("--record", a->record, "write the game as JSON lines, one per move");
  cmd->add_option("--position", a->position, "start from this position file's first position");
  cmd->add_flag("--placement", a->placement,
                "Singles, Doubles, High-Low: begin with the placement phase");
  cmd->add_flag("--match", a->match,
                "Singles, Doubles, High-Low: a match under the book's rules, then the score sheet");
  cmd->add_option("--sheet", a->sheet, "with --match: write the match's score sheet (.match) here");
  cmd->add_option("--save", a->save,
                  "write the game (a match: every game) as a position file with its solution:");
  cmd->add_flag("--no-coach", a->hide_values, "no warnings about moves that give points away");
  cmd->add_option("--ladder", a->ladder,
                  "measure perfect play against every level over this many deals, and stop")
      ->check(whole_number(1, 100000))
      ->default_str("");
  cmd->callback([a, cmd] {
    // Options that would do nothing are refused (docs/cli.md).
    if (a->ladder > 0)
      for (const char* option : {"--record", "--match", "--position", "--strength", "--side",
                                 "--save", "--sheet", "--placement", "--no-coach"})
        refuse_if_given(cmd, option,
                        "not with --ladder, which plays perfect play against every level itself");
    else if (const auto g = parse_game(a->game); g && !two_player(*g))
      refuse_if_given(cmd, "--side",
                      "Solitaire has one player: --side is for the two-player games");
    if (a->ladder > 0)
      run_ladder(*a);
    else
      play_game(*a);
  });
}

}  // namespace scarney::cli
