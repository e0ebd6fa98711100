#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>

#include "board/symmetry.h"
#include "games/rules.h"
#include "search/reference.h"
#include "search/solver.h"
#include "tablebase/builder.h"
#include "tablebase/layer.h"
#include "tablebase/payoff.h"
#include "tablebase/table_file.h"
#include "tablebase/tablebase_set.h"
#include "test_util.h"

using namespace scarney;
using namespace scarney::tablebase;
namespace fs = std::filesystem;

namespace {

// Tables of up to 3 pawns of every kind, built once into a temporary folder.
struct SmallTables {
  std::string dir;
  SmallTables() {
    dir = (fs::temp_directory_path() / ("scarney-tb-build-" + std::to_string(getpid()))).string();
    BuildOptions o;
    o.dir = dir;
    o.max_pawns = 3;
    o.threads = 2;
    for (int k = 0; k < kTableKinds; ++k) build_tables(static_cast<TableKind>(k), o);
  }
  ~SmallTables() {
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
};

const SmallTables& small() {
  static const SmallTables t;
  return t;
}

Position position(Game g, const Board& b) {
  Position p;
  p.game = g;
  p.phase = phase_after_takeoff(g);
  p.board = b;
  return p;
}

// A layer read back whole from its file, as the builder holds it.
std::unique_ptr<Layer> load_layer(const std::string& dir, TableKind k, int n) {
  TableFile f((fs::path(dir) / table_file_name(k, n)).string());
  auto layer = std::make_unique<Layer>(k, n);
  layer->hold_all(f);
  return layer;
}

}  // namespace

TEST_CASE("tables agree with the reference search on random positions",
          "[tablebase][cross-check]") {
  const TablebaseSet set(small().dir);
  for (Game g : {Game::Solitaire, Game::Singles, Game::Doubles, Game::HighLow})
    CHECK(set.max_pawns(g) == 3);
  SplitMix64 rng(5);
  for (int k = 0; k < 600; ++k) {
    const int n = 1 + static_cast<int>(rng.below(3));
    const Board b = test::random_board(rng, n);
    for (Game g : {Game::Solitaire, Game::Singles, Game::Doubles}) {
      const auto v = set.value(g, b);
      REQUIRE(v);
      CHECK(*v == reference_value(position(g, b)));
    }
    // High-Low: the payoff with removed 0 0, with random spots removed, and the winner.
    Position p = position(Game::HighLow, b);
    const int ref = reference_value(p);
    CHECK(set.value(Game::HighLow, b) == ref);
    const bool wins = *set.highlow_wins(b);
    if (n == 1)
      CHECK(wins == (spots_of(b.pawn_on(first(b.occupied()))) <= 2));
    else
      CHECK(wins == (ref > 0));
    const int range = kTotalSpots - b.spots();
    p.removed = {static_cast<int>(rng.below(range + 1)), static_cast<int>(rng.below(range + 1))};
    CHECK(set.highlow_value(b, p.removed[0], p.removed[1]) == reference_value(p));
    CHECK_FALSE(set.highlow_value(b, range + 1, range + 1));
  }
}

TEST_CASE("entries of 4 pawns computed from the layers below agree with the reference",
          "[tablebase][cross-check]") {
  // The layers of 4 and 5 pawns are too many for a fast test; single entries
  // computed from the 1..3-pawn layers (4 pawns) exercise every recurrence,
  // High-Low's three-pawn removals (n-3) included.
  SplitMix64 rng(6);
  for (int k = 0; k < kTableKinds; ++k) {
    const auto kind = static_cast<TableKind>(k);
    Layers layers;
    for (int n = 1; n <= 3; ++n) layers[n] = load_layer(small().dir, kind, n);
    for (int i = 0; i < 150; ++i) {
      const Board b = test::random_board(rng, 4);
      Position p = position(info(kind).game, b);
      const uint64_t e = compute_entry(kind, b, layers);
      const int ref = reference_value(p);
      switch (kind) {
        case TableKind::Solitaire:
        case TableKind::Singles:
          CHECK(static_cast<int>(e) == ref);
          break;
        case TableKind::Doubles:
          CHECK(static_cast<int8_t>(e) == ref);
          break;
        case TableKind::HighLowWins:
          CHECK((e != 0) == (ref > 0));
          break;
        case TableKind::HighLowPayoff: {
          CHECK((payoff_wins(e) ? payoff_f0(e) : -payoff_f0(e)) == ref);
          const int range = kTotalSpots - b.spots();
          p.removed = {static_cast<int>(rng.below(range + 1)),
                       static_cast<int>(rng.below(range + 1))};
          const int f = payoff_at(e, payoff_wins(e) ? p.removed[0] : p.removed[1]);
          CHECK((payoff_wins(e) ? f : -f) == reference_value(p));
          break;
        }
      }
    }
  }
}

TEST_CASE("symmetric positions probe equal", "[tablebase][symmetry]") {
  const TablebaseSet set(small().dir);
  SplitMix64 rng(8);
  for (int k = 0; k < 200; ++k) {
    const Board b = test::random_board(rng, 1 + static_cast<int>(rng.below(3)));
    for (int t = 0; t < kTableKinds; ++t) {
      const auto kind = static_cast<TableKind>(t);
      const auto e = set.entry(kind, b);
      REQUIRE(e);
      for (int s = 1; s < kSymmetries; ++s) CHECK(set.entry(kind, transform(b, s)) == e);
      // Red and yellow swapped: the same in every table.
      Board swapped;
      for (Circle c : circles(b.occupied())) {
        const Pawn p = b.pawn_on(c);
        const int col = p >> 2;
        swapped.place(static_cast<Pawn>((col == 1 ? 2 : col == 2 ? 1 : col) * 4 + (p & 3)), c);
      }
      CHECK(set.entry(kind, swapped) == e);
    }
  }
}

TEST_CASE("the tables never change the solver's answers", "[tablebase][oracle]") {
  const TablebaseSet set(small().dir);
  Solver plain, with_tables;
  with_tables.set_oracle(&set);
  SplitMix64 rng(9);
  for (int k = 0; k < 400; ++k) {
    const Game g = static_cast<Game>(k % 4);
    Position p = position(g, test::random_board(rng, 2 + static_cast<int>(rng.below(9))));
    if (g == Game::HighLow)
      p.removed = {static_cast<int>(rng.below(12)), static_cast<int>(rng.below(12))};
    const int v = plain.value(p);
    CHECK(with_tables.value(p) == v);
    const Solution s = with_tables.solve(p);
    CHECK(s.value == v);
    CHECK(s.to_move_wins == plain.solve(p).to_move_wins);
  }
}

TEST_CASE("a rerun skips finished layers and rebuilds a damaged one", "[tablebase][build]") {
  const std::string dir =
      (fs::temp_directory_path() / ("scarney-tb-rerun-" + std::to_string(getpid()))).string();
  BuildOptions o;
  o.dir = dir;
  o.max_pawns = 2;
  auto first = build_tables(TableKind::Doubles, o);
  REQUIRE(first.size() == 2);
  CHECK_FALSE(first[0].reused);
  auto again = build_tables(TableKind::Doubles, o);
  CHECK(again[0].reused);
  CHECK(again[1].reused);
  // Damage layer 2's last byte (inside the index): it is rebuilt.
  const std::string path = (fs::path(dir) / table_file_name(TableKind::Doubles, 2)).string();
  {
    std::FILE* f = std::fopen(path.c_str(), "r+b");
    REQUIRE(f);
    std::fseek(f, -1, SEEK_END);
    const int c = std::fgetc(f);
    std::fseek(f, -1, SEEK_END);
    std::fputc(c ^ 0xFF, f);
    std::fclose(f);
  }
  auto third = build_tables(TableKind::Doubles, o);
  CHECK(third[0].reused);
  CHECK_FALSE(third[1].reused);
  CHECK_NOTHROW(TableFile(path));
  // A stop request leaves no file for the layer in progress, and no temporary file.
  std::atomic<bool> stop{true};
  o.stop = &stop;
  o.max_pawns = 3;
  CHECK_THROWS_AS(build_tables(TableKind::Doubles, o), BuildInterrupted);
  CHECK_FALSE(fs::exists(fs::path(dir) / table_file_name(TableKind::Doubles, 3)));
  CHECK_FALSE(fs::exists(fs::path(dir) / (table_file_name(TableKind::Doubles, 3) + ".tmp")));
  std::error_code ec;
  fs::remove_all(dir, ec);
}
