#include <catch2/catch.hpp>
#include <vector>

#include "games/deal.h"
#include "search/solver.h"
#include "stats/deal_outcome.h"
#include "stats/progress.h"
#include "stats/runner.h"
#include "stats/tally.h"

using namespace scarney;

namespace {
struct Delivered {
  std::vector<uint64_t> deals;
  std::vector<DealOutcome> outcomes;
  std::vector<Board> boards;
};

Delivered run(Game g, uint64_t seed, uint64_t n, int threads,
              const std::atomic<bool>* stop = nullptr,
              std::function<void(uint64_t)> each = nullptr) {
  Delivered d;
  RunOptions o;
  o.game = g;
  o.seed = seed;
  o.deals = n;
  o.threads = threads;
  o.stop = stop;
  RunCallbacks cb;
  cb.on_deal = [&](uint64_t i, const Board& b, const DealOutcome& out) {
    d.deals.push_back(i);
    d.outcomes.push_back(out);
    d.boards.push_back(b);
    if (each) each(i);
  };
  const uint64_t k = run_deals(o, cb);
  CHECK(k == d.deals.size());
  return d;
}
}  // namespace

TEST_CASE("the runner solves deal i of the seed, in deal order, on any thread count", "[stats]") {
  const uint64_t n = 37;
  const Delivered one = run(Game::Solitaire, 5, n, 1);
  const Delivered three = run(Game::Solitaire, 5, n, 3);
  REQUIRE(one.deals.size() == n);
  REQUIRE(three.deals.size() == n);
  Solver solver;
  for (uint64_t i = 0; i < n; ++i) {
    CHECK(one.deals[i] == i);
    CHECK(three.deals[i] == i);
    CHECK(one.boards[i] == deal(5, i));
    CHECK(three.boards[i] == deal(5, i));
    const int expect = solver.value(deal_position(Game::Solitaire, deal(5, i)));
    CHECK(one.outcomes[i].value == expect);
    CHECK(three.outcomes[i].value == expect);
  }
}

TEST_CASE("Singles deals carry the Solitaire result for the early-call comparison", "[stats]") {
  const Delivered d = run(Game::Singles, 11, 24, 2);
  REQUIRE(d.deals.size() == 24);
  Solver solver;
  for (size_t i = 0; i < d.deals.size(); ++i) {
    Position p = deal_position(Game::Singles, deal(11, i));
    CHECK(p.phase == Phase::TakeOff);
    CHECK(d.outcomes[i].value == solver.value(p));
    p.game = Game::Solitaire;
    CHECK(d.outcomes[i].solitaire == solver.value(p));
    CHECK(d.outcomes[i].value >= d.outcomes[i].solitaire);  // calling is only an option
  }
}

TEST_CASE("a stop delivers exactly the finished prefix", "[stats]") {
  std::atomic<bool> stop{true};
  CHECK(run(Game::Solitaire, 1, 50, 2, &stop).deals.empty());
  for (int threads : {1, 2, 4}) {
    std::atomic<bool> later{false};
    const Delivered d = run(Game::Solitaire, 1, 5000, threads, &later, [&](uint64_t i) {
      if (i == 9) later = true;
    });
    INFO("threads " << threads);
    CHECK(d.deals.size() >= 10);
    CHECK(d.deals.size() < 5000);
    for (size_t i = 0; i < d.deals.size(); ++i) CHECK(d.deals[i] == i);
  }
}

TEST_CASE("the tally counts values and keeps the lowest deal among tied extremes", "[stats]") {
  Tally t(Game::Solitaire);
  const int values[] = {40, 90, 12, 90, 12, 55};
  for (uint64_t i = 0; i < 6; ++i) t.add(i, DealOutcome{values[i], 0, false});
  CHECK(t.deals == 6);
  CHECK(t.best.value == 90);
  CHECK(t.best.deal == 1);
  CHECK(t.worst.value == 12);
  CHECK(t.worst.deal == 2);
  CHECK(t.headline == Histogram{{12, 2}, {40, 1}, {55, 1}, {90, 2}});

  Tally h(Game::HighLow);
  h.add(0, DealOutcome{21, 0, true});
  h.add(1, DealOutcome{-30, 0, false});
  h.add(2, DealOutcome{-7, 0, false});
  CHECK(h.headline == Histogram{{7, 1}, {21, 1}, {30, 1}});  // the winner's score
  CHECK(h.starter_won == Histogram{{21, 1}});
  CHECK(h.second_won == Histogram{{7, 1}, {30, 1}});
  CHECK(h.worst.deal == 1);

  Tally s(Game::Singles);
  s.add(0, DealOutcome{60, 45, false});
  s.add(1, DealOutcome{30, 30, false});
  CHECK(s.call_gain == Histogram{{0, 1}, {15, 1}});
}

TEST_CASE("Doubles and High-Low deals are solved from the first take-off and removal", "[stats]") {
  Solver solver;
  const Delivered doubles = run(Game::Doubles, 2, 12, 2);
  REQUIRE(doubles.deals.size() == 12);
  for (size_t i = 0; i < 12; ++i) {
    const Position p = deal_position(Game::Doubles, deal(2, i));
    CHECK(p.phase == Phase::TakeOff);
    CHECK(doubles.outcomes[i].value == solver.value(p));
  }
  const Delivered highlow = run(Game::HighLow, 2, 6, 2);
  REQUIRE(highlow.deals.size() == 6);
  for (size_t i = 0; i < 6; ++i) {
    const Position p = deal_position(Game::HighLow, deal(2, i));
    CHECK(p.phase == Phase::Removal);
    const Solution s = solver.solve(p);
    CHECK(highlow.outcomes[i].value == s.value);
    REQUIRE(s.to_move_wins);
    CHECK(highlow.outcomes[i].starter_wins == *s.to_move_wins);
    CHECK(s.value != 0);  // both sides remove pawns, so the winner always scores
    CHECK((s.value > 0) == *s.to_move_wins);
  }
}

TEST_CASE("progress in a log: a line when the count moved, else one every ten minutes", "[stats]") {
  using std::chrono::minutes;
  using std::chrono::seconds;
  CHECK_FALSE(plain_line_due(seconds(9), true));
  CHECK(plain_line_due(seconds(10), true));
  CHECK_FALSE(plain_line_due(seconds(10), false));
  CHECK_FALSE(plain_line_due(minutes(9), false));
  CHECK(plain_line_due(minutes(10), false));
  CHECK(format_duration(725) == "12m05s");
  CHECK(progress_line(1, 4, 2, "frontier positions").find(" 25.0%  1/4 frontier positions") !=
        std::string::npos);
}
