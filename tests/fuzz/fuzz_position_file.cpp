// Position files (games/position_file.h): any text either reads as
// positions or throws InputError. A position read is then put through the
// next steps cheaply: written back and read again to an equal position, its
// legal moves played, and, with few pawns, solved exactly and checked
// against the plain reference search.
#include "fuzz_util.h"
#include "search/reference.h"
#include "search/solver.h"

using namespace scarney;

namespace {

using fuzz::check;

constexpr int kSolvePawns = 7;      // exact solves stay well under a millisecond
constexpr int kReferencePawns = 5;  // the reference search is slower

void exercise(const PositionRecord& record, Solver& solver) {
  fuzz::check_round_trip(record);
  const Position& p = record.position;
  if (p.phase == Phase::Placement) return;  // fuzz_placement goes on from here
  const auto moves = legal_moves(p);
  check(moves.empty() == is_over(p), "no legal move exactly when the game is over");
  for (const Move& m : moves) {
    check(is_legal(p, m), "legal_moves gives legal moves");
    (void)move_text(p.board, m);
    (void)gain(p, m);
    const Position q = play(p, m);
    check(q.board.pawn_count() < p.board.pawn_count() || m.kind == MoveKind::Call,
          "every move takes a pawn off");
  }
  // One line to the end: bounded by the pawns on the board.
  Position q = p;
  while (!is_over(q)) q = play(q, legal_moves(q).front());
  (void)end_value(q);
  if (can_call(p)) (void)end_value(p);

  const int n = p.board.pawn_count();
  if (n > kSolvePawns) return;
  const Solution s = solver.solve(p);
  Position r = p;
  for (const Move& m : s.line) {
    if (m.kind == MoveKind::Call) break;
    check(is_legal(r, m), "the principal line is legal");
    r = play(r, m);
  }
  if (n <= kReferencePawns) check(s.value == reference_value(p), "solver agrees with reference");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static Solver solver;
  for (const PositionRecord& r : fuzz::positions_of(data, size)) exercise(r, solver);
  return 0;
}
