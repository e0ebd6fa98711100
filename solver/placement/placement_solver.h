// Best placements for Singles, Doubles and High-Low.
//
// The placement phase is a game of its own: A and B place alternately, and
// its end positions are complete boards whose value the game's exact solver
// gives (see complete_boards.h). The order of placements does not change
// the final board, so the search is a minimax over partial boards with a
// transposition table keyed by the board alone (whose turn it is and what
// each player holds follow from the board and A's colours), merging boards
// that are symmetric images of each other (placement_symmetry.h).
// Fail-soft alpha-beta driven by MTD(f) null-window tests, the table
// keeping bounds and the best placement; children already known to cut off
// end a node at once, the others are tried the best known first, then by a
// history of placements that cut off. High-Low settles who wins first, so
// that payoffs are needed only on the winning side, and there asks a
// complete board only whether its payoff reaches the test's threshold
// (search/highlow_threshold.h).
//
// Beyond the exact horizon a depth-limited search stops after `depth`
// placements and estimates each board there by the mean value of random
// completions (random_completions.h); such answers are marked not exact.
// A position's value is always the best of its moves' values: a root is
// searched at least one placement deep. With a time budget the search
// deepens one placement at a time, to the end (exact) if time allows, and
// answers with the deepest search that finished.
//
// Values reported (see docs/placement.md):
//   Singles   A's guaranteed Singles score, whoever is to place (B places
//             to keep it low; with `cooperative` both raise it)
//   Doubles   the final game margin for the side to move now
//   High-Low  the payoff for the side to move now, and whether he wins
#pragma once

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "placement/placement_move.h"
#include "placement/placement_position.h"
#include "placement/value_net.h"
#include "search/oracle.h"

namespace scarney {

struct PlacementOptions {
  bool cooperative = false;  // Singles: B places to help A, not to hinder him
  int depth = -1;            // placements searched before estimating; < 0: exact; 0 counts as 1
  int samples = 16;          // random completions averaged per estimated board
  // > 0: deepen from one placement while the budget lasts, up to `depth`
  // (< 0: to the end); the deepest finished search answers. See analyse().
  std::chrono::milliseconds budget{0};
  uint64_t seed = 1;         // of the random completions
  bool winner_only = false;  // High-Low: who wins, without the payoff (value +1 or -1)
  // High-Low: answer the search's window questions on complete boards with
  // full payoffs instead of threshold questions (slower; the tests compare).
  bool full_payoffs = false;
  // An exact solve of a position with at least this many pawns left starts
  // from the estimate two placements deep instead of the board the first
  // placements lead to (docs/placement.md); the tests lower it.
  int estimated_guess_from = 11;
  // Correct each estimated board for the side that placed last before its
  // random completions, whom they favour (placement/leaf_bias.h). Off: the
  // plain mean (the exact search's first guess always uses the plain mean).
  bool leaf_correction = true;
  // Estimate the boards of a search with the same random completions made
  // to fit each (common random numbers: random_completions.h), so that
  // sibling placements are compared by what separates them rather than by
  // their draws (the engine's default since 2026-11-27, with its leaf
  // correction fitted for it: docs/placement.md). Off: each board's own
  // completions, drawn from its canonical form. The exact search's first
  // guess always draws its own (node counts unchanged), and so do the
  // proof's guesses.
  bool shared_completions = true;
  // > 0 (experimental): each estimated board valued one placement further,
  // by its completions grouped by the next placer's placement
  // (lookahead_of_completions), groups of at least this many.
  int lookahead_group = 0;
  // The correction's table instead of placement/leaf_bias.inc's (its fit).
  const std::array<double, 16>* leaf_errors = nullptr;
  // A learned evaluation (value_net.h): boards within its pawns left are
  // valued by it instead of random completions, and a budgeted search
  // starts at the first depth whose boards it covers (experimental).
  const ValueNet* value_net = nullptr;
  // With a learned evaluation, a budgeted search deepens only to depths
  // whose boards have B to place (an odd number of pawns left): the
  // networks are off by more where A places, and a search that ends there
  // by more still (docs/placement.md, "Leaves with B to place"). Off: every
  // depth, as before 2026-12-07 (`strength run --all-depths`).
  bool odd_leaves = true;
  // > 0: at most about this many positions in the search's table, and as
  // many complete boards remembered; beyond, those nearest the end (the
  // cheapest to search again) are forgotten. A proof of 13 pawns left
  // otherwise keeps a hundred million (placement_certificate.h). 0: all.
  size_t table_limit = 0;
  // Called about once a second during long searches.
  std::function<void(uint64_t nodes, uint64_t boards_solved)> progress;
  // Polled at every node: once set (by Ctrl-C), solve() and moves() stop
  // and throw PlacementInterrupted.
  const std::atomic<bool>* stop = nullptr;
};

struct PlacementSolution {
  bool exact = true;
  int depth = -1;    // not exact: placements searched before estimating
  int samples = 0;   // not exact: random completions per estimated board
  double value = 0;  // an integer when exact
  // Not exact: the standard error of the estimate the line ends on (the
  // mean of `samples` completions), for the side the value is reported for.
  std::optional<double> std_error;
  // Not exact, with the leaf correction: the measured mean absolute error
  // of estimates at the pawns left where the line stops (estimate_error.h).
  // (With a learned evaluation at the line's end: its measured error there.)
  std::optional<double> error;
  // Not exact: the board the line stops at was valued by the learned
  // evaluation (value_net.h), not by random completions.
  bool learned = false;
  bool budget_spent = false;         // a budget stopped a deeper search
  std::optional<bool> to_move_wins;  // High-Low
  std::vector<PlacementMove> line;   // best placements from the position
  std::vector<std::string> line_text;
  std::optional<Board> final_board;    // where the line fills the board
  std::vector<std::string> game_line;  // the game then played on it
  uint64_t nodes = 0;
  uint64_t boards_solved = 0;  // complete boards solved (once each)
  uint64_t payoffs = 0;        // High-Low: of which also the payoff
};

// What a stopped search knew: the nodes searched and boards solved, the
// line it stood by (the best placement found where a search had finished,
// else the one it was trying: nothing in it is proven), and the bounds on
// the value that were proven, for the side solution.value is reported for.
struct PlacementInterrupted : std::runtime_error {
  PlacementSolution so_far;  // exact = false, no value
  std::optional<double> at_least, at_most;
  PlacementInterrupted() : std::runtime_error("placement search interrupted") {}
};

struct PlacementMoveValue {
  PlacementMove move;
  std::string text;
  double value;              // as PlacementSolution::value, for the mover
  std::optional<bool> wins;  // High-Low: does the mover win
};

// One search's answer: the position's value and line, and every move's
// value when asked (the value is then the best of them).
struct PlacementAnswer {
  PlacementSolution solution;
  std::vector<PlacementMoveValue> moves;  // best for the mover first
};

class PlacementSolver {
 public:
  explicit PlacementSolver(PlacementOptions options = {});
  ~PlacementSolver();
  PlacementSolver(const PlacementSolver&) = delete;
  PlacementSolver& operator=(const PlacementSolver&) = delete;

  PlacementSolution solve(const PlacementState& s);
  // Every move with its value, best for the mover first. Precondition: the
  // board is not full.
  std::vector<PlacementMoveValue> moves(const PlacementState& s);
  // The value, line and (with_moves) every move's value from one search;
  // with a budget, from the deepest search that finished within it (the
  // first, one placement deep with two samples, finishes whatever it
  // takes, and budget_spent then says so).
  PlacementAnswer analyse(const PlacementState& s, bool with_moves);
  // High-Low, winner only: a placement with which the side to move at s
  // wins, or none when he loses; exact whatever the depth option. The
  // tables are kept between calls, so that after solve() the winning
  // placements of a whole proof cost little (placement_certificate.h).
  // Precondition: the board is not full and A's colours are chosen.
  // Throws PlacementInterrupted (with nothing known) when stopped.
  std::optional<PlacementMove> winning_placement(const PlacementState& s);
  // Whether solve(s) is exact under these options.
  bool exact_for(const PlacementState& s) const;

  // The complete boards' solvers may stop at tablebase positions.
  void set_oracle(const Oracle* oracle);
  uint64_t nodes() const;
  uint64_t boards_solved() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Placements left (plus one for the colour choice): the plies to the end.
int plies_left(const PlacementState& s);

// Whether a search `depth` plies deep from s ends on boards where A is to
// place, short of the end: where a learned evaluation is off by more
// (PlacementOptions::odd_leaves).
bool ends_where_a_places(const PlacementState& s, int depth);
// The depth a fixed-depth search with `net` (which may be null) searches
// instead of `depth`: one ply more where `depth` would end where A is to
// place, as a budgeted search skips such depths; `depth` without a network
// for s's game.
int odd_leaf_depth(const PlacementState& s, int depth, const ValueNet* net);

// The number of pawns left to place up to which the command line solves
// exactly by default, per game: what this machine solves within about a
// minute (see docs/placement.md).
int exact_horizon(Game g, bool winner_only = false);

}  // namespace scarney
