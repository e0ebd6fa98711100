#include "placement/proof_numbers.h"

#include <catch2/catch.hpp>

#include "games/game.h"
#include "placement/complete_boards.h"
#include "placement/placement_solver.h"
#include "placement/random_placement.h"

using namespace scarney;

// df-pn against the alpha-beta search: the same winner on random High-Low
// placement positions, A or B to place, 3 to 8 pawns left, both ε.
TEST_CASE("proof numbers: df-pn finds the High-Low winner the alpha-beta search finds",
          "[placement][highlow][cross-check][long]") {
  PlacementOptions o;
  o.winner_only = true;
  int a_wins = 0, a_loses = 0;
  for (int left = 3; left <= 8; ++left) {
    for (uint64_t i = 0; i < (left <= 6 ? 10u : 3u); ++i) {
      const PlacementState s = random_placement(Game::HighLow, left, 77, i);
      PlacementSolver alpha_beta(o);
      const PlacementSolution sol = alpha_beta.solve(s);
      REQUIRE(sol.to_move_wins.has_value());
      const bool a_wins_ab = *sol.to_move_wins == (s.to_move() == Placer::A);
      for (const double epsilon : {0.0, 2.0}) {
        CompleteBoards boards(Game::HighLow);
        ProofNumberSearch dfpn([&](const Board& b) { return boards.a_wins(b); }, epsilon);
        INFO("left " << left << " position " << i << " epsilon " << epsilon);
        CHECK(dfpn.proves(s) == a_wins_ab);
        CHECK(dfpn.nodes() > 0);
      }
      (a_wins_ab ? a_wins : a_loses)++;
    }
  }
  // Both answers occur, so a search that always said one would fail.
  CHECK(a_wins >= 3);
  CHECK(a_loses >= 3);
}

// The null-window tests of Singles and Doubles: A reaches his exact value
// (as the alpha-beta search gives it) and not one point more.
TEST_CASE("proof numbers: df-pn's null-window tests of Singles and Doubles bracket the value",
          "[placement][cross-check]") {
  for (const Game game : {Game::Singles, Game::Doubles}) {
    for (int left = 3; left <= 6; ++left) {
      for (uint64_t i = 0; i < 4; ++i) {
        const PlacementState s = random_placement(game, left, 91, i);
        PlacementSolver alpha_beta{PlacementOptions{}};
        const double reported = alpha_beta.solve(s).value;
        // Doubles reports the margin of the side to place; A's is wanted.
        const int v = static_cast<int>(
            game == Game::Doubles && s.to_move() == Placer::B ? -reported : reported);
        for (const int t : {v, v + 1}) {
          CompleteBoards boards(game);
          ProofNumberSearch dfpn(
              [&](const Board& b) { return boards.value_within(b, t - 1, t) >= t; });
          INFO(game_name(game) << " left " << left << " position " << i << " t " << t);
          CHECK(dfpn.proves(s) == (t == v));
        }
      }
    }
  }
}
