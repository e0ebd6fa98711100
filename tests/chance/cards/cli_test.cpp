// The `scarney cards` command: its figures, its JSON, and its errors. Needs
// the built program (the CMake build defines SCARNEY_BINARY).
#include <catch2/catch.hpp>

#ifdef SCARNEY_BINARY

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
