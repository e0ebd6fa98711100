// The bench sets' signatures, pinned: issue 22 asks that speed-ups leave
// the values, lines and node counts of positions exact today unchanged, and
// equal node counts are the sign that the search is the same. A change that
// alters the search on purpose updates these figures and says so (docs).
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "games/position_file.h"
#include "search/bench_runner.h"

using namespace scarney;

namespace {
BenchSignature signature_of(const std::string& name, BenchPass pass) {
  std::vector<Position> positions;
  for (const auto& r :
       read_position_file(std::string(SCARNEY_SOURCE_DIR) + "/positions/bench/" + name))
    positions.push_back(r.position);
  return bench_signature(positions, pass);
}
}  // namespace

TEST_CASE("bench: the Solitaire and Doubles sets keep their values and node counts", "[bench]") {
  const BenchSignature solitaire = signature_of("solitaire-1000.scarney", BenchPass::Value);
  CHECK(solitaire.positions == 1000);
  CHECK(solitaire.checksum == 123587);
  CHECK(solitaire.nodes == 189004);
  const BenchSignature doubles = signature_of("doubles-200.scarney", BenchPass::Value);
  CHECK(doubles.positions == 200);
  CHECK(doubles.checksum == -1762);
  CHECK(doubles.nodes == 232023);
}

TEST_CASE("bench: the High-Low set keeps its winners and node counts", "[bench]") {
  const BenchSignature search = signature_of("highlow-200.scarney", BenchPass::WinnerSearch);
  CHECK(search.checksum == 140);
  CHECK(search.nodes == 3590733);
  const BenchSignature pass = signature_of("highlow-200.scarney", BenchPass::WinnerPass);
  CHECK(pass.checksum == 140);
  CHECK(pass.nodes == 13107200);
}
