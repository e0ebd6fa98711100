// `scarney bench FILE...`: solve every position of fixed files on one core
// and report positions per second and the median time per position.
// `scarney deal`: write random full deals as position files.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <iostream>

#include "cli_common.h"
#include "commands.h"
#include "games/deal.h"
#include "games/position_file.h"
#include "options.h"
#include "placement/random_placement.h"
#include "proof/plain_highlow.h"
#include "proof/retrograde_highlow.h"
#include "search/bench_runner.h"
#include "util/json.h"
#include "util/printable.h"

namespace scarney::cli {
namespace {

// CPU time of this thread: what one core spends, whatever else the machine
// is doing (on a loaded machine wall-clock time also counts the waiting).
double thread_cpu_micros() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e6 + static_cast<double>(t.tv_nsec) / 1e3;
}

struct Stats {
  double median, mean, p90, max;
};

Stats summarize(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  double mean = 0;
  for (double x : v) mean += x;
  mean /= static_cast<double>(v.size());
  return {v[v.size() / 2], mean, v[static_cast<size_t>(0.9 * static_cast<double>(v.size() - 1))],
          v.back()};
}

using Pass = BenchPass;

const char* pass_label(Pass pass) {
  switch (pass) {
    case Pass::WinnerSearch:
      return "  [winner only]";
    case Pass::WinnerPass:
      return "  [winner only, every subset in one pass]";
    default:
      return "  [payoff]";
  }
}

// One pass over a file's positions: each time, and what the solver did.
struct Timing {
  std::vector<double> wall, cpu;  // microseconds per position
  long long checksum = 0;
  uint64_t nodes = 0;
};

// The certificate checker's leaf passes (proof/), run as BenchRunner runs
// the solvers: who wins when A removes first, and the subsets settled.
template <class LeafPass>
class LeafRunner {
 public:
  long long run(const Position& p) {
    const bool w = pass_.wins(p.board);
    subsets_ += pass_.settled();
    return w;
  }
  uint64_t nodes() const { return subsets_; }

 private:
  LeafPass pass_;
  uint64_t subsets_ = 0;
};

// Times every position `repeat` times, or until `stop` is set (Ctrl-C):
// then the positions timed so far. `make()` gives a runner: BenchRunner or
// LeafRunner.
template <class Make>
Timing time_positions(const std::vector<Position>& positions, int repeat, Make make,
                      const std::atomic<bool>& stop) {
  auto timer = make();
  Timing t;
  guarded([&] {
    // One untimed solve first: the solvers' shared tables are built
    // once per process, and that is not what a position costs.
    make().run(positions[0]);
    for (int r = 0; r < repeat; ++r)
      for (const Position& p : positions) {
        if (stop.load()) return;
        const auto a = std::chrono::steady_clock::now();
        const double c = thread_cpu_micros();
        t.checksum += timer.run(p);
        t.cpu.push_back(thread_cpu_micros() - c);
        t.wall.push_back(
            std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - a)
                .count());
      }
  });
  t.nodes = timer.nodes();
  return t;
}

void print_timing(const std::string& file, const Position& first, const char* label,
                  const Timing& t) {
  const Stats w = summarize(t.wall), c = summarize(t.cpu);
  std::printf("%s%s\n  positions %zu  game %s  phase %s\n", file.c_str(), label, t.cpu.size(),
              game_name(first.game).c_str(), phase_name(first.phase).c_str());
  std::printf(
      "  cpu:  median %.1f us   mean %.1f us   p90 %.1f us   max %.1f us   %.0f "
      "positions/s\n",
      c.median, c.mean, c.p90, c.max, 1e6 / c.mean);
  std::printf(
      "  wall: median %.1f us   mean %.1f us   p90 %.1f us   max %.1f us   %.0f "
      "positions/s\n",
      w.median, w.mean, w.p90, w.max, 1e6 / w.mean);
  std::printf("  %s/position %.0f   checksum %lld\n",
              std::strstr(label, "every subset") ? "subsets" : "nodes",
              static_cast<double>(t.nodes) / static_cast<double>(t.cpu.size()), t.checksum);
}

std::vector<Position> bench_positions(const std::string& file) {
  std::vector<Position> positions;
  for (const PositionRecord& r : load_positions({file})) positions.push_back(r.position);
  return positions;
}

// High-Low is run three times: who wins by the search and by the pass over
// every subset, and the payoff (then twice more: the certificate checker's
// leaf passes, run_bench).
std::vector<Pass> passes_for(Game g) {
  if (traits(g).winner_only) return {Pass::WinnerSearch, Pass::WinnerPass, Pass::Value};
  return {Pass::Value};
}

// Times one pass over a file's positions and prints it; after a Ctrl-C,
// what was stopped, status 130.
template <class Make>
void bench_pass(const std::string& f, const std::vector<Position>& positions, int repeat,
                const char* label, Make make, const SigintGuard& guard) {
  const Timing t = time_positions(positions, repeat, make, guard.stop());
  if (!t.cpu.empty()) print_timing(f, positions[0], label, t);
  if (!guard.interrupted()) return;
  std::fflush(stdout);
  std::fprintf(stderr,
               "scarney: interrupted: bench stopped in %s%s after %zu of %zu positions timed%s\n",
               f.c_str(), *label ? label + 1 : "", t.cpu.size(),
               positions.size() * static_cast<size_t>(repeat),
               t.cpu.empty() ? "" : " (their figures above)");
  throw CLI::RuntimeError(130);
}

// Times every file. A Ctrl-C stops after the position being solved: the
// figures of the positions timed so far, what was stopped, status 130.
void run_bench(const std::vector<std::string>& files, int repeat) {
  SigintGuard guard("\nstopping after the position being solved (Ctrl-C again to kill)\n");
  for (const std::string& f : files) {
    const std::vector<Position> positions = bench_positions(f);
    const bool highlow = traits(positions[0].game).winner_only;
    for (Pass pass : passes_for(positions[0].game))
      bench_pass(
          f, positions, repeat, highlow ? pass_label(pass) : "",
          [pass] { return BenchRunner(pass); }, guard);
    if (!highlow) continue;
    // The certificate checker's leaf passes (`certify`, `certify --slow`).
    bench_pass(
        f, positions, repeat, "  [winner only, every subset: certify's leaf pass]",
        [] { return LeafRunner<RetrogradeHighLow>(); }, guard);
    bench_pass(
        f, positions, repeat, "  [winner only, every subset: certify --slow's plain pass]",
        [] { return LeafRunner<PlainHighLow>(); }, guard);
  }
}

const char* pass_name(Pass pass) {
  switch (pass) {
    case Pass::WinnerSearch:
      return "winner";
    case Pass::WinnerPass:
      return "winner-pass";
    default:
      return "value";
  }
}

// Each file's signature per pass, one JSON line each: what the WebAssembly
// build must equal (tests/wasm).
void print_signatures(const std::vector<std::string>& files) {
  for (const std::string& f : files) {
    const std::vector<Position> positions = bench_positions(f);
    for (Pass pass : passes_for(positions[0].game)) {
      const BenchSignature s = bench_signature(positions, pass);
      std::cout << json_text(Json{{"file", printable(f)},
                                  {"pass", pass_name(pass)},
                                  {"positions", s.positions},
                                  {"checksum", s.checksum},
                                  {"nodes", s.nodes}})
                << "\n";
    }
  }
}

}  // namespace

void register_bench(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "bench", "Time the exact solver on fixed position files (one core): rate and median");
  auto files = std::make_shared<std::vector<std::string>>();
  auto repeat = std::make_shared<int>(1);
  cmd->add_option("files", *files, "position files, e.g. positions/bench/solitaire-1000.scarney")
      ->required();
  add_count_option(cmd, *repeat, "solve the files this many times", 1, 100, {"--repeat"});
  auto signature = std::make_shared<bool>(false);
  cmd->add_flag("--signature", *signature,
                "print each file's signature instead of timing: positions, the sum of the "
                "values and the nodes searched, one JSON line per file and pass");
  cmd->callback([files, repeat, signature] {
    if (*signature)
      guarded([&] { print_signatures(*files); });
    else
      run_bench(*files, *repeat);
  });

  auto* deal_cmd = app.add_subcommand(
      "deal", "Write random full deals (or, with --left, placement positions) as position files");
  auto count_ = std::make_shared<long long>(1);
  auto seed = std::make_shared<std::uint64_t>(1);
  auto game = std::make_shared<std::string>("solitaire");
  auto left = std::make_shared<int>(0);
  add_count_option(deal_cmd, *count_, "number of deals", 1LL, 1000000LL);
  add_seed_option(deal_cmd, *seed, "random seed");
  add_game_option(deal_cmd, *game, "");
  deal_cmd
      ->add_option("--left", *left,
                   "placement positions with this many pawns left to place instead (Singles, "
                   "Doubles, High-Low): A's colours and the placements so far at random")
      ->check(whole_number(1, 16));
  deal_cmd->callback([count_, seed, game, left] {
    guarded([&] {
      const auto g = parse_game(*game);
      if (!g) throw InputError("--game: unknown game '" + *game + "'");
      if (*left && !traits(*g).placement)
        throw InputError("--left: Solitaire has no placement phase");
      for (long long i = 0; i < *count_; ++i) {
        if (i) std::cout << "---\n";
        const auto k = static_cast<uint64_t>(i);
        std::cout << format_position(*left ? random_placement_record(*g, *left, *seed, k)
                                           : dealt_position(*g, *seed, k));
      }
    });
  });
}

}  // namespace scarney::cli
