// The opening engine measured against exact play (docs/placement.md,
// "How well the engine places"): placement positions stored with every
// placement's exact value, and what the engine makes of them within a time
// budget; and the drift of its values along its own line, where exact play
// drifts 0.
//
// The engine is the one the command line, the board and `play` use beyond
// the exact horizon: PlacementSolver::analyse with every move valued,
// deepening while the budget lasts (placement_solver.h).
#pragma once

#include <chrono>
#include <string>
#include <vector>

#include "placement/placement_move.h"
#include "placement/placement_solver.h"

namespace scarney {

// A position with the exact value of each placement, for the mover as
// PlacementMoveValue gives it (Singles: A's score, B's best the lowest);
// High-Low by its winner alone (+1: the mover wins, -1: he loses).
struct StrengthPosition {
  PlacementState state;
  std::vector<PlacementMoveValue> moves;  // best for the mover first
  double seconds = 0;                     // CPU to compute them (a record)
  // Only a best placement and those valued since (best_strength_position):
  // another placement's value is found when it is needed.
  bool partial = false;
};

// A's value at s from a value reported for the side to place there
// (PlacementSolution::value: Singles reports A's score already).
double a_value(const PlacementState& s, double for_mover);

// Every placement of s valued exactly (High-Low: winner only).
StrengthPosition exact_strength_position(const PlacementState& s,
                                         const std::atomic<bool>* stop = nullptr);

// The position's exact value with one best placement, and no other
// placement valued: one exact search, where every placement's value costs
// one a placement (Singles at 12 left: a median of 51 s of CPU, against
// one search of 11 left, 8-34 s, for each of its placements). What makes
// sets at 12 and 13 pawns left affordable (docs/placement.md).
StrengthPosition best_strength_position(const PlacementState& s,
                                        const std::atomic<bool>* stop = nullptr);

// Placement m's exact value at s, for the mover as PlacementMoveValue
// gives it: the position after it solved exactly.
double exact_placement_value(const PlacementState& s, const PlacementMove& m,
                             const std::atomic<bool>* stop = nullptr);

// The engine as the board uses it, with this budget.
// `samples`: random completions per estimated board (PlacementOptions).
PlacementOptions engine_options(Game g, std::chrono::milliseconds budget, int samples = 16);

// One position's measure: the engine's choice against the exact values.
struct StrengthSample {
  bool optimal = false;  // a placement of the exact best value
  double loss = 0;       // best value minus the chosen one's, for the mover (>= 0)
  double error = 0;      // |the engine's value - the exact value| (not High-Low)
  bool mover_wins = false, still_wins = false;  // High-Low: won before, won after the choice
  bool winner_right = false;                    // High-Low: the engine names the winner
  double seconds = 0;                           // wall time of the engine's search
  int depth = 0;                                // the deepest search finished (-1: exact)
  std::string chosen;                           // the engine's placement, as text
  double value = 0;                             // the engine's value of the position
  double best = 0, chosen_value = 0;            // exact: the best value, the chosen one's
  PlacementMove chosen_move;
  // A partial position: the chosen placement was not valued yet, and was
  // solved now (its value is chosen_value; the CPU it took).
  bool valued_now = false;
  double exact_seconds = 0;
};
StrengthSample measure_engine(const StrengthPosition& p, const PlacementOptions& engine,
                              const std::atomic<bool>* stop = nullptr);

// A position with `left` pawns left, the i-th of a seed: random
// (random_placement), or with `on_lines` one met in play: from a random
// opening of 15 or 14 pawns left, the engine's choices one placement deep
// (fixed, so the same on every machine) down to `left`.
PlacementState position_at(Game g, int left, uint64_t seed, uint64_t i, bool on_lines);

// High-Low beyond the positions a strength file can hold (every
// placement's exact value costs 66 winner searches: about 19 minutes a
// position at 12 pawns left): does the engine keep a won position won? The
// position's winner is found exactly, and where the mover wins, the
// engine's choice within its budget and the exact winner after it: two
// searches a position, not one a placement.
struct KeepSample {
  bool mover_wins = false;   // exact, before the engine's choice
  bool still_wins = false;   // exact, after it (when mover_wins)
  std::string chosen;        // the engine's placement, as text (when mover_wins)
  int depth = 0;             // the deepest search the engine finished (-1: exact)
  double engine_value = 0;   // its value of the position (High-Low: the payoff)
  double exact_seconds = 0;  // CPU of the two exact searches
};
KeepSample measure_keep(const PlacementState& s, const PlacementOptions& engine,
                        const std::atomic<bool>* stop = nullptr);
// The same with a placement drawn uniformly at random (by `seed`) in place
// of the engine's: what keeping the win is worth on these positions.
KeepSample measure_random_keep(const PlacementState& s, uint64_t seed,
                               const std::atomic<bool>* stop = nullptr);

// Along the engine's own line from `start` down to the exact horizon: A's
// value at each position (Singles: A's score; Doubles and High-Low: A's
// margin or payoff). Exact play would give the same value all along.
struct LineValue {
  double a_value = 0;  // A's value there
  int depth = 0;       // the depth the engine reached (-1: exact)
};
std::vector<LineValue> engine_line_values(const PlacementState& start,
                                          const PlacementOptions& engine);

// The plain mean of random completions against exact values at boards
// with `pawns_left` left: positions one placement earlier
// (random_placement(g, pawns_left + 1, seed, i), i < count) have their
// mover choose by that mean one placement deep, and the board he makes is
// solved exactly. The samples are the estimate minus the exact value, in
// A's terms; the last placer is the mover of those positions.
struct BiasMeasure {
  double mean = 0, std_error = 0;
  int samples = 0;
  std::vector<double> values;  // the samples themselves
  bool a_placed_last = false;
};
// `shared`: the engine with shared completions (PlacementOptions).
BiasMeasure plain_estimate_error(Game g, int pawns_left, int count, uint64_t seed,
                                 const std::atomic<bool>* stop = nullptr, int samples = 16,
                                 bool shared = true);

// The self-consistent error at `pawns_left` (placement/leaf_bias.h): over
// positions one placement earlier (random_placement(g, pawns_left + 1,
// seed, i), i < count), the plain mean of the board the engine (one
// placement deep) chooses less the engine's value of the position that
// board is, whose boards, one pawn fewer, are corrected by `errors`.
// With `on_lines`, the positions one placement earlier are on the engine's
// own lines instead (from random openings of 15 or 14 left, its choices
// one placement deep down to pawns_left + 1): the positions it meets in
// play.
BiasMeasure consistent_error(Game g, int pawns_left, const std::array<double, 16>& errors,
                             int count, uint64_t seed, const std::atomic<bool>* stop = nullptr,
                             bool on_lines = false, int samples = 16, bool shared = true);

}  // namespace scarney
