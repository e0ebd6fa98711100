// The learned evaluation (placement/value_net.h): its input, its text read
// back to the same values, bad text refused with its place, a fit that
// learns a rule of the board and is the same from the same seed, and the
// search valuing the boards it covers by it.
#include <catch2/catch.hpp>
#include <cmath>

#include "placement/placement_solver.h"
#include "placement/random_placement.h"
#include "placement/value_net_fit.h"

using namespace scarney;

namespace {

// A rule for the fit to learn: 20 points for a black pawn on a corner, 6
// for each pawn in A's hand, 100 to start with.
float rule(const std::array<uint8_t, 16>& where) {
  float v = 100;
  for (int p = 0; p < 4; ++p)  // B1..B4 are pawns 0..3
    if (where[p] == 0 || where[p] == 3 || where[p] == 12 || where[p] == 15) v += 20;
  for (uint8_t w : where) v += w == 16 ? 6 : 0;
  return v;
}

std::vector<NetSample> rule_samples(int count, uint64_t seed) {
  std::vector<NetSample> out;
  for (int i = 0; i < count; ++i) {
    const auto where = net_input(random_placement(Game::Singles, 4 + i % 6, seed, i));
    out.push_back({where, rule(where)});
  }
  return out;
}

// A small, quick fit: layers of h1 and 8, values about mid.
NetFitOptions small_fit(int h1, int epochs, float mid) {
  NetFitOptions o;
  o.h1 = h1;
  o.h2 = 8;
  o.epochs = epochs;
  o.mid = mid;
  o.scale = 20;
  return o;
}

}  // namespace

TEST_CASE("value net: each pawn's circle or hand is its input", "[placement][net]") {
  const PlacementState s = random_placement(Game::Singles, 7, 3, 1);
  const auto where = net_input(s);
  int on_board = 0, in_a = 0, in_b = 0;
  for (Pawn p = 0; p < kPawns; ++p) {
    if (const auto c = s.board.circle_of(p)) {
      CHECK(where[p] == *c);
      ++on_board;
    } else {
      CHECK(where[p] == ((s.hand(Placer::A) >> p & 1) ? 16 : 17));
      (where[p] == 16 ? in_a : in_b) += 1;
    }
  }
  CHECK(on_board == 9);
  CHECK(in_a + in_b == 7);
  CHECK(in_a == std::popcount(s.hand(Placer::A)));
}

TEST_CASE("value net: a fit learns a rule of the board, the same from the same seed",
          "[placement][net]") {
  const auto train = rule_samples(600, 1), test = rule_samples(200, 2);
  NetFitOptions o = small_fit(16, 3, 130);
  o.learning_rate = 0.01;
  const ValueNet a = fit_value_net(Game::Singles, 4, 9, train, test, o);
  // Guessing the mean is off by about 16 points on these samples.
  double mean = 0;
  for (const NetSample& s : test) mean += s.value / static_cast<double>(test.size());
  double guess = 0;
  for (const NetSample& s : test) guess += std::fabs(s.value - mean) / test.size();
  CHECK(guess > 10);
  CHECK(net_mae(a, test) < guess / 4);
  CHECK(net_text(fit_value_net(Game::Singles, 4, 9, train, test, o)) == net_text(a));
  o.seed = 2;
  CHECK(net_text(fit_value_net(Game::Singles, 4, 9, train, test, o)) != net_text(a));
}

TEST_CASE("value net: the Huber loss is pulled less by a few far-off values",
          "[placement][net]") {
  auto train = rule_samples(600, 1);
  for (size_t i = 0; i < train.size(); i += 10) train[i].value += 150;  // one in ten far off
  const auto test = rule_samples(200, 2);
  NetFitOptions o = small_fit(16, 3, 130);
  o.learning_rate = 0.01;
  const ValueNet squared = fit_value_net(Game::Singles, 4, 9, train, test, o);
  o.huber = 2;
  const ValueNet huber = fit_value_net(Game::Singles, 4, 9, train, test, o);
  // The squared error learns the rule plus the far values' mean (15 on
  // average); the Huber loss stays near the rule.
  CHECK(net_mae(huber, test) < net_mae(squared, test) * 0.7);
}

TEST_CASE("value net: the error of searched values adds where their searches stopped",
          "[placement][net]") {
  const auto train = rule_samples(200, 1);
  auto test = rule_samples(120, 2);
  const NetFitOptions o = small_fit(8, 1, 130);
  const ValueNet exact = fit_value_net(Game::Singles, 4, 9, train, test, o);
  for (NetSample& s : test)
    if (pawns_left(s) == 9) s.searched = 2;  // as if searched down to 7 left
  const ValueNet searched = fit_value_net(Game::Singles, 4, 9, train, test, o);
  REQUIRE(exact.error.size() == 6);
  REQUIRE(searched.error.size() == 6);
  for (int left = 4; left <= 8; ++left) CHECK(searched.error_at(left) == exact.error_at(left));
  CHECK(searched.error_at(9) == Approx(exact.error_at(9) + exact.error_at(7)));
  CHECK(exact.error_at(7) > 0);
  CHECK(searched.w1 == exact.w1);  // the test values only measure
}

TEST_CASE("value net: the average of two networks values as their mean", "[placement][net]") {
  const auto train = rule_samples(200, 1), test = rule_samples(60, 2);
  NetFitOptions o = small_fit(8, 1, 130);
  const ValueNet a = fit_value_net(Game::Singles, 4, 9, train, test, o);
  o.seed = 2;
  o.h1 = 16;
  o.mid = 110;  // another middle value: still averaged right
  const ValueNet b = fit_value_net(Game::Singles, 4, 9, train, test, o);
  ValueNet mean = average_nets({a, b});
  CHECK(mean.h1 == 24);
  CHECK(mean.h2 == 16);
  for (int i = 0; i < 30; ++i) {
    const PlacementState s = random_placement(Game::Singles, 4 + i % 6, 5, i);
    CHECK(mean.value(s) == Approx((a.value(s) + b.value(s)) / 2).margin(1e-3));
  }
  measure_net_error(mean, test);
  REQUIRE(mean.error.size() == 6);
  CHECK(mean.error_at(6) > 0);
  o.scale = 10;
  CHECK_THROWS(average_nets({a, fit_value_net(Game::Singles, 4, 9, train, test, o)}));
  CHECK_THROWS(average_nets({a, fit_value_net(Game::Singles, 5, 9, train, test, o)}));
}

TEST_CASE("value net: its text read back gives the same values", "[placement][net]") {
  const NetFitOptions o = small_fit(8, 1, 120);
  const ValueNet a =
      fit_value_net(Game::Singles, 5, 8, rule_samples(100, 1), rule_samples(50, 2), o);
  const std::string text = net_text(a);
  const Expected<ValueNet> b = read_net(text, "net.txt");
  REQUIRE(b.ok());
  CHECK(net_text(*b) == text);
  CHECK(b->min_left == 5);
  CHECK(b->max_left == 8);
  REQUIRE(b->error.size() == 4);
  CHECK(b->error_at(6) == Approx(a.error[1]).margin(0.01));
  for (int i = 0; i < 20; ++i) {
    const PlacementState s = random_placement(Game::Singles, 5 + i % 4, 9, i);
    CHECK(b->covers(s));
    // Weights are kept to 1/4096.
    CHECK(b->value(s) == Approx(a.value(s)).margin(0.05));
  }
  CHECK_FALSE(b->covers(random_placement(Game::Singles, 9, 9, 0)));
  CHECK_FALSE(b->covers(random_placement(Game::Doubles, 6, 9, 0)));
}

TEST_CASE("value net: bad text is refused with its place", "[placement][net]") {
  const auto error = [](const std::string& text) {
    const Expected<ValueNet> n = read_net(text, "net.txt");
    REQUIRE_FALSE(n.ok());
    return std::string(n.error().what());
  };
  CHECK(error("scarney-value-nets 1") == "net.txt:1:1: expected 'scarney-value-net'");
  CHECK(error("scarney-value-net 2 singles") == "net.txt:1:19: format version 1 expected");
  CHECK(error("scarney-value-net 1 chess 4 8 2 2 100 20") ==
        "net.txt:1:21: expected singles, doubles or highlow");
  CHECK(error("scarney-value-net 1 singles 4 8 999 2 100 20") ==
        "net.txt:1:33: the first layer's size must be 8..256");
  CHECK(error("scarney-value-net 1 singles 9 8 8 8 100 20") ==
        "net.txt:1:31: the most pawns left must be 9..16");
  CHECK(error("scarney-value-net 1 singles 4 8 8 12 100 20") ==
        "net.txt:1:35: the second layer's size must be a multiple of 8");
  // A weight that is not a number, on the second line.
  CHECK(error("scarney-value-net 1 singles 4 8 8 8 100 20\nerrors 1") ==
        "net.txt:2:1: expected 'error' and the error at each pawns left");
  CHECK(error("scarney-value-net 1 singles 4 8 8 8 100 20\nerror 1 2 3 4") ==
        "net.txt:2:14: expected an error in hundredths, found ''");
  const std::string head = "scarney-value-net 1 singles 4 8 8 8 100 20\nerror 1 2 3 4 5\n";
  CHECK(error(head + "0 x") == "net.txt:3:3: expected a weight, found 'x'");
  // Too few weights, and too many.
  CHECK(error(head + "0 0") == "net.txt:3:4: expected a weight, found ''");
  std::string full = head;
  // 288 x 8 + 8, 8 x 8 + 8, 8 + 1 weights.
  for (int i = 0; i < kNetInputs * 8 + 8 + 64 + 8 + 8 + 1; ++i) full += "0 ";
  CHECK(read_net(full, "net.txt").ok());
  CHECK(error(head + "inf") == "net.txt:3:1: expected a weight, found 'inf'");
  CHECK(error(full + "0") == "net.txt:3:" + std::to_string(full.size() - head.size() + 1) +
                                 ": expected the end of the network");
}

TEST_CASE("value net: the search values the boards it covers by it", "[placement][net]") {
  // Every board's value is the output's bias: 130 + 20 * 0.5 = 140 for A.
  ValueNet n;
  n.game = Game::Singles;
  n.min_left = 0;
  n.max_left = 9;
  n.mid = 130;
  n.scale = 20;
  n.shape(8, 8);
  n.b3 = 0.5f;
  PlacementOptions o;
  o.depth = 1;
  o.value_net = &n;
  const PlacementState s = random_placement(Game::Singles, 10, 4, 0);
  PlacementSolver solver(o);
  CHECK(solver.solve(s).value == 140);
  for (const PlacementMoveValue& m : solver.moves(s)) CHECK(m.value == 140);
  // Not covered (10 left one placement deep from 11): random completions.
  const PlacementState far = random_placement(Game::Singles, 11, 4, 0);
  CHECK(PlacementSolver(o).solve(far).value != 140);
}
