// Moves, solutions and claims in the book's words, as written in the
// `solution:` and `claim:` values of a position file.
//
//   solution: G3 jumps B2 | G3 jumps Y3, take off R1, call Scarney
//   solution: Player A removes G4 and G2, B removes G3, A removes B1,
//             and wins the game by leaving R3 on the board
//   claim:    score 63  |  A wins  |  B loses  |  margin 6  |  payoff -12
//
// Reading is in two steps: the text is parsed into written moves, which name
// pawns (syntax errors are located at file:line:column inside the
// value); a written move is then resolved against a position, which either
// gives the legal Move or says why there is none (the pawn is not on the
// board, the jump is blocked, ...). The full syntax is in docs/verify.md.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "games/move.h"
#include "games/position_record.h"
#include "util/expected.h"

namespace scarney {

// A move as written: it names pawns, not circles.
struct WrittenMove {
  MoveKind kind = MoveKind::Jump;
  std::optional<Side> player;  // when the text names who moves
  // TakeOff: the pawn; Jump: the jumping pawn, then the pawn jumped;
  // Remove: one to three pawns; Call: none.
  std::vector<Pawn> pawns;
  std::string text;      // as written, e.g. "b removes R3 and R4"
  SourceLocation where;  // its first character
};

// The book's closing words: "and wins the game by leaving R3 on the board",
// "leaving G3 and B1".
struct WrittenOutcome {
  std::optional<bool> last_mover_wins;  // "wins" / "loses", when said
  std::vector<Pawn> left;               // the pawns left on the board
  std::string text;
  SourceLocation where;
};

struct WrittenLine {
  std::vector<WrittenMove> moves;
  std::optional<WrittenOutcome> outcome;
};

// Parses a `solution:` value for a game of kind g. Throws InputError when the
// text is not a list of moves (or names a player in a one-player game).
// read_solution returns the first error; parse_solution throws it.
Expected<WrittenLine> read_solution(const SourcedText& s, Game g);
WrittenLine parse_solution(const SourcedText& s, Game g);

struct Claim {
  enum class Kind : uint8_t {
    Score,   // Solitaire, Singles: the total game score
    Margin,  // Doubles: A's points minus B's from the position on
    Payoff,  // High-Low: A's payoff (his score if he wins, minus B's if he loses)
    Winner,  // two-player games: who wins
  };
  Kind kind = Kind::Score;
  int number = 0;         // Score, Margin, Payoff
  Side winner = Side::A;  // Winner: "B loses" is read as A wins
  std::string text;       // as written
  SourceLocation where;
};

// Parses a `claim:` value for a game of kind g: read_claim returns the
// first error, parse_claim throws it.
Expected<Claim> read_claim(const SourcedText& s, Game g);
Claim parse_claim(const SourcedText& s, Game g);

// A written move on a position: the legal move it names, or why it names none.
struct ResolvedMove {
  std::optional<Move> move;
  std::string why;  // when there is no move
};

// Resolves m on p. "call Scarney" resolves when p.game is Singles in the jump
// phase, or when the game is over (the call then only announces the end).
// Whether it is m.player's turn is for the caller to check.
ResolvedMove resolve(const Position& p, const WrittenMove& m);

}  // namespace scarney
