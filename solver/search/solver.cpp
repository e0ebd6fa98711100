#include "search/solver.h"

#include "search/solitaire_solver.h"
#include "util/input_error.h"

namespace scarney {

struct Solver::Impl {
  SolitaireSolver solitaire{false};
  SolitaireSolver singles{true};

  SolitaireSolver& solitaire_for(const Position& p) {
    return p.game == Game::Singles ? singles : solitaire;
  }
  void check(const Position& p) {
    if (p.phase == Phase::Placement)
      throw InputError(p.where, "placement positions are not solved here");
    if (p.game == Game::Doubles || p.game == Game::HighLow)
      throw InputError(p.where, game_name(p.game) + " positions are not solved yet");
  }
};

Solver::Solver() : impl_(std::make_unique<Impl>()) {}
Solver::~Solver() = default;

Solution Solver::solve(const Position& p) {
  impl_->check(p);
  return impl_->solitaire_for(p).solve(p);
}

int Solver::value(const Position& p) {
  impl_->check(p);
  return impl_->solitaire_for(p).value(p);
}

std::vector<MoveValue> Solver::moves(const Position& p) {
  impl_->check(p);
  return impl_->solitaire_for(p).moves(p);
}

void Solver::set_oracle(const Oracle* oracle) {
  impl_->solitaire.set_oracle(oracle);
  impl_->singles.set_oracle(oracle);
}

uint64_t Solver::nodes() const { return impl_->solitaire.nodes() + impl_->singles.nodes(); }

}  // namespace scarney
