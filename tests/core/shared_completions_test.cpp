// Completions shared between positions (placement/random_completions.h):
// each position's are uniform completions of it, and two sibling
// placements get completions that differ by a swap or two.
#include <algorithm>
#include <catch2/catch.hpp>
#include <map>
#include <vector>

#include "placement/placement_move.h"
#include "placement/random_completions.h"
#include "placement/random_placement.h"

using namespace scarney;

namespace {

// Where each pawn of the hands went in a completion of s, as a key.
uint64_t placements_of(const PlacementState& s, const Board& full) {
  uint64_t key = 0;
  const uint16_t in_hand = s.hand(Placer::A) | s.hand(Placer::B);
  for (Pawn p = 0; p < kPawns; ++p)
    if (in_hand >> p & 1) key = key * 16 + *full.circle_of(p);
  return key;
}

// The hand pawns two completions put on different circles.
int pawns_moved(const PlacementState& s, const Board& x, const Board& y) {
  int n = 0;
  const uint16_t in_hand = s.hand(Placer::A) | s.hand(Placer::B);
  for (Pawn p = 0; p < kPawns; ++p)
    if (in_hand >> p & 1 && x.circle_of(p) != y.circle_of(p)) ++n;
  return n;
}

}  // namespace

TEST_CASE("shared completions keep the position and fill every empty circle",
          "[placement][estimate]") {
  for (Game g : {Game::Singles, Game::Doubles, Game::HighLow})
    for (int left : {1, 5, 11, 15}) {
      const PlacementState s = random_placement(g, left, 3, static_cast<uint64_t>(left));
      for (int i = 0; i < 50; ++i) {
        const Board b = shared_completion(s, 9, i);
        CAPTURE(g, left, i);
        REQUIRE(b.pawn_count() == kPawns);
        for (Circle c : circles(s.board.occupied())) REQUIRE(b.pawn_on(c) == s.board.pawn_on(c));
      }
    }
}

TEST_CASE("shared completions of a position are uniform", "[placement][estimate]") {
  // Four pawns left: 4! = 24 completions, each about 1/24 of 24,000.
  const PlacementState s = random_placement(Game::Singles, 4, 5, 2);
  std::map<uint64_t, int> seen;
  const int n = 24000;
  for (int i = 0; i < n; ++i) ++seen[placements_of(s, shared_completion(s, 17, i))];
  REQUIRE(seen.size() == 24);
  for (const auto& [key, count] : seen) {
    CAPTURE(key);
    // 1,000 expected; the standard deviation is about 31.
    CHECK(count > 850);
    CHECK(count < 1150);
  }
}

TEST_CASE("shared completions of two sibling placements differ by a few pawns",
          "[placement][estimate]") {
  // The point of sharing: the i-th completions of siblings nearly agree
  // (each-board draws would agree on about one pawn in the hands).
  const PlacementState s = random_placement(Game::Singles, 11, 7, 4);
  const std::vector<PlacementMove> moves = placement_moves(s);
  REQUIRE(moves.size() > 20);
  int most = 0;
  double total = 0;
  int pairs = 0;
  for (size_t a = 0; a < moves.size(); a += 7)
    for (size_t b = a + 1; b < moves.size(); b += 5) {
      const PlacementState x = play(s, moves[a]), y = play(s, moves[b]);
      for (int i = 0; i < 64; ++i) {
        const int moved = pawns_moved(x, shared_completion(x, 3, i), shared_completion(y, 3, i));
        most = std::max(most, moved);
        total += moved;
        ++pairs;
      }
    }
  // Ten pawns still in the hands after either placement.
  CHECK(most <= 4);
  CHECK(total / pairs < 2.5);
  // Different samples are different completions.
  const PlacementState x = play(s, moves[0]);
  CHECK(pawns_moved(x, shared_completion(x, 3, 0), shared_completion(x, 3, 1)) > 3);
}

// The experimental lookahead (lookahead_of_completions): with two pawns
// left every group is one board, so the best group for the next placer is
// the exact value; with groups too large for the samples, the plain mean.
TEST_CASE("the lookahead of completions: exact at two left, the mean without groups",
          "[placement][estimate]") {
  for (Game g : {Game::Singles, Game::Doubles, Game::HighLow})
    for (uint64_t i = 0; i < 6; ++i) {
      const PlacementState s = random_placement(g, 2, 5, i);
      CompleteBoards boards(g);
      const Placer next = s.to_move();
      const Pawn mine = static_cast<Pawn>(__builtin_ctz(s.hand(next)));
      const Pawn theirs =
          static_cast<Pawn>(__builtin_ctz(s.hand(next == Placer::A ? Placer::B : Placer::A)));
      std::vector<int> values;
      std::vector<Circle> empty;
      for (Circle c : circles(s.board.empty())) empty.push_back(c);
      REQUIRE(empty.size() == 2);
      for (int k : {0, 1}) {
        Board b = s.board;
        b.place(mine, empty[k]);
        b.place(theirs, empty[1 - k]);
        values.push_back(boards.value(b));
      }
      const bool a_next = next == Placer::A;
      const int exact = a_next ? std::max(values[0], values[1]) : std::min(values[0], values[1]);
      for (bool shared : {false, true}) {
        INFO(game_name(g) << " position " << i << (shared ? " shared" : " own"));
        CHECK(lookahead_of_completions(s, boards, 40, 9, shared, a_next, 1).mean == exact);
        const double plain = shared ? mean_of_shared_completions(s, boards, 40, 9).mean
                                    : mean_of_random_completions(s, boards, 40, 9).mean;
        CHECK(lookahead_of_completions(s, boards, 40, 9, shared, a_next, 41).mean == plain);
      }
    }
}
