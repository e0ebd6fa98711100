// The `scarney cards` command: its figures, its JSON, and its errors. Needs
// the built program (the CMake build defines SCARNEY_BINARY).
#include <catch2/catch.hpp>

#ifdef SCARNEY_BINARY

#include <cmath>
#include <nlohmann/json.hpp>
#include <sstream>

#include "scarney_run.h"

using scarney::test::has;
using scarney::test::Run;
using scarney::test::scarney_output;

TEST_CASE("scarney cards baccarat", "[cards][cli]") {
  const Run json = scarney_output("cards baccarat --json");
  CHECK(json.status == 0);
  CHECK(has(json.out,
            "{\"game\": \"baccarat\", \"decks\": 8, \"deals\": 4998398275503360, "
            "\"banker_wins\": 2292252566437888, \"player_wins\": 2230518282592256, "
            "\"ties\": 475627426473216, "));
  const Run text = scarney_output("cards baccarat");
  CHECK(text.status == 0);
  CHECK(has(text.out, "-1.0579%"));
}

TEST_CASE("scarney cards chemin-de-fer", "[cards][cli]") {
  const Run json = scarney_output("cards chemin-de-fer --json");
  CHECK(json.status == 0);
  CHECK(has(json.out, "\"player_draws_on_5_exact\": \"7631761/9407656\""));
  CHECK(has(json.out,
            "{\"player_5\": \"stand\", \"banker_3_vs_9\": \"stand\", \"banker_5_vs_4\": \"stand\", "
            "\"banker\": 0.4615987138"));
  const Run text = scarney_output("cards chemin-de-fer");
  CHECK(text.status == 0);
  CHECK(has(text.out, "banker 6, player stood: draw with chance 0.378770"));
}

TEST_CASE("scarney cards blackjack", "[cards][cli]") {
  const Run hand = scarney_output("cards blackjack --hand A,7 --up 9 --json");
  CHECK(hand.status == 0);
  CHECK(has(hand.out, "\"hand\": \"A,7\", \"total\": 18, \"soft\": true, \"upcard\": \"9\""));
  CHECK(has(hand.out, "\"best\": \"hit\", \"basic_strategy\": \"hit\""));
  const Run table = scarney_output("cards blackjack --max-hands 1 --json");
  CHECK(table.status == 0);
  CHECK(has(table.out, "\"max_hands\": 1"));
  CHECK(has(table.out, "\"expectation\": -0.0091"));
  CHECK(has(table.out,
            "\"12\": [\"H\", \"H\", \"S\", \"S\", \"S\", \"H\", \"H\", \"H\", \"H\", \"H\"]"));
}

// Each upcard's row of the dealer table is one distribution: natural, 17 to
// 21 and bust, all off the top, sum to 1 (the natural column once was
// unconditional beside totals given no natural: 1.077 for a ten, 1.309 for
// an ace).
TEST_CASE("scarney cards blackjack: each dealer row sums to 1", "[cards][cli]") {
  const Run json = scarney_output("cards blackjack --max-hands 1 --json");
  REQUIRE(json.status == 0);
  const auto dealer = nlohmann::json::parse(json.out).at("dealer_final_hand");
  REQUIRE(dealer.size() == 10);
  for (const auto& [up, row] : dealer.items()) {
    INFO(up);
    double sum = 0;
    for (const std::string key : {"natural", "17", "18", "19", "20", "21", "bust"})
      sum += row.at(key).get<double>();
    CHECK(std::abs(sum - 1) < 1e-9);
    CHECK(row.size() == 7);
  }
  // The text table says so and adds up too (to its five decimals).
  const Run text = scarney_output("cards blackjack --max-hands 1");
  REQUIRE(text.status == 0);
  CHECK(has(text.out, "each row sums to 1"));
  std::istringstream in(text.out.substr(text.out.find("each row sums to 1")));
  std::string line;
  std::getline(in, line);  // the heading
  std::getline(in, line);  // the column names
  for (int i = 0; i < 10 && std::getline(in, line); ++i) {
    INFO(line);
    std::istringstream cells(line);
    std::string up;
    double x, sum = 0;
    cells >> up;
    int n = 0;
    while (cells >> x) sum += x, ++n;
    CHECK(n == 7);
    CHECK(std::abs(sum - 1) < 4e-5);
  }
}

TEST_CASE("scarney cards: bad input exits 2", "[cards][cli]") {
  CHECK(scarney_output("cards blackjack --decks 0").status == 2);
  CHECK(scarney_output("cards blackjack --max-hands 9").status == 2);
  CHECK(scarney_output("cards blackjack --payout -1").status == 2);
  CHECK(scarney_output("cards blackjack --hand A,7").status == 2);
  CHECK(scarney_output("cards blackjack --hand A,X --up 9").status == 2);
  CHECK(scarney_output("cards blackjack --hand A,7 --up 11").status == 2);
  CHECK(scarney_output("cards blackjack --decks 1 --hand A,A,A,A,A --up 2").status == 2);
  CHECK(scarney_output("cards chemin-de-fer --decks 9").status == 2);
  CHECK(scarney_output("cards baccarat --decks x").status == 2);
  CHECK(scarney_output("cards").status == 2);
}

#endif  // SCARNEY_BINARY
