// What a checked proof's top says of the positions on it
// (placement/proven_top.h): the winner everywhere on it, the winner's
// choice at his turns (checked by the exact search), images under a
// relabelling answered as their originals, nothing claimed elsewhere.
#include "placement/proven_top.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "placement/frontier_solve.h"
#include "placement/placement_solver.h"
#include "placement/proof_top.h"
#include "placement/random_placement.h"
#include "proof/certificate.h"
#include "test_util.h"

using namespace scarney;

namespace {

constexpr int kRootLeft = 8, kFrontier = 6;

// A proof of an 8-left High-Low position cut at 6 left: its top's bytes.
std::string proof_top(const PlacementState& root, const std::string& dir) {
  ProofTopOptions o;
  o.frontier = kFrontier;
  o.dir = dir;
  ProofTop top(root, o);
  for (int round = 0; !top.evaluate(); ++round) {
    REQUIRE(round < 10);
    solve_frontier(top.pending(), dir, {});
  }
  return top.certificate();
}

bool mover_is(const PlacementState& s, Side side) {
  return (s.to_move() == Placer::A) == (side == Side::A);
}

// Walks the top from s: at the winner's turns his choice, which the exact
// search confirms wins; at the loser's every placement; each position
// answered with the proof's winner. Counts the positions seen.
int walk(const ProvenTop& top, const PlacementState& s, PlacementSolver& exact) {
  INFO(placement_line(s.board) << " hands " << hands_text(s));
  const auto here = top.find(s);
  REQUIRE(here);
  CHECK(here->winner == top.winner());
  if (s.pawns_left() == kFrontier) {
    CHECK_FALSE(here->winning);  // the frontier's certificate holds the rest
    return 1;
  }
  const std::vector<PlacementMove> moves = placement_moves(s);
  if (!mover_is(s, top.winner())) {
    CHECK_FALSE(here->winning);
    int seen = 1;
    for (const PlacementMove& m : moves) seen += walk(top, play(s, m), exact);
    return seen;
  }
  REQUIRE(here->winning);
  REQUIRE(std::find(moves.begin(), moves.end(), *here->winning) != moves.end());
  const PlacementState after = play(s, *here->winning);
  // The winner's choice keeps it won: the opponent, to place, loses.
  CHECK_FALSE(*exact.solve(after).to_move_wins);
  return 1 + walk(top, after, exact);
}

}  // namespace

TEST_CASE("proven top: every position on a proof's top, the winner's choice wins",
          "[proof][proven]") {
  const auto dir = test::scratch_dir("proven-top", "walk");
  const PlacementState root = random_placement(Game::HighLow, kRootLeft, 1, 0);
  const std::string bytes = proof_top(root, dir.string());
  const ProvenTop top = ProvenTop::from_certificate(parse_certificate(bytes, "top.cert"));
  PlacementOptions o;
  o.winner_only = true;
  PlacementSolver exact(o);
  // The claim is the exact search's.
  CHECK(*exact.solve(root).to_move_wins == mover_is(root, top.winner()));
  CHECK(walk(top, root, exact) > 20);
  CHECK(top.positions() > 1);

  // An image of the root under a relabelling: the same winner, the image
  // of the winner's choice.
  const Relabel r{3, {0, 2, 3, 1}};
  const PlacementState image = relabel(root, r);
  REQUIRE(image != root);
  const auto at_root = top.find(root), at_image = top.find(image);
  REQUIRE(at_image);
  CHECK(at_image->winner == at_root->winner);
  CHECK(at_image->winning.has_value() == at_root->winning.has_value());
  if (at_root->winning) CHECK(*at_image->winning == relabel(*at_root->winning, r));

  // Nothing is claimed off the top, nor of another game.
  CHECK_FALSE(top.find(random_placement(Game::HighLow, kRootLeft, 1, 1)));
  CHECK_FALSE(top.find(random_placement(Game::HighLow, kRootLeft - 1, 2, 0)));
  PlacementState singles = root;
  singles.game = Game::Singles;
  CHECK_FALSE(top.find(singles));
  std::filesystem::remove_all(dir);
}

TEST_CASE("proven top: a certificate that is no valid proof is refused, named", "[proof][proven]") {
  CertificateHeader h;
  h.root = random_placement(Game::HighLow, kRootLeft, 1, 0).board;
  h.a_colours = random_placement(Game::HighLow, kRootLeft, 1, 0).a_colours;
  // A body that ends where the root's record should be.
  const Certificate bad = certificate_with_body(h, "");
  try {
    (void)ProvenTop::from_certificate(bad);
    FAIL("accepted");
  } catch (const InputError& e) {
    CHECK(test::has(e.what(), "not a valid proof"));
  }
}

TEST_CASE("proven top: the committed top is compiled in exactly when certified",
          "[proof][proven]") {
  // Certified: data/highlow-proof/top.cert is there and every share of its
  // certify is reported valid (tools/proof_certified.cmake, tested apart).
  CHECK((committed_proof() != nullptr) == (SCARNEY_PROOF_CERTIFIED == 1));
  const std::string path = SCARNEY_SOURCE_DIR "/data/highlow-proof/top.cert";
  if (!std::filesystem::exists(path)) {
    CHECK(committed_proof() == nullptr);
    return;
  }
  // What is compiled in is the committed file's proof.
  const ProvenTop file = ProvenTop::from_file(path);
  CHECK(file.positions() > 0);
  if (const ProvenTop* top = committed_proof()) {
    CHECK(top->winner() == file.winner());
    CHECK(top->positions() == file.positions());
    // It answers the empty board: its winner, and if that is A (who
    // chooses), one of his six colour choices.
    const PlacementState empty{Game::HighLow, Board{}, 0};
    const auto p = top->find(empty);
    REQUIRE(p);
    CHECK(p->winner == top->winner());
    CHECK(p->winning.has_value() == (p->winner == Side::A));
    if (p->winning) {
      const auto choices = placement_moves(empty);
      CHECK(choices.size() == 6);
      CHECK(std::find(choices.begin(), choices.end(), *p->winning) != choices.end());
    }
  }
}
