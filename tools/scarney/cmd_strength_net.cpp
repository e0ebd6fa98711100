// `scarney strength values|train`: the learned evaluation (placement/value_net.h).
//   values  random placement positions (`scarney deal --left`: a seed and
//           an index) with their exact value: the network's training data
//           (positions/strength/values/, remade by tools/make-value-net.sh);
//   train   fits the network to such files and writes its text
//           (solver/placement/value_net_GAME.inc's, or a file for
//           `strength run --net`).
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <optional>
#include <sstream>

#include "cli_common.h"
#include "commands.h"
#include "options.h"
#include "placement/leaf_bias.h"
#include "placement/placement_solver.h"
#include "placement/random_placement.h"
#include "placement/strength.h"
#include "placement/value_net_fit.h"
#include "util/input_error.h"
#include "util/input_file.h"

namespace scarney::cli {
namespace {

// A line of a values file: "singles 8 1000 5 116" (the game, pawns left,
// seed and index of random_placement, A's exact value). With `searched`
// > 0 the value is the engine's search that many placements deep instead
// (the learned evaluation where it reaches: a way to fit the network
// beyond the exact values' reach, docs/placement.md), and the line ends
// with "searched-D"; `net` (else the committed one) values the boards the
// search stops at.
void values(Game g, const RandomPositionsOptions& p, int searched, const ValueNet* net) {
  SigintGuard guard;
  PlacementOptions o;
  o.depth = searched > 0 ? searched : -1;
  o.samples = engine_samples(g);
  o.value_net = net ? net : committed_net(g);
  o.stop = &guard.stop();
  for (long long i = p.first; i < p.first + p.count; ++i) {
    const PlacementState s = random_placement(g, p.left, p.seed, static_cast<uint64_t>(i));
    PlacementSolver solver(o);
    const PlacementSolution sol = solver.solve(s);
    if (guard.interrupted()) throw CLI::RuntimeError(130);
    std::printf("%s %d %llu %lld %.10g", game_name(g).c_str(), p.left,
                static_cast<unsigned long long>(p.seed), i, a_value(s, sol.value));
    if (searched > 0 && !sol.exact) std::printf(" searched-%d", searched);
    std::printf("\n");
    std::fflush(stdout);
  }
}

// D of "searched-D" (1 to 15), else nothing.
std::optional<int> searched_depth(const std::string& how) {
  int d = 0;
  const char* end = how.data() + how.size();
  if (how.rfind("searched-", 0) != 0) return std::nullopt;
  const auto [at, ec] = std::from_chars(how.data() + 9, end, d);
  if (ec != std::errc() || at != end || d < 1 || d > 15) return std::nullopt;
  return d;
}

// A values file's samples of game g ('#' starts a comment line).
void load_values(const std::string& path, Game g, std::vector<NetSample>& out) {
  std::istringstream in(read_input_file(path, size_t{1} << 30));
  std::string text;
  for (int n = 1; std::getline(in, text); ++n) {
    if (text.empty() || text[0] == '#') continue;
    std::istringstream line(text);
    std::string game;
    int left = 0;
    unsigned long long seed = 0;
    long long index = -1;
    double value = 0;
    std::string how, rest;  // how: "searched-D" for a searched value
    if (!(line >> game >> left >> seed >> index >> value) ||
        ((line >> how) && !searched_depth(how)) || (line >> rest) || !parse_game(game) ||
        *parse_game(game) == Game::Solitaire || left < 1 || left > 15 || index < 0)
      throw InputError({path, n, 1},
                       "expected a values line: game, pawns left (1-15), seed, index, A's value "
                       "(and searched-D)");
    if (*parse_game(game) != g) continue;
    const PlacementState s = random_placement(g, left, seed, static_cast<uint64_t>(index));
    out.push_back(
        {net_input(s), static_cast<float>(value), how.empty() ? 0 : *searched_depth(how)});
  }
}

std::vector<NetSample> load_samples(const std::vector<std::string>& files, Game g) {
  std::vector<NetSample> out;
  for (const std::string& path : files) load_values(path, g, out);
  if (out.empty()) throw InputError("strength train: no lines of that game in the files");
  return out;
}

struct TrainArgs {
  std::vector<std::string> files, test;
  std::string game = "singles";
  NetFitOptions fit;
  bool include = false;  // as C++ string literals (placement/value_net_*.inc)
};

// The network's text as adjacent C++ string literals, a line each.
std::string as_include(const std::string& text, const std::string& command) {
  std::string out =
      "// Written by tools/make-value-net.sh train: `" + command + "; placement/value_net.h).\n";
  for (size_t at = 0; at < text.size();) {
    const size_t end = text.find('\n', at);
    out += "\"" + text.substr(at, end - at) + "\\n\"\n";
    at = end + 1;
  }
  return out;
}

void train(const TrainArgs& a) {
  const Game g = *parse_game(a.game);
  const std::vector<NetSample> samples = load_samples(a.files, g);
  const std::vector<NetSample> test =
      a.test.empty() ? std::vector<NetSample>{} : load_samples(a.test, g);
  int lo = 16, hi = 0;
  for (const NetSample& s : samples) {
    lo = std::min(lo, pawns_left(s));
    hi = std::max(hi, pawns_left(s));
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
  for (int left = lo; left <= hi; ++left)
    std::fprintf(stderr, "strength train: %d left, error %.2f on the test files\n", left,
                 net.error_at(left));
  if (!a.include) {
    std::cout << net_text(net);
    return;
  }
  const std::string command =
      "scarney strength train --epochs " + std::to_string(a.fit.epochs) + " --hidden " +
      std::to_string(a.fit.h1) + " --hidden2 " + std::to_string(a.fit.h2) + " --seed " +
      std::to_string(a.fit.seed) +
      (a.fit.huber > 0 ? " --huber " + CLI::detail::to_string(a.fit.huber) : std::string()) +
      " --include` on " + std::to_string(samples.size()) + " positions (" +
      std::to_string(test.size()) + " held out to measure its error";
  std::cout << as_include(net_text(net), command);
}

// `strength average`: the networks' mean as one network, its error
// measured on the test files.
void average(const std::vector<std::string>& files, const std::vector<std::string>& test) {
  std::vector<ValueNet> nets;
  for (const std::string& f : files) {
    nets.push_back(*load_net(f));
    if (nets.back().game != nets[0].game || nets.back().min_left != nets[0].min_left ||
        nets.back().max_left != nets[0].max_left || nets.back().scale != nets[0].scale)
      throw InputError(f + ": not of the first network's game, pawns left and scale");
  }
  int h1 = 0, h2 = 0;
  for (const ValueNet& n : nets) h1 += n.h1, h2 += n.h2;
  if (h1 > 256 || h2 > 64)
    throw InputError("strength average: " + std::to_string(h1) + " and " + std::to_string(h2) +
                     " units in all; a network holds at most 256 and 64");
  ValueNet net = average_nets(nets);
  measure_net_error(net, test.empty() ? std::vector<NetSample>{} : load_samples(test, net.game));
  for (int left = net.min_left; left <= net.max_left; ++left)
    std::fprintf(stderr, "strength average: %d left, error %.2f on the test files\n", left,
                 net.error_at(left));
  std::cout << net_text(net);
}

}  // namespace

void register_strength_net(CLI::App* cmd) {
  auto game = std::make_shared<std::string>("singles");
  auto p = std::make_shared<RandomPositionsOptions>(RandomPositionsOptions{8, 100, 0, 3});
  auto* vl = cmd->add_subcommand(
      "values",
      "Write random placement positions' exact values (lines: game, pawns left, seed, index, "
      "A's value)");
  add_game_option(vl, *game, "", {Game::Singles, Game::Doubles, Game::HighLow});
  add_random_positions_options(vl, *p, 1000000);
  auto searched = std::make_shared<int>(0);
  vl->add_option("--searched", *searched,
                 "value each position by the engine's search this many placements deep (with the "
                 "learned evaluation where it reaches) instead of exactly")
      ->check(whole_number(1, 15));
  auto net_file = std::make_shared<std::string>();
  vl->add_option("--net", *net_file,
                 "with --searched: value the boards within its pawns left by this learned "
                 "evaluation (written by strength train) instead of the engine's");
  vl->callback([=] {
    guarded([&] {
      const auto net = load_net(*net_file);
      check_net_game(net.get(), *parse_game(*game), *net_file);
      values(*parse_game(*game), *p, *searched, net.get());
    });
  });

  auto args = std::make_shared<TrainArgs>();
  auto* tr = cmd->add_subcommand(
      "train", "Fit the learned evaluation to exact values (writes the network's text)");
  tr->add_option("files", args->files, "files written by strength values")->required();
  tr->add_option("--test", args->test, "files to report the error on after each epoch");
  tr->add_option("--game", args->game, "the game whose lines are used")
      ->check(CLI::IsMember({"singles", "doubles", "highlow"}));
  tr->add_option("--epochs", args->fit.epochs, "passes over the samples")
      ->check(whole_number(1, 1000));
  const auto eights = CLI::Validator(
      [](const std::string& v) {
        return std::atoi(v.c_str()) % 8 ? std::string("must be a multiple of 8") : std::string();
      },
      "MULTIPLE OF 8");
  tr->add_option("--hidden", args->fit.h1, "the first layer's size (8 to 256, a multiple of 8)")
      ->check(whole_number(8, 256) & eights);
  tr->add_option("--hidden2", args->fit.h2, "the second layer's size (8 to 64, a multiple of 8)")
      ->check(whole_number(8, 64) & eights);
  tr->add_option("--seed", args->fit.seed, "the fit's seed");
  tr->add_option("--huber", args->fit.huber,
                 "the Huber loss: squared within this many points, linear beyond (0: squared)")
      ->check(CLI::Range(0.0, 100.0));
  tr->add_flag("--include", args->include,
               "write it as C++ string literals (solver/placement/value_net_GAME.inc)");
  tr->callback([=] { guarded([&] { train(*args); }); });

  auto nets = std::make_shared<std::vector<std::string>>();
  auto avg_test = std::make_shared<std::vector<std::string>>();
  auto* av = cmd->add_subcommand(
      "average", "The mean of networks written by strength train, as one network (its text)");
  av->add_option("nets", *nets,
                 "networks of one game and pawns left (at most 256 and 64 units "
                 "in all)")
      ->required();
  av->add_option("--test", *avg_test, "values files to measure its error on");
  av->callback([=] { guarded([&] { average(*nets, *avg_test); }); });
}

}  // namespace scarney::cli
