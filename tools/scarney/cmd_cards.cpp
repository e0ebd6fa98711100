// `scarney cards ...`: the banking card games, analysed exactly over the shoe.
//   cards blackjack      Scarne's Black Jack: basic strategy, expectation, one hand's options
//   cards chemin-de-fer  the Italian drawing table, its cells, and the game's solution
//   cards baccarat       punto banco's exact counts and edges
// Text for people, --json for scripts (keys always in the same order).
#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "chance/cards/basic_strategy.h"
#include "chance/cards/blackjack_hand.h"
#include "chance/cards/blackjack_rules.h"
#include "chance/cards/chemin_de_fer.h"
#include "chance/cards/chemin_de_fer_game.h"
#include "chance/cards/coup_table.h"
#include "chance/cards/dealer.h"
#include "chance/cards/expectation.h"
#include "chance/cards/hand_expectations.h"
#include "chance/cards/insurance.h"
#include "chance/cards/punto_banco.h"
#include "cli_common.h"
#include "commands.h"
#include "options.h"
#include "util/json.h"

namespace scarney::cli {
namespace {

namespace bj = scarney::cards::blackjack;
namespace bac = scarney::cards::baccarat;

std::string fmt(const char* format, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, format, v);
  return buf;
}
std::string pct(double v) { return fmt("%+.4f%%", 100 * v); }

// ---------------------------------------------------------------- blackjack

constexpr int kChartUpcards[10] = {2, 3, 4, 5, 6, 7, 8, 9, 10, 1};

std::string card_name(int v) { return v == 1 ? "A" : std::to_string(v); }

// One chart cell: H S P, D (double, else hit) or Ds (double, else stand).
std::string chart_cell(bj::Action a, bool falls_back_to_hit) {
  switch (a) {
    case bj::Action::stand:
      return "S";
    case bj::Action::hit:
      return "H";
    case bj::Action::split:
      return "P";
    case bj::Action::double_down:
      return falls_back_to_hit ? "D" : "Ds";
  }
  return "?";
}

struct ChartRow {
  std::string label;  // "12", "A,7", "8,8"
  std::string key;    // for JSON
  std::vector<std::string> cells;
};

struct Chart {
  std::vector<ChartRow> hard, soft, pairs;
  std::vector<std::string> multi_card_notes;  // where 3+ card hands play otherwise
};

Chart make_chart(const bj::Strategy& s) {
  Chart c;
  for (int t = 5; t <= 20; ++t) {
    ChartRow r{std::to_string(t), std::to_string(t), {}};
    for (int u : kChartUpcards)
      r.cells.push_back(chart_cell(s.two_card(u, t, false), s.hits(u, t, false)));
    c.hard.push_back(r);
  }
  for (int t = 13; t <= 20; ++t) {
    ChartRow r{"A," + std::to_string(t - 11), std::to_string(t), {}};
    for (int u : kChartUpcards)
      r.cells.push_back(chart_cell(s.two_card(u, t, true), s.hits(u, t, true)));
    c.soft.push_back(r);
  }
  for (int p : {2, 3, 4, 5, 6, 7, 8, 9, 10, 1}) {
    ChartRow r{card_name(p) + "," + card_name(p), card_name(p), {}};
    for (int u : kChartUpcards) {
      const bool soft = p == 1;
      const int total = p == 1 ? 12 : 2 * p;
      r.cells.push_back(chart_cell(s.pair(u, p), s.hits(u, total, soft)));
    }
    c.pairs.push_back(r);
  }
  // Hit/stand for hands of three or more cards, where it differs from the
  // two-card chart's hit or stand.
  for (int soft = 0; soft <= 1; ++soft)
    for (int t = soft ? 13 : 5; t <= 20; ++t)
      for (int u : kChartUpcards) {
        const bj::Action a = s.two_card(u, t, soft);
        if (a != bj::Action::hit && a != bj::Action::stand) continue;
        if ((a == bj::Action::hit) != s.hits(u, t, soft))
          c.multi_card_notes.push_back(
              std::string(soft ? "soft " : "hard ") + std::to_string(t) + " vs " + card_name(u) +
              ": " + (s.hits(u, t, soft) ? "hit" : "stand") + " with three or more cards");
      }
  return c;
}

void print_chart_block(const char* title, const std::vector<ChartRow>& rows) {
  std::printf("%-7s", title);
  for (int u : kChartUpcards) std::printf("%3s", card_name(u).c_str());
  std::printf("\n");
  for (const ChartRow& r : rows) {
    std::printf("%-7s", r.label.c_str());
    for (const std::string& cell : r.cells) std::printf("%3s", cell.c_str());
    std::printf("\n");
  }
}

Json json_rows(const std::vector<ChartRow>& rows) {
  Json o = Json::object();
  for (const ChartRow& r : rows) o[r.key] = r.cells;
  return o;
}

Json json_rules(const bj::Rules& r) {
  return Json{{"decks", r.decks},
              {"dealer_hits_soft_17", r.dealer_hits_soft_17},
              {"double_after_split", r.double_after_split},
              {"max_hands", r.max_hands},
              {"resplit_aces", r.resplit_aces},
              {"natural_payout", json_number(r.natural_payout)}};
}

std::string action_word(bj::Action a) {
  static const std::pair<bj::Action, const char*> kWords[] = {{bj::Action::stand, "stand"},
                                                              {bj::Action::hit, "hit"},
                                                              {bj::Action::double_down, "double"},
                                                              {bj::Action::split, "split"}};
  for (const auto& [action, word] : kWords)
    if (action == a) return word;
  return "?";
}

Json blackjack_table_json(const bj::Rules& rules, const bj::Expectation& td,
                          const bj::Expectation& cd, double insurance,
                          const std::vector<bj::DealerOdds>& dealer, const Chart& chart) {
  Json by_upcard = Json::object(), final_hand = Json::object(), upcards = Json::array();
  for (const int u : kChartUpcards) {
    by_upcard[card_name(u)] = {{"chance", json_number(td.upcard_chance[u])},
                               {"expectation", json_number(td.by_upcard[u])}};
    const bj::DealerOdds& d = dealer[u];
    Json row = {{"natural", json_number(d.natural)}};
    for (int t = 17; t <= 21; ++t) row[std::to_string(t)] = json_number(d.stands_on(t));
    row["bust"] = json_number(d.bust);
    final_hand[card_name(u)] = row;
    upcards.push_back(card_name(u));
  }
  return Json{{"game", "blackjack"},
              {"rules", json_rules(rules)},
              {"expectation", json_number(td.overall)},
              {"expectation_composition_dependent", json_number(cd.overall)},
              {"insurance", json_number(insurance)},
              {"by_upcard", by_upcard},
              // Named for what it is (docs/cards.md): not "given no natural".
              {"dealer_final_hand", final_hand},
              {"strategy",
               {{"upcards", upcards},
                {"hard", json_rows(chart.hard)},
                {"soft", json_rows(chart.soft)},
                {"pairs", json_rows(chart.pairs)},
                {"multi_card", chart.multi_card_notes}}}};
}

void run_blackjack_table(const bj::Rules& rules, bool json) {
  const bj::Strategy s = bj::basic_strategy(rules);
  const bj::Expectation td = bj::expectation(rules, &s);
  const bj::Expectation cd = bj::expectation(rules, nullptr);
  bj::Shoe shoe = bj::Shoe::of_decks(rules.decks);
  shoe.remove(bj::kAce);
  const double insurance = bj::insurance_expectation(shoe);
  const Chart chart = make_chart(s);

  // The dealer's odds per upcard off the top, before he peeks: natural, 17
  // to 21 and bust make one distribution, so each row sums to 1.
  std::vector<bj::DealerOdds> dealer(11);
  for (int u = 1; u <= 10; ++u) {
    bj::Shoe rest = bj::Shoe::of_decks(rules.decks);
    rest.remove(u);
    dealer[u] = bj::dealer_odds(rest, u, rules.dealer_hits_soft_17);
  }

  if (json) {
    std::cout << json_spaced(blackjack_table_json(rules, td, cd, insurance, dealer, chart)) << "\n";
    return;
  }

  std::printf("Black Jack, %s\n", rules.describe().c_str());
  std::printf("Dealer peeks with an ace or ten up; %s.\n\n",
              rules.dealer_hits_soft_17 ? "dealer hits soft 17" : "dealer stands on all 17s");
  std::printf("Basic strategy (total-dependent, from the full shoe); first two cards:\n");
  std::printf("H hit, S stand, D double (else hit), Ds double (else stand), P split\n\n");
  print_chart_block("hard", chart.hard);
  std::printf("\n");
  print_chart_block("soft", chart.soft);
  std::printf("\n");
  print_chart_block("pairs", chart.pairs);
  for (const std::string& n : chart.multi_card_notes) std::printf("note: %s\n", n.c_str());
  std::printf(
      "\nDealer's final hand off the top, before he peeks (natural, 17 to 21 and bust: each row "
      "sums to 1):\n");
  std::printf("%-5s %8s %8s %8s %8s %8s %8s %8s\n", "up", "natural", "17", "18", "19", "20", "21",
              "bust");
  for (int u : kChartUpcards) {
    const bj::DealerOdds& d = dealer[u];
    std::printf("%-5s %8.5f %8.5f %8.5f %8.5f %8.5f %8.5f %8.5f\n", card_name(u).c_str(), d.natural,
                d.stands_on(17), d.stands_on(18), d.stands_on(19), d.stands_on(20), d.stands_on(21),
                d.bust);
  }
  std::printf("\nPlayer's expectation by upcard (basic strategy, dealer naturals included):\n");
  for (int u : kChartUpcards)
    std::printf("  %-3s %s  (upcard chance %.5f)\n", card_name(u).c_str(),
                pct(td.by_upcard[u]).c_str(), td.upcard_chance[u]);
  std::printf("\nExpectation off the top, basic strategy:           %s\n", pct(td.overall).c_str());
  std::printf("Expectation off the top, best play per composition: %s\n", pct(cd.overall).c_str());
  std::printf("Insurance, per unit insured (ace up, full shoe):    %s\n", pct(insurance).c_str());
}

void run_blackjack_hand(const bj::Rules& rules, const std::string& hand_text,
                        const std::string& up_text, bool json) {
  bj::Hand hand;
  int up = 0;
  try {
    hand = bj::Hand::parse(hand_text);
    up = bj::Hand::parse_value(up_text);
  } catch (const std::invalid_argument& e) {
    bad_input(e.what());
  }
  bj::HandExpectations e;
  try {
    e = bj::hand_expectations(rules, hand, up);
  } catch (const std::invalid_argument& ex) {
    bad_input(ex.what());
  }
  // The chart's advice for a first hand.
  std::string advice;
  if (hand.size() == 2 && !hand.natural()) {
    const bj::Strategy s = bj::basic_strategy(rules);
    const bj::Action a =
        hand.pair() ? s.pair(up, hand.pair_value()) : s.two_card(up, hand.total(), hand.soft());
    advice = action_word(a);
  } else if (!hand.natural()) {
    const bj::Strategy s = bj::basic_strategy(rules);
    advice = s.hits(up, hand) ? "hit" : "stand";
  }
  const std::string kind =
      std::string(hand.soft() ? "soft " : "hard ") + std::to_string(hand.total());

  if (json) {
    auto opt = [](const std::optional<double>& v) { return v ? json_number(*v) : Json(nullptr); };
    const Json j = {{"game", "blackjack"},
                    {"rules", json_rules(rules)},
                    {"hand", hand.str()},
                    {"total", hand.total()},
                    {"soft", hand.soft()},
                    {"upcard", card_name(up)},
                    {"dealer_no_natural", json_number(e.no_natural)},
                    {"stand", json_number(e.stand)},
                    {"hit", opt(e.hit)},
                    {"double", opt(e.double_down)},
                    {"split", opt(e.split)},
                    {"best", action_word(e.best)},
                    {"basic_strategy", advice.empty() ? Json(nullptr) : Json(advice)},
                    {"insurance", opt(e.insurance)}};
    std::cout << json_spaced(j) << "\n";
    return;
  }
  std::printf("Black Jack, %s\n", rules.describe().c_str());
  std::printf("Hand %s (%s%s) against %s\n", hand.str().c_str(), kind.c_str(),
              hand.natural() ? ", a natural" : "", card_name(up).c_str());
  if (e.no_natural < 1)
    std::printf(
        "The dealer peeks: no natural with chance %.6f; expectations below are given no natural.\n",
        e.no_natural);
  std::printf(
      "Each action, then the best play for the cards held (per unit of the original bet):\n");
  auto line = [&](const char* name, const std::optional<double>& v, bj::Action a) {
    if (!v) return;
    std::printf("  %-7s %s%s\n", name, pct(*v).c_str(), e.best == a ? "   <- best" : "");
  };
  line("stand", e.stand, bj::Action::stand);
  line("hit", e.hit, bj::Action::hit);
  line("double", e.double_down, bj::Action::double_down);
  line("split", e.split, bj::Action::split);
  if (!advice.empty()) std::printf("Basic strategy: %s\n", advice.c_str());
  if (e.insurance) std::printf("Insurance, per unit insured: %s\n", pct(*e.insurance).c_str());
}

void register_blackjack(CLI::App& cards) {
  auto* cmd = cards.add_subcommand(
      "blackjack", "Black Jack under Scarne's casino rules: basic strategy and expectation");
  struct Options {
    bj::Rules rules;
    std::string hand, up;
    bool json = false;
  };
  auto o = std::make_shared<Options>();
  cmd->add_option("--decks", o->rules.decks, "decks in the shoe (1-8)")
      ->check(whole_number(1, 8))
      ->capture_default_str();
  cmd->add_flag("--h17", o->rules.dealer_hits_soft_17,
                "the dealer hits a soft 17 (Scarne: stands)");
  cmd->add_flag("--das", o->rules.double_after_split, "doubling after a split is allowed");
  cmd->add_option("--max-hands", o->rules.max_hands,
                  "hands a pair may be split into (1: no splitting)")
      ->check(whole_number(1, 8))
      ->capture_default_str();
  cmd->add_flag("--rsa", o->rules.resplit_aces, "split aces may be resplit");
  cmd->add_option("--payout", o->rules.natural_payout, "a natural pays this to 1")
      ->capture_default_str();
  cmd->add_option("--hand", o->hand, "one hand's options, e.g. \"A,7\" (needs --up)");
  cmd->add_option("--up", o->up, "the dealer's upcard for --hand: A, 2-10");
  cmd->add_flag("--json", o->json, "machine-readable output");
  cmd->callback([o] {
    try {
      o->rules.validate();
    } catch (const std::invalid_argument& e) {
      bad_input(e.what());
    }
    if (o->hand.empty() != o->up.empty()) bad_input("--hand and --up go together");
    if (!o->hand.empty())
      run_blackjack_hand(o->rules, o->hand, o->up, o->json);
    else
      run_blackjack_table(o->rules, o->json);
  });
}

// ---------------------------------------------------------------- chemin de fer

const char* third_name(int c) {
  static const char* names[] = {"0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "stood"};
  return names[c];
}

Json json_cells(const bac::BankerCells& cells) {
  Json rows = Json::array();
  for (int bt = 0; bt <= 7; ++bt) {
    Json row = Json::array();
    for (int c = 0; c <= bac::kStood; ++c) {
      const bac::BankerCell& x = cells.cell[bt][c];
      row.push_back({{"third", third_name(c)},
                     {"table", std::string(1, char(bac::regola_cell(bt, c)))},
                     {"chance", json_number(x.chance)},
                     {"draw", json_number(x.draw)},
                     {"stand", json_number(x.stand)}});
    }
    rows.push_back(row);
  }
  return rows;
}

// A table cell's verdict: is the table's choice the better one (at-will cells
// count as the default, standing)?
bool table_is_worse(int bt, int c, const bac::BankerCell& x) {
  if (x.coups <= 0) return false;
  const bool table_draws = bac::regola_cell(bt, c) == bac::Cell::draws;
  return table_draws ? x.stand > x.draw : x.draw > x.stand;
}

void print_cells(const char* title, const bac::BankerCells& cells) {
  std::printf("%s\n", title);
  std::printf("banker");
  for (int c = 0; c <= bac::kStood; ++c) std::printf("%9s", third_name(c));
  std::printf("\n");
  for (int bt = 0; bt <= 7; ++bt) {
    std::printf("%-6d", bt);
    for (int c = 0; c <= bac::kStood; ++c) {
      const bac::BankerCell& x = cells.cell[bt][c];
      const std::string v = fmt("%+.2f", 100 * (x.draw - x.stand));
      std::printf("%9s", (std::string(1, char(bac::regola_cell(bt, c))) + v +
                          (table_is_worse(bt, c, x) ? "*" : " "))
                             .c_str());
    }
    std::printf("\n");
  }
}

// Everything the chemin-de-fer command prints, for one shoe.
struct CheminDeFer {
  int decks;
  bac::CoupTable table;
  std::vector<bac::AtWill> readings;  // every way of playing the at-will cells
  bac::BankerCells stands5, draws5, at_optimum;
  bac::GameSolution g;

  explicit CheminDeFer(int d)
      : decks(d),
        table(bac::Shoe::of_decks(d)),
        stands5(bac::banker_cells(table, 0.0)),
        draws5(bac::banker_cells(table, 1.0)),
        g(bac::solve_chemin_de_fer(table)) {
    for (int m = 0; m < 8; ++m) readings.push_back({bool(m & 1), bool(m & 2), bool(m & 4)});
    at_optimum = bac::banker_cells(table, g.draw_on_5);
  }
};

const char* draw_word(bool draws) { return draws ? "draw" : "stand"; }

void print_chemin_de_fer_json(const CheminDeFer& c) {
  const bac::GameSolution& g = c.g;
  Json table = Json::array();
  for (const bac::AtWill& a : c.readings) {
    const bac::Outcome out = bac::regola_outcome(c.table, a);
    table.push_back({{"player_5", draw_word(a.player_draws_on_5)},
                     {"banker_3_vs_9", draw_word(a.banker_3_draws_on_9)},
                     {"banker_5_vs_4", draw_word(a.banker_5_draws_on_4)},
                     {"banker", json_number(out.chance(bac::banker_wins))},
                     {"player", json_number(out.chance(bac::player_wins))},
                     {"tie", json_number(out.chance(bac::tie))},
                     {"player_expectation", json_number(out.player_expectation())}});
  }
  Json draws = Json::array();
  for (int bt = 0; bt <= 7; ++bt) {
    Json row = Json::array();
    for (int cell = 0; cell <= bac::kStood; ++cell)
      row.push_back(json_number(g.banker_draws[bt][cell]));
    draws.push_back(row);
  }
  const Json cells = {{"player_stands_on_5", json_cells(c.stands5)},
                      {"player_draws_on_5", json_cells(c.draws5)},
                      {"optimal_player", json_cells(c.at_optimum)}};
  const Json game = {{"player_draws_on_5", json_number(g.draw_on_5)},
                     {"player_draws_on_5_exact", g.draw_on_5_exact},
                     {"value", json_number(g.value)},
                     {"value_standing_on_5", json_number(g.value_standing_on_5)},
                     {"value_drawing_on_5", json_number(g.value_drawing_on_5)},
                     {"banker_draws", draws}};
  // Member by member: the object names "game" twice (the game's name, then
  // its solution), which a JSON value cannot hold.
  const std::pair<const char*, Json> members[] = {{"game", "chemin-de-fer"},  {"decks", c.decks},
                                                  {"deals", c.table.total()}, {"table", table},
                                                  {"banker_cells", cells},    {"game", game}};
  std::string s = "{";
  for (const auto& [key, value] : members)
    s += (s.size() > 1 ? ", " : "") + json_text(key) + ": " + json_spaced(value);
  std::cout << s << "}\n";
}

// The table's outcome for every reading of the at-will cells.
void print_readings(const CheminDeFer& c) {
  std::printf("Both sides by the table, each at-will cell either way (default: stand):\n");
  std::printf("%-9s %-9s %-9s %10s %10s %10s %12s\n", "player 5", "bank 3v9", "bank 5v4", "banker",
              "player", "tie", "player EV");
  for (const bac::AtWill& a : c.readings) {
    const bac::Outcome out = bac::regola_outcome(c.table, a);
    std::printf("%-9s %-9s %-9s %10.6f %10.6f %10.6f %12s\n", draw_word(a.player_draws_on_5),
                draw_word(a.banker_3_draws_on_9), draw_word(a.banker_5_draws_on_4),
                out.chance(bac::banker_wins), out.chance(bac::player_wins), out.chance(bac::tie),
                pct(out.player_expectation()).c_str());
  }
}

void print_game(const bac::GameSolution& g) {
  std::printf("\nThe game (player's choice at 5 against the banker's choice in every cell):\n");
  std::printf("  player draws on 5 with chance %.6f (%s)\n", g.draw_on_5,
              g.draw_on_5_exact.c_str());
  std::printf(
      "  value to the player %s per coup (always standing on 5: %s, always drawing: %s,\n"
      "  against the banker's best reply)\n",
      pct(g.value).c_str(), pct(g.value_standing_on_5).c_str(), pct(g.value_drawing_on_5).c_str());
  std::printf(
      "  banker's optimal play, where it is not the table's (default) choice or is mixed:\n");
  for (int bt = 0; bt <= 7; ++bt)
    for (int c = 0; c <= bac::kStood; ++c) {
      const double d = g.banker_draws[bt][c];
      const bool table_draws = bac::regola_cell(bt, c) == bac::Cell::draws;
      const bool mixed = d > 0 && d < 1;
      if (!mixed && (d == 1) == table_draws) continue;
      std::printf("    banker %d, player %s%s: %s\n", bt, c == bac::kStood ? "" : "drew ",
                  third_name(c),
                  mixed    ? fmt("draw with chance %.6f", d).c_str()
                  : d == 1 ? "draw"
                           : "stand");
    }
}

void print_chemin_de_fer_text(const CheminDeFer& c) {
  std::printf("Chemin de fer, %d decks (%d cards), Italian table \"gioco alla regola\"\n", c.decks,
              52 * c.decks);
  std::printf(
      "Exact over all %llu ordered deals of six cards; payoffs even money, no commission.\n\n",
      (unsigned long long)c.table.total());
  print_readings(c);
  std::printf(
      "\nThe banker's cells: the table's entry (T draws, S stands, V at will) and the banker's\n"
      "expectation of drawing minus standing, in percent of the stake, given the cell is "
      "reached;\n"
      "* marks a cell where the table's choice (standing, for V) is the worse one.\n\n");
  print_cells("Player standing on 5 (the table's default):", c.stands5);
  std::printf("\n");
  print_cells("Player drawing on 5:", c.draws5);
  print_game(c.g);
}

// A baccarat-family game: a shoe of --decks (checked), text or --json.
void add_shoe_game(CLI::App& cards, const char* name, const char* description, int default_decks,
                   void (*run)(int decks, bool json)) {
  auto* cmd = cards.add_subcommand(name, description);
  auto decks = std::make_shared<int>(default_decks);
  auto json = std::make_shared<bool>(false);
  cmd->add_option("--decks", *decks, "decks in the shoe (1-8)")
      ->check(whole_number(1, 8))
      ->capture_default_str();
  cmd->add_flag("--json", *json, "machine-readable output");
  cmd->callback([decks, json, run] {
    if (*decks < 1 || *decks > 8) bad_input("--decks " + std::to_string(*decks), "must be 1 to 8");
    run(*decks, *json);
  });
}

void run_chemin_de_fer(int decks, bool json) {
  const CheminDeFer c(decks);
  if (json)
    print_chemin_de_fer_json(c);
  else
    print_chemin_de_fer_text(c);
}

// ---------------------------------------------------------------- baccarat

void run_baccarat(int decks, bool json) {
  const bac::PuntoBanco pb = bac::punto_banco(bac::Shoe::of_decks(decks));
  auto u = [](std::uint64_t v) { return std::to_string(v); };
  if (json) {
    const Json j = {{"game", "baccarat"},
                    {"decks", decks},
                    {"deals", pb.total},
                    {"banker_wins", pb.counts[bac::banker_wins]},
                    {"player_wins", pb.counts[bac::player_wins]},
                    {"ties", pb.counts[bac::tie]},
                    {"banker_bet", json_number(pb.banker_bet())},
                    {"player_bet", json_number(pb.player_bet())},
                    {"tie_bet", json_number(pb.tie_bet())}};
    std::cout << json_spaced(j) << "\n";
    return;
  }
  std::printf("Punto banco, %d decks: all %s ordered deals of six cards\n", decks,
              u(pb.total).c_str());
  std::printf("  banker wins %22s  %.8f\n", u(pb.counts[bac::banker_wins]).c_str(),
              pb.chance(bac::banker_wins));
  std::printf("  player wins %22s  %.8f\n", u(pb.counts[bac::player_wins]).c_str(),
              pb.chance(bac::player_wins));
  std::printf("  ties        %22s  %.8f\n", u(pb.counts[bac::tie]).c_str(), pb.chance(bac::tie));
  std::printf("Bettor's expectation per unit:\n");
  std::printf("  banker (5%% commission) %s\n", pct(pb.banker_bet()).c_str());
  std::printf("  player                %s\n", pct(pb.player_bet()).c_str());
  std::printf("  tie (pays 8 to 1)     %s\n", pct(pb.tie_bet()).c_str());
}

}  // namespace

void register_cards(CLI::App& app) {
  auto* cards =
      add_command_group(app, "cards", "Banking card games analysed exactly over the shoe");
  register_blackjack(*cards);
  add_shoe_game(*cards, "chemin-de-fer",
                "Chemin de fer, Italian table: odds, the banker's cells, the game", 6,
                run_chemin_de_fer);
  add_shoe_game(*cards, "baccarat", "Punto banco (fixed tableau): exact counts and edges", 8,
                run_baccarat);
}

}  // namespace scarney::cli
