// `scarney dice`: exact odds of the dice games that come with the Scarney
// family (Scarney Chemin de Fer, Scarney Pie-Eyed Dice, Heaven and Nine), as
// readable tables or one JSON object, with an optional simulation beside them.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "chance/dice/chemin_de_fer.h"
#include "chance/dice/chemin_de_fer_simulation.h"
#include "chance/dice/figure.h"
#include "chance/dice/heaven_and_nine.h"
#include "chance/dice/heaven_and_nine_simulation.h"
#include "chance/dice/pie_eyed.h"
#include "chance/dice/pie_eyed_simulation.h"
#include "cli_common.h"
#include "commands.h"
#include "options.h"
#include "util/json.h"

namespace scarney::cli {
namespace {

using namespace scarney::dice;

constexpr int kMostPlayers = 1000;
constexpr long long kMostGames = 1'000'000'000;

struct DiceOptions {
  int players = 4;
  bool json = false;
  long long simulate = 0;
  std::uint64_t seed = 1;
};

void check_options(DiceOptions& o, int fewest_players, const std::string& game) {
  if (o.players < fewest_players || o.players > kMostPlayers) {
    bad_input("--players for " + game + " must be " + std::to_string(fewest_players) + " to " +
              std::to_string(kMostPlayers) + ", not " + std::to_string(o.players));
  }
  if (o.simulate < 0 || o.simulate > kMostGames) {
    bad_input("--simulate must be 0 to " + std::to_string(kMostGames) + " games, not " +
              std::to_string(o.simulate));
  }
}

// ---- Formatting -----------------------------------------------------------

std::string decimal(double v, int places = 6) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", places, v);
  return buf;
}

// "0.250000 (1/4)", or the decimal alone when the exact fraction is too large.
std::string with_exact(const Figure& f) {
  return decimal(f.value) + (f.exact ? " (" + f.exact->str() + ")" : std::string());
}

double ratio(std::uint64_t part, std::uint64_t whole) {
  return whole == 0 ? 0.0 : static_cast<double>(part) / static_cast<double>(whole);
}

// A text table: the first `left` columns left-aligned, the others right-aligned.
class Table {
 public:
  explicit Table(std::vector<std::string> header, std::size_t left = 1) : left_(left) {
    rows_.push_back(std::move(header));
  }
  void add(std::vector<std::string> row) { rows_.push_back(std::move(row)); }
  void print(std::ostream& out) const {
    std::vector<std::size_t> width;
    for (const auto& row : rows_) {
      if (width.size() < row.size()) width.resize(row.size(), 0);
      for (std::size_t c = 0; c < row.size(); ++c) width[c] = std::max(width[c], row[c].size());
    }
    for (const auto& row : rows_) {
      std::string line;
      for (std::size_t c = 0; c < row.size(); ++c) {
        const std::string pad(width[c] - row[c].size(), ' ');
        if (c > 0) line += "  ";
        line += c < left_ ? row[c] + pad : pad + row[c];
      }
      while (!line.empty() && line.back() == ' ') line.pop_back();
      out << line << "\n";
    }
  }

 private:
  std::size_t left_;
  std::vector<std::vector<std::string>> rows_;
};

// A fraction for a table cell: whole numbers without the "/1".
std::string cell(const Fraction& f) {
  return f.denominator() == 1 ? to_string(f.numerator()) : f.str();
}

// {"probability": 0.25, "exact": "1/4", "simulated": 0.2498}
Json figure_json(const Figure& f, const std::optional<double>& simulated = std::nullopt,
                 std::string_view key = "probability") {
  JsonObject o;
  o.add(key, f.value);
  if (f.exact) o.add("exact", f.exact->str());
  if (simulated) o.add("simulated", *simulated);
  return o.value();
}

Json fraction_json(const Fraction& f, const std::optional<double>& simulated = std::nullopt,
                   std::string_view key = "probability") {
  return figure_json(Figure::of(f), simulated, key);
}

Json simulation_json(const DiceOptions& o, std::string_view unit) {
  JsonObject s;
  s.add(unit, static_cast<int64_t>(o.simulate));
  s.add("seed", std::to_string(o.seed));
  return s.value();
}

void print_simulation_note(const DiceOptions& o, std::string_view unit) {
  if (o.simulate > 0) {
    std::cout << "Simulated: " << o.simulate << " " << unit << ", seed " << o.seed << "\n";
  }
}

// A game's rules in brief, then what was simulated.
void print_intro(const DiceOptions& o, const char* rules, std::string_view unit) {
  std::cout << rules;
  print_simulation_note(o, unit);
}

// A table of figures: label, probability, exact fraction and, after a
// simulation, the simulated share.
Table odds_table(const std::string& first_column, bool simulated) {
  std::vector<std::string> header = {first_column, "Probability", "Exact"};
  if (simulated) header.push_back("Simulated");
  return Table(header);
}

void add_odds_row(Table& t, const std::string& label, const Fraction& f,
                  const std::optional<double>& simulated) {
  std::vector<std::string> row = {label, decimal(f.to_double()), f.str()};
  if (simulated) row.push_back(decimal(*simulated));
  t.add(row);
}

// ", simulated 0.123456" after a figure, when there was a simulation.
std::string simulated_note(const std::optional<double>& simulated) {
  return simulated ? ", simulated " + decimal(*simulated) : std::string();
}

// part_of(tally) / whole_of(tally), when there was a simulation.
template <class Tally, class Part, class Whole>
std::optional<double> simulated(const std::optional<Tally>& sim, Part part_of, Whole whole_of) {
  if (!sim) return std::nullopt;
  return ratio(part_of(*sim), whole_of(*sim));
}

// ---- Scarney Chemin de Fer -----------------------------------------------

std::uint64_t turns(const CheminDeFerTally& t) { return t.turns; }
std::uint64_t bets(const CheminDeFerTally& t) { return t.bets; }
std::uint64_t selection_throws(const CheminDeFerTally& t) {
  std::uint64_t n = 0;
  for (auto c : t.five_dice_total) n += c;
  return n;
}

// The exact figures and, with --simulate, the simulated ones beside them.
struct CheminDeFerFigures {
  CheminDeFerOdds odds = chemin_de_fer_odds();
  std::array<Fraction, 31> totals = five_dice_totals();
  Figure tie;
  std::optional<CheminDeFerTally> sim;
  std::optional<double> wins, stand, banker, expectation, draws, sim_tie;

  explicit CheminDeFerFigures(const DiceOptions& o) : tie(tie_for_highest(o.players)) {
    if (o.simulate > 0) {
      std::mt19937_64 rng(o.seed);
      sim = simulate_chemin_de_fer(static_cast<std::uint64_t>(o.simulate), o.players, rng);
    }
    wins = simulated(
        sim, [](const CheminDeFerTally& t) { return t.player_wins; }, bets);
    stand = simulated(
        sim, [](const CheminDeFerTally& t) { return t.stand_offs; }, bets);
    banker = simulated(
        sim, [](const CheminDeFerTally& t) { return t.banker_wins; }, bets);
    expectation = sim ? std::optional<double>(*wins - *banker) : std::nullopt;
    draws = simulated(
        sim, [](const CheminDeFerTally& t) { return t.draws; }, turns);
    sim_tie = simulated(
        sim, [](const CheminDeFerTally& t) { return t.ties_for_highest; },
        [](const CheminDeFerTally& t) { return t.rounds; });
  }
};

void print_chemin_de_fer_json(const DiceOptions& o, const CheminDeFerFigures& f) {
  const CheminDeFerOdds& odds = f.odds;
  JsonObject out;
  out.add("game", "chemin-de-fer");
  out.add("players", o.players);
  Json points = Json::array();
  for (int p = 0; p < 10; ++p) {
    JsonObject row;
    row.add("point", p);
    row.add("name", std::string(point_name(p)));
    row.add("first_throw",
            fraction_json(odds.first_point[p],
                          simulated(
                              f.sim, [p](const auto& t) { return t.first_point[p]; }, turns)));
    row.add("final",
            fraction_json(odds.final_point[p],
                          simulated(
                              f.sim, [p](const auto& t) { return t.final_point[p]; }, turns)));
    points.push_back(row.value());
  }
  out.add("points", points);
  out.add("draws", fraction_json(odds.draws, f.draws));
  out.add("player_wins", fraction_json(odds.player_wins, f.wins));
  out.add("stand_off", fraction_json(odds.stand_off, f.stand));
  out.add("banker_wins", fraction_json(odds.banker_wins, f.banker));
  out.add("player_expectation", fraction_json(odds.player_expectation, f.expectation, "value"));
  Json total_rows = Json::array();
  for (int t = 0; t <= 30; ++t) {
    JsonObject row;
    row.add("total", t);
    row.add("chance", fraction_json(f.totals[t],
                                    simulated(
                                        f.sim, [t](const auto& s) { return s.five_dice_total[t]; },
                                        selection_throws)));
    total_rows.push_back(row.value());
  }
  out.add("five_dice_total", total_rows);
  out.add("tie_for_highest", figure_json(f.tie, f.sim_tie));
  if (f.sim) out.add("simulation", simulation_json(o, "rounds"));
  std::cout << out.str() << "\n";
}

void print_points(const CheminDeFerFigures& f) {
  const CheminDeFerOdds& odds = f.odds;
  std::cout << "\nThe shooter's point\n";
  std::vector<std::string> header = {"Point", "Name", "First throw", "Final", "Final exact"};
  if (f.sim) header.insert(header.end(), {"Sim first", "Sim final"});
  Table points(header, 2);
  for (int p = 0; p < 10; ++p) {
    std::vector<std::string> row = {
        std::to_string(p), std::string(point_name(p)), decimal(odds.first_point[p].to_double()),
        decimal(odds.final_point[p].to_double()), odds.final_point[p].str()};
    if (f.sim) {
      row.push_back(decimal(ratio(f.sim->first_point[p], f.sim->turns)));
      row.push_back(decimal(ratio(f.sim->final_point[p], f.sim->turns)));
    }
    points.add(row);
  }
  points.print(std::cout);
  std::cout << "Chance the shooter draws: " << decimal(odds.draws.to_double()) << " ("
            << odds.draws.str() << ")" << simulated_note(f.draws) << "\n";
}

void print_five_dice_totals(const DiceOptions& o, const CheminDeFerFigures& f) {
  std::cout << "\nFive-dice total (the throw that picks the first banker)\n";
  Table total_table = odds_table("Total", f.sim.has_value());
  std::string impossible;
  for (int t = 0; t <= 30; ++t) {
    if (f.totals[t] == Fraction(0)) {
      impossible += (impossible.empty() ? "" : ", ") + std::to_string(t);
      continue;
    }
    add_odds_row(total_table, std::to_string(t), f.totals[t],
                 simulated(
                     f.sim, [t](const auto& s) { return s.five_dice_total[t]; }, selection_throws));
  }
  total_table.print(std::cout);
  if (!impossible.empty()) std::cout << "Never thrown: " << impossible << "\n";
  std::cout << "Chance the highest total is shared (a tie for highest) among " << o.players
            << " players: " << with_exact(f.tie) << simulated_note(f.sim_tie) << "\n";
}

void print_chemin_de_fer_text(const DiceOptions& o, const CheminDeFerFigures& f) {
  const CheminDeFerOdds& odds = f.odds;
  print_intro(o,
              "Scarney Chemin de Fer: five Scarney dice (faces 1, 3, 4, 6, dead, dead)\n"
              "A first-throw point of 0-6 draws: all the dead dice, and only they, are thrown\n"
              "again. A point of 7, 8 or 9 stands, and so does a throw with no dead die.\n",
              "rounds");
  print_points(f);
  std::cout << "\nOne player against the banker (per unit bet, paid at even money)\n";
  Table bet = odds_table("", f.sim.has_value());
  add_odds_row(bet, "Player wins", odds.player_wins, f.wins);
  add_odds_row(bet, "Stand-off", odds.stand_off, f.stand);
  add_odds_row(bet, "Banker wins", odds.banker_wins, f.banker);
  add_odds_row(bet, "Player's expectation", odds.player_expectation, f.expectation);
  bet.print(std::cout);
  std::cout << (odds.player_expectation == Fraction(0)
                    ? "The game is even: neither banker nor player has an advantage.\n"
                    : "The game is not even.\n");
  print_five_dice_totals(o, f);
}

void run_chemin_de_fer(DiceOptions& o) {
  check_options(o, 2, "chemin-de-fer");
  const CheminDeFerFigures f(o);
  if (o.json)
    print_chemin_de_fer_json(o, f);
  else
    print_chemin_de_fer_text(o, f);
}

// ---- Scarney Pie-Eyed Dice ------------------------------------------------

// One variant's exact figures and, with --simulate, the simulated ones.
struct PieEyedFigures {
  const PieEyedRules& rules;
  std::vector<Fraction> dead;
  Fraction success;
  PieEyedRace race;
  std::optional<PieEyedTally> sim;

  PieEyedFigures(const PieEyedRules& r, const DiceOptions& o, std::uint64_t seed)
      : rules(r),
        dead(dead_dice_in_turn(r)),
        success(turn_success(r)),
        race(pie_eyed_race(success, o.players)) {
    if (o.simulate > 0) {
      std::mt19937_64 rng(seed);
      sim = simulate_pie_eyed(r, static_cast<std::uint64_t>(o.simulate), o.players, rng);
    }
  }
  std::optional<double> per_turn(std::uint64_t n) const {
    return sim ? std::optional<double>(ratio(n, sim->turns)) : std::nullopt;
  }
  std::optional<double> per_game(std::uint64_t n) const {
    return sim ? std::optional<double>(ratio(n, sim->games)) : std::nullopt;
  }
  std::optional<double> sim_success() const { return per_turn(sim ? sim->events : 0); }
  std::optional<double> sim_rounds() const { return per_game(sim ? sim->rounds : 0); }
  std::optional<double> sim_turns() const { return per_game(sim ? sim->turns : 0); }
};

Json pie_eyed_variant_json(const DiceOptions& o, const PieEyedFigures& f) {
  const PieEyedRules& rules = f.rules;
  JsonObject v;
  v.add("variant", std::string(rules.name));
  v.add("dice", rules.dice);
  v.add("throws_per_turn", rules.throws);
  v.add("dead_needed", rules.dead_needed);
  Json dead_rows = Json::array();
  for (int k = 0; k <= rules.dice; ++k) {
    JsonObject row;
    row.add("dead", k);
    row.add("chance", fraction_json(f.dead[k], f.per_turn(f.sim ? f.sim->dead_dice[k] : 0)));
    dead_rows.push_back(row.value());
  }
  v.add("dead_dice_in_turn", dead_rows);
  v.add("turn_success", fraction_json(f.success, f.sim_success()));
  v.add("expected_turns", figure_json(f.race.expected_turns, f.sim_turns(), "value"));
  v.add("expected_rounds", figure_json(f.race.expected_rounds, f.sim_rounds(), "value"));
  Json seats = Json::array();
  for (int s = 0; s < o.players; ++s) {
    JsonObject row;
    row.add("seat", s + 1);
    const char* roles[3] = {"orders", "drinks", "pays"};
    for (int r = 0; r < 3; ++r) {
      row.add(roles[r],
              figure_json(f.race.seat_role[s][r], f.per_game(f.sim ? f.sim->seat_role[s][r] : 0)));
    }
    seats.push_back(row.value());
  }
  v.add("seats", seats);
  return v.value();
}

void print_pie_eyed_variant(const DiceOptions& o, const PieEyedFigures& f) {
  const PieEyedRules& rules = f.rules;
  std::cout << "\n== " << rules.name << ": " << rules.dice << " dice, " << rules.throws
            << (rules.throws == 1 ? " throw" : " throws") << " a turn, the event is "
            << (rules.dead_needed < rules.dice ? "at least " : "") << rules.dead_needed
            << " dead dice ==\n";
  Table dead_table = odds_table("Dead dice", f.sim.has_value());
  for (int k = 0; k <= rules.dice; ++k)
    add_odds_row(dead_table, std::to_string(k), f.dead[k],
                 f.per_turn(f.sim ? f.sim->dead_dice[k] : 0));
  dead_table.print(std::cout);
  auto line = [](const std::string& label, const Figure& fig, std::optional<double> s) {
    std::cout << label << with_exact(fig) << simulated_note(s) << "\n";
  };
  line("Chance per turn: ", Figure::of(f.success), f.sim_success());
  line("Expected turns to the third event: ", f.race.expected_turns, f.sim_turns());
  line("Expected rounds to the third event: ", f.race.expected_rounds, f.sim_rounds());
  std::vector<std::string> header = {"Seat", "Orders", "Drinks", "Pays"};
  if (f.sim) header.insert(header.end(), {"Sim orders", "Sim drinks", "Sim pays"});
  Table seats(header);
  for (int s = 0; s < o.players; ++s) {
    std::vector<std::string> row = {std::to_string(s + 1)};
    for (int r = 0; r < 3; ++r) row.push_back(decimal(f.race.seat_role[s][r].value));
    if (f.sim) {
      for (int r = 0; r < 3; ++r)
        row.push_back(decimal(ratio(f.sim->seat_role[s][r], f.sim->games)));
    }
    seats.add(row);
  }
  seats.print(std::cout);
}

void run_pie_eyed(DiceOptions& o) {
  check_options(o, 1, "pie-eyed");
  Json variants_json = Json::array();
  if (!o.json) {
    std::cout << "Scarney Pie-Eyed Dice: after each throw the dead dice are set aside and the\n"
                 "numbered dice thrown again. The first to make the event orders the drink, the\n"
                 "next to make it drinks it, the third pays (one seat may take several roles).\n"
              << o.players << " players in turn order, seat 1 first.\n";
    print_simulation_note(o, "games of each variant");
  }
  std::uint64_t variant_seed = o.seed;
  for (const PieEyedRules& rules : kPieEyedVariants) {
    const PieEyedFigures f(rules, o, variant_seed++);
    if (o.json)
      variants_json.push_back(pie_eyed_variant_json(o, f));
    else
      print_pie_eyed_variant(o, f);
  }
  if (o.json) {
    JsonObject out;
    out.add("game", "pie-eyed");
    out.add("players", o.players);
    out.add("variants", variants_json);
    if (o.simulate > 0) out.add("simulation", simulation_json(o, "games_per_variant"));
    std::cout << out.str() << "\n";
  } else if (o.players > 1) {
    std::cout << "\nExact fractions of the seat figures, where they fit in 128 bits: --json.\n";
  }
}

// ---- Heaven and Nine ------------------------------------------------------

std::string dice_text(const Hand& h) {
  return std::to_string(h.high_die) + "-" + std::to_string(h.low_die);
}

using Bets = HeavenAndNineTally::Bets;

// The exact figures and, with --simulate, the simulated ones beside them.
struct HeavenAndNineFigures {
  HeavenAndNineOdds odds = heaven_and_nine_odds();
  Figure keeps, rounds_held;
  std::optional<HeavenAndNineTally> sim;
  Bets none;
  std::optional<double> edge, sim_keeps;

  explicit HeavenAndNineFigures(const DiceOptions& o)
      : keeps(banker_keeps_bank(o.players)), rounds_held(expected_rounds_as_banker(o.players)) {
    if (o.simulate > 0) {
      std::mt19937_64 rng(o.seed);
      sim = simulate_heaven_and_nine(static_cast<std::uint64_t>(o.simulate), o.players, rng);
    }
    const Bets& a = all();
    edge = sim ? std::optional<double>(ratio(a.banker_wins, a.bets) - ratio(a.banker_loses, a.bets))
               : std::nullopt;
    sim_keeps = sim ? std::optional<double>(ratio(sim->rounds_kept, sim->rounds)) : std::nullopt;
  }
  const Bets& all() const { return sim ? sim->all : none; }
  const Bets& by_hand(const Hand& h) const {
    return sim ? sim->by_banker_hand[chart_index(h)] : none;
  }
  std::optional<double> of_bets(const Bets& b, std::uint64_t Bets::*field) const {
    return sim ? std::optional<double>(ratio(b.*field, b.bets)) : std::nullopt;
  }
};

Json banker_hand_json(const HeavenAndNineFigures& f, const BankerHandOdds& row) {
  const Bets& b = f.by_hand(*row.hand);
  JsonObject h;
  h.add("hand", std::string(row.hand->name));
  h.add("dice", dice_text(*row.hand));
  h.add("suit", std::string(suit_name(row.hand->suit)));
  h.add("rank", row.hand->rank);
  h.add("chance",
        fraction_json(row.chance, f.sim ? std::optional<double>(ratio(b.thrown, f.sim->rounds))
                                        : std::nullopt));
  h.add("banker_wins", fraction_json(row.banker_wins, f.of_bets(b, &Bets::banker_wins)));
  h.add("banker_loses", fraction_json(row.banker_loses, f.of_bets(b, &Bets::banker_loses)));
  h.add("stand_off", fraction_json(row.stand_off, f.of_bets(b, &Bets::stand_offs)));
  return h.value();
}

void print_heaven_and_nine_json(const DiceOptions& o, const HeavenAndNineFigures& f) {
  const HeavenAndNineOdds& odds = f.odds;
  JsonObject out;
  out.add("game", "heaven-and-nine");
  out.add("players", o.players);
  Json hands = Json::array();
  for (const BankerHandOdds& row : odds.hands) hands.push_back(banker_hand_json(f, row));
  out.add("banker_hands", hands);
  out.add("banker_wins", fraction_json(odds.banker_wins, f.of_bets(f.all(), &Bets::banker_wins)));
  out.add("banker_loses",
          fraction_json(odds.banker_loses, f.of_bets(f.all(), &Bets::banker_loses)));
  out.add("stand_off", fraction_json(odds.stand_off, f.of_bets(f.all(), &Bets::stand_offs)));
  out.add("banker_edge", fraction_json(odds.banker_edge, f.edge, "value"));
  out.add("banker_keeps_bank", figure_json(f.keeps, f.sim_keeps));
  out.add("expected_rounds_as_banker", figure_json(f.rounds_held, std::nullopt, "value"));
  if (f.sim) out.add("simulation", simulation_json(o, "rounds"));
  std::cout << out.str() << "\n";
}

void print_banker_hands(const HeavenAndNineFigures& f) {
  std::cout << "\nPer banker hand, for one player's bet\n";
  std::vector<std::string> header = {"Hand",   "Dice",        "Suit",         "Rank",
                                     "Chance", "Banker wins", "Banker loses", "Stand-off"};
  if (f.sim) header.insert(header.end(), {"Sim wins", "Sim loses", "Sim stand-off"});
  Table table(header, 3);
  for (const BankerHandOdds& row : f.odds.hands) {
    std::vector<std::string> cells = {std::string(row.hand->name),
                                      dice_text(*row.hand),
                                      std::string(suit_name(row.hand->suit)),
                                      std::to_string(row.hand->rank),
                                      cell(row.chance),
                                      cell(row.banker_wins),
                                      cell(row.banker_loses),
                                      cell(row.stand_off)};
    if (f.sim) {
      const Bets& b = f.by_hand(*row.hand);
      cells.push_back(decimal(*f.of_bets(b, &Bets::banker_wins), 4));
      cells.push_back(decimal(*f.of_bets(b, &Bets::banker_loses), 4));
      cells.push_back(decimal(*f.of_bets(b, &Bets::stand_offs), 4));
    }
    table.add(cells);
  }
  table.print(std::cout);
}

void print_heaven_and_nine_text(const DiceOptions& o, const HeavenAndNineFigures& f) {
  const HeavenAndNineOdds& odds = f.odds;
  print_intro(o,
              "Heaven and Nine: two dice, 21 hands in two suits. Heaven and Nines win all\n"
              "bets for the banker, Red Mallet Six and Final Three lose all; otherwise each\n"
              "player throws until his hand is of the banker's suit, the higher rank wins.\n",
              "rounds");
  print_banker_hands(f);
  std::cout << "\nThe banker, per unit bet (paid at even money)\n";
  Table totals = odds_table("", f.sim.has_value());
  add_odds_row(totals, "Banker wins", odds.banker_wins, f.of_bets(f.all(), &Bets::banker_wins));
  add_odds_row(totals, "Banker loses", odds.banker_loses, f.of_bets(f.all(), &Bets::banker_loses));
  add_odds_row(totals, "Stand-off", odds.stand_off, f.of_bets(f.all(), &Bets::stand_offs));
  add_odds_row(totals, "Banker's edge", odds.banker_edge, f.edge);
  totals.print(std::cout);
  std::cout << "The banker's edge is " << decimal(100 * odds.banker_edge.to_double(), 3)
            << "% of each bet.\n\n"
            << "With " << o.players << " at the table (the banker and " << o.players - 1
            << " betting):\n"
            << "Chance the banker loses no bet in a round and keeps the bank: "
            << with_exact(f.keeps) << simulated_note(f.sim_keeps) << "\n"
            << "Expected rounds he holds the bank, the losing round included: "
            << with_exact(f.rounds_held) << "\n";
}

void run_heaven_and_nine(DiceOptions& o) {
  check_options(o, 2, "heaven-and-nine");
  const HeavenAndNineFigures f(o);
  if (o.json)
    print_heaven_and_nine_json(o, f);
  else
    print_heaven_and_nine_text(o, f);
}

// ---- Registration ---------------------------------------------------------

void add_game(CLI::App* dice, const std::string& name, const std::string& description,
              void (*run)(DiceOptions&), const std::string& players_help) {
  auto options = std::make_shared<DiceOptions>();
  CLI::App* game = dice->add_subcommand(name, description);
  game->add_option("--players", options->players, players_help)
      ->type_name("N")
      ->capture_default_str();
  game->add_flag("--json", options->json, "Print one JSON object with every figure");
  add_count_option(game, options->simulate,
                   "Also play N random games and print the simulated figures beside the exact", 0LL,
                   static_cast<long long>(kMostGames), {"--simulate"})
      ->type_name("N");
  add_seed_option(game, options->seed, "Seed of the simulation's random numbers");
  game->callback([options, run, game] {
    if (options->simulate == 0)
      refuse_if_given(game, "--seed", "seeds the simulation: give --count N too");
    run(*options);
  });
}

}  // namespace

void register_dice(CLI::App& app) {
  CLI::App* dice = add_command_group(
      app, "dice", "Exact odds of Scarney Chemin de Fer, Scarney Pie-Eyed Dice, Heaven and Nine");
  add_game(dice, "chemin-de-fer", "Scarney Chemin de Fer: point distribution, player's expectation",
           run_chemin_de_fer, "Players at the table, the banker included (tie for highest)");
  add_game(dice, "pie-eyed", "Scarney Pie-Eyed Dice: chance per turn, who orders, drinks, pays",
           run_pie_eyed, "Players taking turns");
  add_game(dice, "heaven-and-nine", "Heaven and Nine: the banker's edge, per banker hand odds",
           run_heaven_and_nine, "Players at the table, the banker included");
}

}  // namespace scarney::cli
