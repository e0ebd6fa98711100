// The benchmark's partial positions (placement/strength.h): one exact search
// for the best value, then a placement's value found when the engine chooses
// it. Both must agree with the full positions, every placement valued.
#include "placement/strength.h"

#include <algorithm>
#include <catch2/catch.hpp>

#include "placement/random_placement.h"

using namespace scarney;

namespace {

const PlacementMoveValue& listed(const StrengthPosition& p, const PlacementMove& m) {
  const auto it = std::find_if(p.moves.begin(), p.moves.end(),
                               [&](const PlacementMoveValue& v) { return v.move == m; });
  REQUIRE(it != p.moves.end());
  return *it;
}

}  // namespace

TEST_CASE("strength: each placement's exact value as every placement's search gives it",
          "[strength]") {
  // 1 left: the full board's own rule says who moves first (Doubles: the
  // nonstarter, who placed last); 4 and 5: either side to place.
  for (Game g : {Game::Singles, Game::Doubles, Game::HighLow})
    for (int left : {1, 4, 5})
      for (uint64_t i = 0; i < 2; ++i) {
        const PlacementState s = random_placement(g, left, 3, i);
        const StrengthPosition full = exact_strength_position(s);
        CAPTURE(game_name(g), left, i);
        REQUIRE(!full.partial);
        for (const PlacementMoveValue& m : full.moves)
          CHECK(exact_placement_value(s, m.move) == m.value);
        const StrengthPosition best = best_strength_position(s);
        REQUIRE(best.partial);
        REQUIRE(best.moves.size() == 1);
        CHECK(best.moves[0].value == full.moves.front().value);
        CHECK(listed(full, best.moves[0].move).value == full.moves.front().value);
      }
}

TEST_CASE("strength: a partial position measures the engine as the full one does", "[strength]") {
  // One placement deep on two completions: an engine that often misses.
  PlacementOptions engine;
  engine.depth = 1;
  engine.samples = 2;
  int solved_now = 0, missed = 0;
  for (Game g : {Game::Singles, Game::Doubles, Game::HighLow})
    for (uint64_t i = 0; i < 4; ++i) {
      const PlacementState s = random_placement(g, 6, 5, i);
      const StrengthSample full = measure_engine(exact_strength_position(s), engine);
      const StrengthSample part = measure_engine(best_strength_position(s), engine);
      CAPTURE(game_name(g), i, full.chosen);
      CHECK(part.chosen == full.chosen);
      CHECK(part.best == full.best);
      CHECK(part.chosen_value == full.chosen_value);
      CHECK(part.loss == full.loss);
      CHECK(part.optimal == full.optimal);
      CHECK(part.error == full.error);
      CHECK(part.still_wins == full.still_wins);
      CHECK_FALSE(full.valued_now);
      solved_now += part.valued_now;
      missed += !full.optimal;
    }
  // The positions exercise both paths: placements solved now, and misses.
  CHECK(solved_now > 0);
  CHECK(missed > 0);
}
