// The `scarney dice` command: its figures, its JSON, and its errors.
#include "scarney_run.h"

using scarney::test::has;
using scarney::test::Run;
using scarney::test::scarney_output;

TEST_CASE("scarney dice chemin-de-fer", "[dice][cli]") {
  const Run table = scarney_output("dice chemin-de-fer");
  CHECK(table.status == 0);
  CHECK(has(table.out, "197684633705/446308403328"));
  CHECK(has(table.out, "The game is even"));
  const Run json = scarney_output("dice chemin-de-fer --json --players 3");
  CHECK(json.status == 0);
  CHECK(json.out.front() == '{');
  CHECK(has(json.out, "\"player_expectation\":{\"value\":0,\"exact\":\"0/1\"}"));
  CHECK(has(json.out, "\"exact\":\"11/18\""));
  CHECK(has(json.out, "\"exact\":\"132503503/1632586752\""));  // a tie among three
}

TEST_CASE("scarney dice pie-eyed and heaven-and-nine", "[dice][cli]") {
  const Run pie = scarney_output("dice pie-eyed --json --players 2");
  CHECK(pie.status == 0);
  CHECK(has(pie.out, "\"exact\":\"2476099/14348907\""));
  CHECK(has(pie.out, "\"exact\":\"9/17\""));
  const Run heaven = scarney_output("dice heaven-and-nine --json");
  CHECK(heaven.status == 0);
  CHECK(has(heaven.out, "\"banker_edge\":{\"value\":0.01145833333,\"exact\":\"11/960\"}"));
  const Run table = scarney_output("dice heaven-and-nine");
  CHECK(table.status == 0);
  CHECK(has(table.out, "1.146%"));
}

TEST_CASE("scarney dice --simulate prints simulated figures", "[dice][cli]") {
  const Run sim = scarney_output("dice heaven-and-nine --json --simulate 2000 --seed 42");
  CHECK(sim.status == 0);
  CHECK(has(sim.out, "\"simulated\":"));
  CHECK(has(sim.out, "\"simulation\":{\"rounds\":2000,\"seed\":\"42\"}"));
  CHECK(scarney_output("dice heaven-and-nine --json --simulate 2000 --seed 42").out == sim.out);
  const Run table = scarney_output("dice chemin-de-fer --simulate 1000");
  CHECK(table.status == 0);
  CHECK(has(table.out, "Simulated"));
}

TEST_CASE("scarney dice refuses bad input with status 2", "[dice][cli]") {
  CHECK(scarney_output("dice chemin-de-fer --players 1").status == 2);
  CHECK(scarney_output("dice pie-eyed --players 0").status == 2);
  CHECK(scarney_output("dice heaven-and-nine --players many").status == 2);
  CHECK(scarney_output("dice heaven-and-nine --simulate -5").status == 2);
  CHECK(scarney_output("dice heaven-and-nine --seed -1").status == 2);
  CHECK(scarney_output("dice roulette").status == 2);
  CHECK(scarney_output("dice").status == 2);
}
