#include "search/solver.h"

#include "search/doubles_solver.h"
#include "search/highlow_solver.h"
#include "search/solitaire_solver.h"
#include "util/input_error.h"

namespace scarney {

struct Solver::Impl {
  SolitaireSolver solitaire{false};
  SolitaireSolver singles{true};
  DoublesSolver doubles;
  HighLowSolver highlow;

  SolitaireSolver& solitaire_for(const Position& p) {
    return p.game == Game::Singles ? singles : solitaire;
  }
  void check(const Position& p) {
    if (p.phase == Phase::Placement) throw InputError("placement positions are not solved here");
  }
};

Solver::Solver() : impl_(std::make_unique<Impl>()) {}
Solver::~Solver() = default;

Solution Solver::solve(const Position& p) {
  impl_->check(p);
  if (p.game == Game::Doubles) return impl_->doubles.solve(p);
  if (p.game == Game::HighLow) return impl_->highlow.solve(p);
  return impl_->solitaire_for(p).solve(p);
}

int Solver::value(const Position& p) {
  impl_->check(p);
  if (p.game == Game::Doubles) return impl_->doubles.value(p);
  if (p.game == Game::HighLow) return impl_->highlow.value(p);
  return impl_->solitaire_for(p).value(p);
}

int Solver::value_within(const Position& p, int alpha, int beta) {
  impl_->check(p);
  if (p.game == Game::Solitaire || p.game == Game::Singles)
    return impl_->solitaire_for(p).value_within(p, alpha, beta);
  if (p.game == Game::Doubles) return impl_->doubles.value_within(p, alpha, beta);
  return value(p);
}

bool Solver::highlow_wins(const Position& p) {
  impl_->check(p);
  return impl_->highlow.wins(p);
}

std::vector<MoveValue> Solver::moves(const Position& p) {
  impl_->check(p);
  if (p.game == Game::Doubles) return impl_->doubles.moves(p);
  if (p.game == Game::HighLow) return impl_->highlow.moves(p);
  return impl_->solitaire_for(p).moves(p);
}

void Solver::use_tables_now() {
  impl_->solitaire.use_tables_now();
  impl_->singles.use_tables_now();
}

void Solver::set_oracle(const Oracle* oracle) {
  impl_->solitaire.set_oracle(oracle);
  impl_->singles.set_oracle(oracle);
  impl_->doubles.set_oracle(oracle);
  impl_->highlow.set_oracle(oracle);
}

uint64_t Solver::nodes() const {
  return impl_->solitaire.nodes() + impl_->singles.nodes() + impl_->doubles.nodes() +
         impl_->highlow.nodes();
}

}  // namespace scarney
