// `scarney strength values|train`: the learned evaluation (placement/value_net.h).
//   values  random placement positions with their exact value, as JSON lines
//           (the network's training data);
//   train   fits the network to such files (and to the placements of
//           `strength make` files) and writes its text
//           (solver/placement/value_net_singles.inc's, or a file for
//           `strength run --net`).
#include <cmath>
#include <cstdio>
#include <iostream>
#include <sstream>

#include "cli_common.h"
#include "commands.h"
#include "games/position_file.h"
#include "options.h"
#include "placement/placement_solver.h"
#include "placement/random_placement.h"
#include "placement/value_net_fit.h"
#include "util/input_error.h"
#include "util/input_file.h"
#include "util/json.h"

namespace scarney::cli {
namespace {

// A's value from the value reported for the side to place (placement.md,
// "Values"): Singles reports A's score; Doubles and High-Low the mover's.
double a_value_of(const PlacementState& s, double reported) {
  if (s.game == Game::Singles || s.to_move() == Placer::A) return reported;
  return -reported;
}

void values(Game g, int left, long long first, long long count, uint64_t seed) {
  SigintGuard guard;
  PlacementOptions o;
  o.depth = -1;
  o.stop = &guard.stop();
  for (long long i = first; i < first + count; ++i) {
    const PlacementState s = random_placement(g, left, seed, static_cast<uint64_t>(i));
    PlacementSolver solver(o);
    const PlacementSolution sol = solver.solve(s);
    Json j = Json::object();
    j["game"] = game_name(g);
    j["left"] = left;
    j["seed"] = seed;
    j["index"] = i;
    j["position"] = format_position(record_of(s));
    j["a_value"] = json_whole(a_value_of(s, sol.value));
    std::cout << json_text(j) << '\n';
  }
  std::cout.flush();
}

// The samples of one line: a `values` line gives its position; a `make`
// line each placement's child.
void add_samples(const Json& j, const std::string& where, std::vector<NetSample>& out) {
  const auto records = parse_positions(j.at("position").get<std::string>(), where);
  if (records.size() != 1) throw InputError(where + ": \"position\" must hold one position");
  const PlacementState s = placement_state(records[0]);
  if (j.contains("a_value")) {
    out.push_back({net_input(s), j["a_value"].get<float>()});
    return;
  }
  for (const Json& m : j.at("moves")) {
    const auto pawn = parse_pawn(m.at("pawn").get<std::string>());
    const std::string c = m.at("circle").get<std::string>();
    if (!pawn || c.size() < 2) throw InputError(where + ": a move needs \"pawn\" and \"circle\"");
    PlacementState child = s;
    child.board.place(*pawn, static_cast<Circle>(std::stoi(c.substr(1)) - 1));
    // The move's value is the mover's after it (Singles: A's).
    const double v = m.at("value").get<double>();
    const double a = s.game == Game::Singles || s.to_move() == Placer::A ? v : -v;
    out.push_back({net_input(child), static_cast<float>(a)});
  }
}

std::vector<NetSample> load_samples(const std::vector<std::string>& files, Game g) {
  std::vector<NetSample> out;
  for (const std::string& path : files) {
    std::istringstream in(read_input_file(path, size_t{1} << 30));
    std::string text;
    for (int n = 1; std::getline(in, text); ++n) {
      if (text.empty()) continue;
      const std::string where = path + ":" + std::to_string(n);
      try {
        const Json j = Json::parse(text);
        if (j.at("game").get<std::string>() != game_name(g)) continue;
        add_samples(j, where, out);
      } catch (const Json::exception& e) {
        throw InputError({path, n, 1}, std::string("a values line: ") + e.what());
      }
    }
  }
  if (out.empty()) throw InputError("strength train: no samples of that game in the files");
  return out;
}

struct TrainArgs {
  std::vector<std::string> files, test;
  std::string game = "singles";
  NetFitOptions fit;
};

void train(const TrainArgs& a) {
  const Game g = *parse_game(a.game);
  const std::vector<NetSample> samples = load_samples(a.files, g);
  const std::vector<NetSample> test =
      a.test.empty() ? std::vector<NetSample>{} : load_samples(a.test, g);
  int lo = 16, hi = 0;
  for (const NetSample& s : samples) {
    int left = 0;
    for (uint8_t w : s.where) left += w >= 16;
    lo = std::min(lo, left);
    hi = std::max(hi, left);
  }
  double sum = 0;
  for (const NetSample& s : samples) sum += s.value;
  NetFitOptions fit = a.fit;
  fit.mid = static_cast<float>(std::round(sum / static_cast<double>(samples.size())));
  fit.scale = 20;
  std::fprintf(stderr, "strength train: %zu samples (%d to %d left), %zu to test\n", samples.size(),
               lo, hi, test.size());
  const ValueNet net = fit_value_net(g, lo, hi, samples, test, fit, [](const NetFitReport& r) {
    std::fprintf(stderr, "strength train: epoch %d, error %.2f (rms), %.2f on the test files\n",
                 r.epoch, r.train_rms, r.test_mae);
  });
  std::cout << net_text(net);
}

}  // namespace

void register_strength_net(CLI::App* cmd) {
  auto game = std::make_shared<std::string>("singles");
  auto left = std::make_shared<int>(8);
  auto count_ = std::make_shared<long long>(100);
  auto first = std::make_shared<long long>(0);
  auto seed = std::make_shared<std::uint64_t>(3);
  auto* vl = cmd->add_subcommand(
      "values", "Write random placement positions with their exact value (JSON lines)");
  add_game_option(vl, *game, "", {Game::Singles, Game::Doubles, Game::HighLow});
  vl->add_option("--left", *left, "pawns left to place")->check(whole_number(1, 15));
  add_count_option(vl, *count_, "positions", 1LL, 10000000LL);
  vl->add_option("--first", *first, "the first position's index (to resume a file)")
      ->check(whole_number(0LL, 100000000LL));
  add_seed_option(vl, *seed, "the positions' seed (scarney deal --left)");
  vl->callback(
      [=] { guarded([&] { values(*parse_game(*game), *left, *first, *count_, *seed); }); });

  auto args = std::make_shared<TrainArgs>();
  auto* tr = cmd->add_subcommand(
      "train", "Fit the learned evaluation to exact values (writes the network's text)");
  tr->add_option("files", args->files, "files written by strength values or strength make")
      ->required();
  tr->add_option("--test", args->test, "files to report the error on after each epoch");
  tr->add_option("--game", args->game, "the game whose lines are used")
      ->check(CLI::IsMember({"singles", "doubles", "highlow"}));
  tr->add_option("--epochs", args->fit.epochs, "passes over the samples")
      ->check(whole_number(1, 1000));
  tr->add_option("--hidden", args->fit.h1, "the first layer's size")->check(whole_number(1, 256));
  tr->add_option("--hidden2", args->fit.h2, "the second layer's size")->check(whole_number(1, 64));
  tr->add_option("--seed", args->fit.seed, "the fit's seed");
  tr->callback([=] { guarded([&] { train(*args); }); });
}

}  // namespace scarney::cli
