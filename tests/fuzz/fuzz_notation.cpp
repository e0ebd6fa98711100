// The book's move notation (games/notation.h): `claim:` and `solution:`
// values, which are also how moves are written on the command line and in
// `scarney verify`. The input is a position file; every position that reads
// has its claim and solution parsed, the solution replayed move by move
// through resolve(), and, with few pawns, the whole `scarney verify` check
// run. Every legal move's own text must read back as that move.
#include "fuzz_util.h"
#include "verify/notation.h"
#include "search/solver.h"
#include "verify/verify.h"

using namespace scarney;

namespace {

using fuzz::check;

constexpr int kVerifyPawns = 7;

// move_text of each legal move reads back, through the notation, as the move.
void check_move_texts(const Position& p) {
  for (const Move& m : legal_moves(p)) {
    const SourcedText text{move_text(p.board, m), {"move", 1, 1}};
    WrittenLine line;
    try {
      line = parse_solution(text, p.game);
    } catch (const InputError& e) {
      std::fprintf(stderr, "'%s': %s\n", text.text.c_str(), e.what());
      check(false, "move_text reads as notation");
    }
    check(line.moves.size() == 1 && !line.outcome, "move_text is one move");
    const ResolvedMove r = resolve(p, line.moves[0]);
    check(r.move && *r.move == m, "move_text resolves to its move");
  }
}

void replay(const PositionRecord& r) {
  const Position& p = r.position;
  if (r.solution) {
    WrittenLine line;
    try {
      line = parse_solution(*r.solution, p.game);
    } catch (const InputError&) {
      return;
    }
    Position q = p;
    for (const WrittenMove& wm : line.moves) {
      const ResolvedMove r = resolve(q, wm);
      if (!r.move) break;
      if (r.move->kind == MoveKind::Call) break;
      check(is_legal(q, *r.move), "resolve gives legal moves");
      q = play(q, *r.move);
    }
  }
  if (r.claim) {
    try {
      (void)parse_claim(*r.claim, p.game);
    } catch (const InputError&) {
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static Solver solver;
  for (const PositionRecord& r : fuzz::positions_of(data, size)) {
    const Position& p = r.position;
    if (p.phase == Phase::Placement) continue;
    check_move_texts(p);
    replay(r);
    if ((r.claim || r.solution) && p.board.pawn_count() <= kVerifyPawns) {
      try {
        const Verification v = verify(r, solver);
        (void)verdict_name(v.verdict);
      } catch (const InputError&) {
      }
    }
  }
  return 0;
}
