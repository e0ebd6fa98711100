#include "search/bench_runner.h"

namespace scarney {

BenchRunner::BenchRunner(BenchPass pass) : pass_(pass) {
  solver_.use_tables_now();  // the warm solver is what is timed
}

long long BenchRunner::run(const Position& p) {
  switch (pass_) {
    case BenchPass::WinnerSearch:
      return solver_.highlow_wins(p);
    case BenchPass::WinnerPass:
      subsets_ += uint64_t{1} << p.board.pawn_count();
      return winner_.wins(p.board);
    default:
      return solver_.value(p);
  }
}

uint64_t BenchRunner::nodes() const {
  return pass_ == BenchPass::WinnerPass ? subsets_ : solver_.nodes();
}

BenchSignature bench_signature(const std::vector<Position>& positions, BenchPass pass) {
  BenchSignature s;
  BenchRunner runner(pass);
  for (const Position& p : positions) s.checksum += runner.run(p);
  s.positions = positions.size();
  s.nodes = runner.nodes();
  return s;
}

}  // namespace scarney
