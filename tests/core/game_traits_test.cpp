// The per-game traits (games/game.h), the results in words (games/result.h)
// and the facts the page reads (games/game_facts.h), each checked against
// the book's rules and, where the rules kernel can say it, against the
// rules themselves (games/rules.h).
#include <algorithm>
#include <catch2/catch.hpp>

#include "games/game.h"
#include "games/game_facts.h"
#include "games/result.h"
#include "games/rules.h"
#include "test_util.h"

using namespace scarney;
using scarney::test::board_of;

namespace {

// The games for which `has` holds.
template <class F>
std::vector<Game> games_where(F has) {
  std::vector<Game> out;
  for (Game g : kGames)
    if (has(g)) out.push_back(g);
  return out;
}

using G = std::vector<Game>;

}  // namespace

TEST_CASE("traits: each game is what the book says", "[games][traits]") {
  const auto t = [](auto field) { return games_where([&](Game g) { return field(traits(g)); }); };
  // Only Solitaire is played alone: no placement, no match.
  CHECK(t([](const GameTraits& x) { return !x.placement && !x.matches; }) == G{Game::Solitaire});
  CHECK(t([](const GameTraits& x) { return x.matches; }) ==
        G{Game::Singles, Game::Doubles, Game::HighLow});
  CHECK(t([](const GameTraits& x) { return x.placement; }) ==
        G{Game::Singles, Game::Doubles, Game::HighLow});
  // Two sides on the board, A and B: Doubles and High-Low (Singles is one
  // player's score, whoever places the pawns).
  CHECK(t([](const GameTraits& x) { return x.two_player; }) == G{Game::Doubles, Game::HighLow});
  CHECK(t([](const GameTraits& x) { return x.scored; }) == G{Game::Solitaire, Game::Singles});
  CHECK(t([](const GameTraits& x) { return x.calls_scarney; }) == G{Game::Singles});
  CHECK(t([](const GameTraits& x) { return x.sweep; }) == G{Game::Doubles});
  CHECK(t([](const GameTraits& x) { return x.removal; }) == G{Game::HighLow});
  CHECK(t([](const GameTraits& x) { return x.winner_only; }) == G{Game::HighLow});
  // Doubles: the nonstarter makes the first take-off; High-Low: the starter removes first.
  CHECK(t([](const GameTraits& x) { return x.first_after_placement == Side::B; }) ==
        G{Game::Doubles});
  CHECK(std::string(traits(Game::Doubles).first_mover) == "nonstarter");
  CHECK(std::string(traits(Game::HighLow).first_mover) == "starter");
  CHECK(std::string(traits(Game::HighLow).title) == "High-Low Scarney");
  CHECK(std::string(traits(Game::Solitaire).title) == "Scarney Solitaire");
}

TEST_CASE("traits: a score, a margin or a payoff", "[games][traits]") {
  CHECK(value_kind(Game::Solitaire) == ValueKind::Score);
  CHECK(value_kind(Game::Singles) == ValueKind::Score);
  CHECK(value_kind(Game::Doubles) == ValueKind::Margin);
  CHECK(value_kind(Game::HighLow) == ValueKind::Payoff);
  for (Game g : kGames) {
    CHECK(traits(g).scored == (value_kind(g) == ValueKind::Score));
    const std::string word = traits(g).value_word;
    CHECK(word == (value_kind(g) == ValueKind::Score    ? "score"
                   : value_kind(g) == ValueKind::Margin ? "margin"
                                                        : "payoff"));
  }
  CHECK(games_where(value_counts_removed) == G{Game::HighLow});
}

TEST_CASE("traits: whose value, and how many pawns a move takes", "[games][traits]") {
  // Singles: A's score whoever places; the others: the side to move's.
  CHECK(valued_side(Game::Singles, Side::B) == Side::A);
  CHECK(valued_side(Game::Solitaire, Side::A) == Side::A);
  CHECK(valued_side(Game::Doubles, Side::B) == Side::B);
  CHECK(valued_side(Game::HighLow, Side::B) == Side::B);
  CHECK(most_pawns_taken(Game::HighLow) == 3);
  for (Game g : {Game::Solitaire, Game::Singles, Game::Doubles}) CHECK(most_pawns_taken(g) == 1);
}

TEST_CASE("traits: the phases each game has", "[games][traits]") {
  using P = std::vector<Phase>;
  CHECK(game_phases(Game::Solitaire) == P{Phase::TakeOff, Phase::Jump});
  CHECK(game_phases(Game::Singles) == P{Phase::TakeOff, Phase::Jump, Phase::Placement});
  CHECK(game_phases(Game::Doubles) ==
        P{Phase::TakeOff, Phase::TakeOff2, Phase::Jump, Phase::Placement});
  CHECK(game_phases(Game::HighLow) == P{Phase::Removal, Phase::Placement});
}

// The traits agree with the rules kernel on dealt boards.
TEST_CASE("traits: the rules agree", "[games][traits]") {
  SplitMix64 rng(37);
  for (Game g : kGames) {
    CAPTURE(game_name(g));
    const Position start = deal_position(g, random_deal(rng));
    const std::vector<Phase> phases = game_phases(g);
    CHECK(start.phase == phases.front());
    CHECK(std::count(phases.begin(), phases.end(), phase_after_takeoff(g)) == 1);
    bool removes = false, calls = false;
    int most = 0;
    // Down a line of first moves to the end, asking at each position.
    for (Position p = start; !is_over(p);) {
      const std::vector<Move> ms = legal_moves(p);
      for (const Move& m : ms) {
        removes = removes || m.kind == MoveKind::Remove;
        const Position after = play(p, m);
        most = std::max(most, p.board.pawn_count() - after.board.pawn_count());
      }
      calls = calls || can_call(p);
      p = play(p, ms.front());
    }
    CHECK(removes == traits(g).removal);
    CHECK(calls == traits(g).calls_scarney);
    // The most a move takes, over the starts of many deals too (three of a
    // colour in a line are not on every board).
    for (int i = 0; i < 200; ++i) {
      const Position p = deal_position(g, random_deal(rng));
      for (const Move& m : legal_moves(p))
        most = std::max(most, p.board.pawn_count() - play(p, m).board.pawn_count());
    }
    CHECK(most == most_pawns_taken(g));
  }
}

TEST_CASE("results: in words, and on the match sheet", "[games][result]") {
  Position p;
  p.game = Game::Doubles;
  p.phase = Phase::Jump;
  p.board = board_of("G1 on C1, R2 on C16");
  p.removed = {20, 15};  // A, to move, took 20; B 15
  const GameResult d = game_result(p, Side::A);
  CHECK(result_summary(d) == "A 20, B 18: A wins");
  CHECK(result_reason(d) ==
        "No jump is left: B, who moved last, sweeps the 3 spots still on the board.");
  CHECK(sheet_scores(d, std::nullopt) == std::vector<std::optional<int>>{20, 18});
  p.game = Game::HighLow;
  p.phase = Phase::Removal;
  p.board = board_of("B4 on C6");
  p.removed = {10, 12};
  const GameResult h = game_result(p, Side::A);  // B left a black 4: B wins 24
  CHECK(result_summary(h) == "B wins 24 (B4 left, black: doubled)");
  CHECK(sheet_scores(h, std::nullopt) == std::vector<std::optional<int>>{std::nullopt, 24});
  p.game = Game::Solitaire;
  p.phase = Phase::Jump;
  const GameResult s = game_result(p, Side::A);
  CHECK(result_summary(s) == "score 116 (game score 36 + black single-pawn bonus 80): Par game");
  CHECK(result_reason(s).empty());
}

TEST_CASE("facts: every game's, as the page reads them", "[games][facts]") {
  const Json all = games_facts_json();
  REQUIRE(all.size() == 4);
  for (Game g : kGames) {
    const Json& f = all.at(static_cast<size_t>(g));
    CHECK(f == game_facts_json(g));
    CHECK(f["name"] == game_name(g));
    CHECK(f["two_player"] == traits(g).two_player);
    CHECK(f["value"] == traits(g).value_word);
  }
  CHECK(json_text(all.at(3)) ==
        R"({"name":"highlow","title":"High-Low Scarney","label":"High-Low","two_player":true,)"
        R"("matches":true,"placement":true,"phases":["removal","placement"],"value":"payoff",)"
        R"("scored":false,"winner_only":true,"counts_removed":true,"calls_scarney":false,)"
        R"("removal":true,"sweep":false,"first_mover":"starter","first_after_placement":"A"})");
  CHECK(all.at(0)["phases"] == Json{"takeoff", "jump"});
  CHECK(all.at(2)["first_after_placement"] == "B");
}
