// A game against the computer: the moves played from a start position,
// whose turn it is, take back and redo, every position's analysis record
// (the value and every move's value), the value history, and the result.
// `scarney play` and the board's game mode (`scarney serve`) both run on it.
//
// Sides. In the two-player games the players are A and B for the whole
// game; A places first in the placement phase and moves first from a
// dealt or given board. After the placement phase the game's first mover
// is the book's: A in High-Low (the starter), B in Doubles (the
// nonstarter, who placed the sixteenth pawn); in Singles A plays the game
// alone. Solitaire and Singles games have one side, A.
//
// Values. Each ply keeps two values for its mover, as the analysis record
// gives them: `value_before`, the position's value (the best move's), and
// `value_after`, the value of the move played; the difference is what the
// move gave away. In the placement phase far from its end the values are
// the depth-limited estimate (placement/placement_solver.h), marked not
// exact. `history_for_a` puts every position on one scale: what A ends the
// game with under best play from there (Solitaire, Singles: the score;
// Doubles: the final margin, the points already taken counted in;
// High-Low: the payoff).
#pragma once

#include <algorithm>
#include <array>
#include <chrono>
#include <compare>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "analysis/analysis.h"
#include "games/position_record.h"
#include "games/result.h"
#include "play/analysis_cache.h"
#include "play/strength.h"

namespace scarney {

struct PlayOptions {
  // Placement positions with at most this many pawns left are searched
  // exactly; < 0: the default per game (Singles 9, Doubles 8, High-Low 5:
  // a couple of seconds a move on this machine, every move valued).
  int placement_exact = -1;
  int placement_depth = 1;  // before that: placements searched, then estimated
  // Random completions per estimated board; < 0: the engine's
  // (placement/leaf_bias.h: 64, High-Low 16; Singles and Doubles boards are
  // valued by the learned evaluation instead).
  int placement_samples = -1;
  // High-Low placement: only who wins (+1/-1), much cheaper (tests).
  bool placement_winner_only = false;
  // Analyses kept from one game to the next (the board's server replays
  // the whole game on every request); not owned.
  AnalysisCache* cache = nullptr;
  // Set (the board's server): every placement position is searched by
  // iterative deepening (placement/placement_solver.h) within half the time
  // left to this deadline, exact when it reaches the end, so that a
  // request stays within its budget; the fixed depths above are not used.
  std::optional<std::chrono::steady_clock::time_point> deadline;
  // High-Low: a checked proof's top (placement/proven_top.h; `play` and the
  // board pass the committed one). Its positions are analysed with it (who
  // wins, proved; each move onto it marked), and where the values are
  // estimates the computer at full strength keeps to the moves the proof
  // wins by. Not owned.
  const ProofLookup* proof = nullptr;
};

// The default exact horizon of play's placement search, per game.
int play_placement_exact(Game g);

// One move of the game.
struct Ply {
  int ply = 0;                               // 1, 2, ...
  Side side = Side::A;                       // who made it
  std::string position;                      // the position before it, as position-file text
  AnyMove what;                              // the move itself
  std::string move;                          // as `scarney moves --json` names it
  double value_before = 0, value_after = 0;  // for the mover: the best move's value, this move's
  std::string best_move;                     // a best move there
  bool exact = true;
  double std_error = 0;  // not exact: the estimate's standard error
  double error = 0;      // not exact: the measured mean error of such estimates
  bool placement = false;
  bool by_computer = false;
  bool lower_better = false;  // Singles placement, B: the values are A's score
  int gain = 0;               // spots the move takes off the board (credited to its side)
  // What the move gave away (>= 0).
  double loss() const {
    return lower_better ? value_after - value_before : value_before - value_after;
  }
  // Whether the loss says the move was worse: exact, or an estimate's loss
  // beyond twice its standard error and beyond the measured error of such
  // estimates (below those, chance or the estimate alone explains it).
  bool gave_away() const { return loss() > (exact ? 1e-9 : std::max(2 * std_error, error)); }
};

// How an ended game came out: the result (games/result.h; Solitaire and
// Singles: A's score), and in words.
struct Outcome {
  GameResult result;
  std::string rating;   // Solitaire, Singles: the book's band
  std::string summary;  // one sentence
  // Doubles, High-Low: the rule that decided it, in a sentence ("A made the
  // last removal and left G1, a 1: the last mover loses with a 1 or a 2
  // left..."); empty in the one-player games, whose summary says it all.
  std::string why;
};

class PlayGame {
 public:
  // `start`: a board position (any phase) or a placement position. The
  // analyser is borrowed and must outlive the game.
  PlayGame(const PositionRecord& start, Analyser& analyser, PlayOptions options = {});

  Game game() const { return start_.position.game; }
  Analyser& analyser() const { return *analyser_; }
  bool two_sides() const;  // Doubles, High-Low, and Singles' placement phase
  const PositionRecord& current() const { return nodes_[cursor_].record; }
  std::string current_text() const;
  bool in_placement() const { return current().position.phase == Phase::Placement; }
  Side to_move() const { return nodes_[cursor_].side; }
  bool over() const;
  int ply() const { return static_cast<int>(cursor_); }  // moves played so far

  // The current position's record: every legal move with its value, best
  // for the mover first (empty when the game is over).
  const Analysis& analysis();
  // The mover's value of a move of the current position, larger better (in
  // the Singles placement B wants A's score low: minus the value).
  double mover_value(const MoveAnalysis& m) const;
  // The legal moves of the current position, from the rules (no search).
  std::vector<AnyMove> legal() const;
  // The same in the order players number them by: by what the moves do
  // (pawn, circle; kind, circles), never by value, so that the numbers do
  // not give the best away.
  std::vector<AnyMove> numbered_moves() const;
  // A legal move of the current position in the book's words, as `scarney
  // moves --json` names it.
  std::string name(const AnyMove& m);

  // What a typed move names: a number of numbered_moves(), a move as
  // listed, or the book's notation ("G3 jumps B2", "take off R1", "B removes
  // R4 and R3", "G3 on C7", "black and red"). nullopt with `why` set when it
  // names no legal move.
  // The text is read once into a move (read_solution, read_placement_words)
  // and compared with the legal moves as a value; no search is needed.
  std::optional<AnyMove> resolve(const std::string& typed, std::string* why) const;

  // Plays a move; false when it is not legal here. Moves after the current
  // one are dropped unless it is the one redo would play.
  bool play(const AnyMove& move, bool by_computer = false);
  // The computer's choice for the side to move. Precondition: !over().
  AnyMove choose(Strength s, uint64_t seed);
  bool undo();
  bool redo();
  bool can_redo() const { return cursor_ + 1 < nodes_.size(); }

  // The moves played up to the current position.
  std::vector<Ply> plies() const;
  // The value for A after each move (see above), index 0 the start.
  std::vector<double> history_for_a();
  // Whether each of those values is exact (not an estimate of the placement
  // phase).
  std::vector<bool> history_exact();
  // Requires over().
  Outcome outcome() const;
  // The start position as a position file with the moves played as its
  // `solution:` line (board games from a board position; `scarney verify`
  // reads it).
  std::string position_file_with_solution() const;

 private:
  struct Node {
    PositionRecord record;
    Side side = Side::A;
    bool called = false;  // Singles: Scarney was called; the game is over
    std::optional<Analysis> analysis;
    std::optional<AnyMove> move;  // the move that led here
    std::string move_name;        // and its name
    bool by_computer = false;
  };
  Analysis& analysis_of(Node& n);
  void placement_request(const Node& n, AnalysisRequest& q) const;
  double value_of(Node& n);  // the position's value for its mover
  static bool ended(const Node& n);
  Node next_node(const Node& n, const AnyMove& move) const;
  AnalysisKey key_of(const Node& n, const AnalysisRequest& q) const;
  PositionRecord start_;
  Analyser* analyser_;
  PlayOptions options_;
  std::vector<Node> nodes_;
  size_t cursor_ = 0;
};

}  // namespace scarney
