// Checking a published solution and its claim (`solution:` and `claim:` in a
// position file) against the rules and the exact solvers: `scarney verify`.
//
//   1. Replay: every move legal, made by the right player in turn, and the
//      line ends the game (Singles may end it with "call Scarney").
//   2. Claim vs line: the line reaches the claimed score or winner.
//   3. Claim vs perfect play: the claim is the best there is; in two-player
//      games every published move is a best move for its side.
//
// Verdicts, the first that applies:
//   wrong       the claim is false under perfect play (a score higher than
//               the best; a winner who loses with best play)
//   malformed   the published line cannot be replayed to the end
//   wrong       the line replays but does not reach the claim
//   improvable  the line reaches the claim, but perfect play does better
//               (a higher score; in two-player games a better move for
//               either side)
//   holds       otherwise
// The rules are spelt out in docs/verify.md.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "games/position_record.h"
#include "search/solver.h"

namespace scarney {

enum class Verdict : uint8_t { Holds, Improvable, Wrong, Malformed };
std::string verdict_name(Verdict v);  // "holds", "improvable", "wrong", "malformed"

struct Verification {
  Verdict verdict = Verdict::Holds;
  std::string explanation;             // why, in a sentence or two
  std::optional<std::string> claimed;  // the claim as written
  std::vector<std::string> solution;   // the published moves as read
  // What the published line reaches ("score 63", "A wins (12 points)",
  // "margin +6"); none when it cannot be replayed.
  std::optional<std::string> published_result;
  int best = 0;                        // perfect-play value for the side to move (games/rules.h)
  std::string best_result;             // the same in words, like published_result
  std::vector<std::string> best_line;  // a perfect line; players named in two-player games
  std::vector<std::string> problems;   // everything found wrong or improvable
  std::vector<std::string> notes;      // what was checked and holds
};

// Throws InputError when the position has neither `claim:` nor `solution:`,
// or when either cannot be read.
Verification verify(const PositionRecord& r, Solver& solver);

}  // namespace scarney
