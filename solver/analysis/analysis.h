// Everything known about one position, in one record: its value, the
// principal line, the score that line ends on, every legal move with its
// value, and for the placement phase how the answer was found. The command
// line (`solve`, `moves`) prints it as text or JSON; the analysis board
// (`serve`) and `play` send the same record.
//
// Values are those of games/rules.h, for the side to move; placement values
// are those of placement/placement_solver.h (estimates when not exact).
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "games/move.h"
#include "games/position_record.h"
#include "placement/placement_move.h"
#include "placement/proven_top.h"
#include "search/oracle.h"
#include "util/json.h"

namespace scarney {

// What to work out, and the placement search's settings.
class PlacementSolver;

struct AnalysisRequest {
  bool line = true;             // the value and the principal line (`solve`)
  bool moves = false;           // every legal move with its value (`moves`)
  bool with_after = false;      // each move also with the position after it (the analysis board)
  bool line_positions = false;  // the position after each move of the line

  // Placement positions only.
  bool cooperative = false;  // Singles: B places to help A's score
  int depth = -1;            // placements searched before estimating; < 0: the default
  int samples = 0;  // random completions per estimated board; 0: the engine's (leaf_bias.h)
  bool winner_only = false;  // High-Low: who wins, not the payoff
  bool exact = false;        // solve exactly however many pawns are left
  size_t table_limit = 0;    // positions the search remembers (PlacementOptions); 0: all
  // > 0: deepen one placement at a time while it lasts, up to `depth` if
  // given, else to the end; the deepest finished search answers.
  std::chrono::milliseconds budget{0};
  std::function<void(uint64_t nodes, uint64_t boards)> progress;  // long searches
  // Placement: once set (Ctrl-C), the search stops and analyse() throws
  // PlacementInterrupted (placement/placement_solver.h) with what it knew.
  const std::atomic<bool>* stop = nullptr;
  // Placement: called after the search with its solver, whose tables a
  // further search may reuse (solve --certificate proves the answer).
  std::function<void(PlacementSolver&, const PlacementState&)> after_search;
  // High-Low placements: a checked proof that says who wins the positions
  // on it (placement/proven_top.h: a ProvenTop, or committed_proof());
  // none, or no answer: nothing is claimed.
  const ProofLookup* proof = nullptr;
};

// A move of either kind: a board game's (games/move.h; Singles' "call
// Scarney" is one) or a placement (placement/placement_move.h).
using AnyMove = std::variant<Move, PlacementMove>;
// The placer as a side (A places first).
inline Side side_of(Placer p) { return p == Placer::A ? Side::A : Side::B; }

struct MoveAnalysis {
  AnyMove what;                      // the move itself
  std::string move;                  // in the book's words
  double value = 0;                  // for the mover if he plays it; an integer when exact
  std::optional<bool> to_move_wins;  // High-Low: does the mover win
  // High-Low placements: the position after it is on a checked proof's top
  // (AnalysisRequest::proof), which says whether the mover wins by it.
  std::optional<bool> proved_wins;
  std::optional<std::string> after;  // with_after: the position after it, as position-file text
  // Positions with two sides (two-player games, placements): who plays it,
  // and whose move the position after it is (its value is for him, also
  // when the game has ended there; none after the last placement of
  // Singles), in the letters of the position analysed, so that a reader who
  // knows which real side that position's mover is can follow the sides
  // without counting plies.
  std::optional<Side> mover, next;
  int gain = 0;  // spots it takes off the board (credited to the mover)
};

// One move of the principal line, as data: the move, who plays it and who
// moves next (in the analysed position's letters), and what it takes off.
struct LineStep {
  AnyMove what;
  std::optional<Side> mover, next;
  int gain = 0;
};

// Solitaire and Singles: the score the principal line ends on.
struct ScoreAnalysis {
  int game_score = 0;  // 40 - spots left
  int bonus = 0;
  std::string bonus_kind;
  std::string rating;  // the book's band: "Par game", ...
};

// How a placement position was answered.
struct PlacementAnalysis {
  Side to_move = Side::A;
  int pawns_left = 0;
  bool choosing_colours = false;    // A is still to choose two colours
  std::string hands;                // `hands:` text
  int depth = -1, samples = 0;      // of the estimate, when not exact
  std::optional<double> std_error;  // of the estimate the line ends on, when not exact
  std::optional<double> error;      // measured mean error of such estimates (estimate_error.h)
  bool learned = false;  // the estimate's boards valued by the learned evaluation (value_net.h)
  bool budget_spent = false;  // a time budget stopped a deeper search
  bool cooperative = false, winner_only = false;
  Side value_for = Side::A;                                      // whose value it is
  std::optional<std::string> final_board;                        // where the line fills the board
  std::vector<std::string> game_line;                            // the game then played on it
  std::optional<uint64_t> boards_solved, nodes, payoffs_solved;  // with the line
  // On a checked proof's top (AnalysisRequest::proof): who wins, proved,
  // and at the winner's turns his placement, as placement_text words it.
  std::optional<Side> proved_winner;
  std::optional<std::string> proved_placement;
};

struct Analysis {
  std::string source;  // "file:line"
  std::string title;
  Position position;
  bool exact = true;
  std::optional<double> value;       // none: not asked, or a winner-only High-Low placement
  std::optional<bool> to_move_wins;  // High-Low
  std::optional<std::vector<std::string>> line;     // the principal line
  std::optional<std::vector<LineStep>> line_steps;  // the same moves as data
  std::optional<ScoreAnalysis> score;               // Solitaire and Singles, with the line
  std::optional<std::vector<MoveAnalysis>> moves;
  std::optional<PlacementAnalysis> placement;  // the placement phase

  // Two-player games, with the line: who makes each move of it ('A' is the
  // side to move in the position, 'B' the other).
  std::optional<std::vector<Side>> movers;
  // Doubles, with the line: who sweeps the pawns left at its end, and how
  // many spots; and from the first take-off, the nonstarter's (A's) final
  // game score, (40 + margin) / 2.
  // With `line_positions` asked (board positions): the position after each
  // move of the line ("call Scarney" ends it without a move on the board).
  std::optional<std::vector<Position>> line_positions;
  // With `line_positions` asked (placement positions): the position after
  // each placement of the line, as position-file text.
  std::optional<std::vector<std::string>> placement_line_positions;
  std::optional<Side> sweeper;
  std::optional<int> swept, nonstarter_score;
};

// Keeps the solvers (and their tables) warm from one position to the next.
// Not thread-safe: one analyser per thread.
class Analyser {
 public:
  explicit Analyser(const Oracle* oracle = nullptr);
  ~Analyser();
  Analyser(const Analyser&) = delete;
  Analyser& operator=(const Analyser&) = delete;

  // Throws InputError for a placement position whose hands do not fit.
  Analysis analyse(const PositionRecord& r, const AnalysisRequest& q);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The circles a move touches, as the board page marks them: a jump's
// {"from", "over", "to"}, a take-off's or removal's {"removed": [...]}, a
// placement's {"placed", "pawn"}; {} for "call Scarney" and the choice of
// colours. The move carries its circles: no board is needed.
Json move_circles_json(const AnyMove& m);

// The record as one JSON object (fields absent from the record are left
// out; the keys in a fixed order).
Json analysis_json(const Analysis& a);

}  // namespace scarney
