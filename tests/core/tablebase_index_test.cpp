#include <catch2/catch.hpp>
#include <set>

#include "board/symmetry.h"
#include "games/rules.h"
#include "games/scoring.h"
#include "tablebase/checksum.h"
#include "tablebase/indexing.h"
#include "test_util.h"

using namespace scarney;
using namespace scarney::tablebase;

namespace {

// b with its colours permuted (perm[c] = new colour of colour c).
Board recolour(const Board& b, const std::array<int, 4>& perm) {
  Board r;
  for (Circle c : circles(b.occupied())) {
    const Pawn p = b.pawn_on(c);
    r.place(static_cast<Pawn>(perm[p >> 2] * 4 + (p & 3)), c);
  }
  return r;
}

std::vector<std::array<int, 4>> perms(ColourGroup g) {
  std::vector<std::array<int, 4>> out;
  std::array<int, 4> p{0, 1, 2, 3};
  do
    if (g == ColourGroup::AllFour || p[0] == 0) out.push_back(p);
  while (std::next_permutation(p.begin(), p.end()));
  return out;
}

}  // namespace

TEST_CASE("xxh64 matches the reference values", "[tablebase][checksum]") {
  CHECK(xxh64("", 0) == 0xEF46DB3751D8E999ull);
  CHECK(xxh64("abc", 3) == 0x44BC2CF5AD770999ull);
  // Long inputs go through the 32-byte stripes; one flipped bit changes the sum.
  std::string s(1000, 'x');
  const uint64_t h = xxh64(s.data(), s.size());
  s[500] ^= 1;
  CHECK(xxh64(s.data(), s.size()) != h);
}

TEST_CASE("index and board_at round-trip, and symmetric positions share an index",
          "[tablebase][index]") {
  SplitMix64 rng(7);
  for (ColourGroup g : {ColourGroup::RedYellowGreen, ColourGroup::AllFour}) {
    for (int n = 1; n <= 8; ++n) {
      const Indexer ix(g, n);
      for (int k = 0; k < 200; ++k) {
        const Board b = test::random_board(rng, n);
        const uint64_t i = ix.index(b);
        REQUIRE(i < ix.entries());
        const Board c = ix.board_at(i);
        REQUIRE(c.pawn_count() == n);
        CHECK(ix.index(c) == i);
        CHECK(ix.canonical(i));
        // c is an image of b, and every image of b has the same index.
        bool found = false;
        for (int s = 0; s < kSymmetries; ++s)
          for (const auto& p : perms(g)) {
            const Board img = recolour(transform(b, s), p);
            CHECK(ix.index(img) == i);
            found |= img == c;
          }
        CHECK(found);
        // Any index unranks to a position of the right material class.
        const uint64_t j = rng.below(ix.entries());
        const Board d = ix.board_at(j);
        CHECK(d.pawn_count() == n);
        CHECK(ix.index(d) / ix.per_material() == j / ix.per_material());
        CHECK(material_class(g, d.material()).ordinal == j / ix.per_material());
      }
    }
  }
}

TEST_CASE("the canonical indexes are exactly the orbits of positions", "[tablebase][index]") {
  // Every position of two pawns, ranked: the distinct indexes are the
  // canonical ones, so the ranking is perfect on the orbits.
  for (ColourGroup g : {ColourGroup::RedYellowGreen, ColourGroup::AllFour}) {
    const Indexer ix(g, 2);
    std::set<uint64_t> seen;
    for (int p = 0; p < kPawns; ++p)
      for (int q = p + 1; q < kPawns; ++q)
        for (int a = 0; a < kCircles; ++a)
          for (int b = 0; b < kCircles; ++b) {
            if (a == b) continue;
            Board board;
            board.place(static_cast<Pawn>(p), static_cast<Circle>(a));
            board.place(static_cast<Pawn>(q), static_cast<Circle>(b));
            seen.insert(ix.index(board));
          }
    uint64_t canonical = 0;
    for (uint64_t i = 0; i < ix.entries(); ++i) canonical += ix.canonical(i);
    CHECK(seen.size() == canonical);
    for (uint64_t i : seen) CHECK(ix.canonical(i));
  }
  // Sizes: canonical materials times 3 orbits times P(15, n-1).
  CHECK(canonical_materials(ColourGroup::RedYellowGreen, 1).size() == 8);  // B1..B4, R1..R4
  CHECK(canonical_materials(ColourGroup::AllFour, 1).size() == 4);
  CHECK(Indexer(ColourGroup::AllFour, 1).entries() == 12);
  CHECK(Indexer(ColourGroup::RedYellowGreen, 3).per_material() == 3 * 15 * 14);
}
