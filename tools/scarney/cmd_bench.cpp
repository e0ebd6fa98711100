// `scarney bench FILE...`: solve every position of fixed files on one core
// and report positions per second and the median time per position.
// `scarney deal`: write random full deals as position files.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <iostream>

#include "cli_common.h"
#include "commands.h"
#include "games/deal.h"
#include "games/position_file.h"
#include "search/solver.h"

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

}  // namespace

void register_bench(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "bench", "Time the exact solver on fixed position files (one core): rate and median");
  auto files = std::make_shared<std::vector<std::string>>();
  auto repeat = std::make_shared<int>(1);
  cmd->add_option("files", *files, "position files, e.g. positions/bench/solitaire-1000.scarney")
      ->required();
  cmd->add_option("--repeat", *repeat, "solve the files this many times")
      ->check(CLI::Range(1, 100));
  cmd->callback([files, repeat] {
    for (const std::string& f : *files) {
      std::vector<Position> positions;
      for (const PositionRecord& r : load_positions({f})) positions.push_back(r.position);
      // High-Low is timed twice: the winner alone, and the payoff.
      const bool highlow = positions[0].game == Game::HighLow;
      for (int pass = 0; pass < (highlow ? 2 : 1); ++pass) {
        const bool winner_only = highlow && pass == 0;
        Solver solver;
        std::vector<double> wall, cpu;
        long long checksum = 0;
        guarded([&] {
          // One untimed solve first: the solvers' shared tables are built
          // once per process, and that is not what a position costs.
          {
            Solver warm;
            winner_only ? warm.highlow_wins(positions[0]) : warm.value(positions[0]);
          }
          for (int r = 0; r < *repeat; ++r)
            for (const Position& p : positions) {
              const auto a = std::chrono::steady_clock::now();
              const double c = thread_cpu_micros();
              checksum += winner_only ? solver.highlow_wins(p) : solver.value(p);
              cpu.push_back(thread_cpu_micros() - c);
              wall.push_back(
                  std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - a)
                      .count());
            }
        });
        const Stats w = summarize(wall), c = summarize(cpu);
        std::printf("%s%s\n  positions %zu  game %s  phase %s\n", f.c_str(),
                    highlow ? (winner_only ? "  [winner only]" : "  [payoff]") : "", cpu.size(),
                    game_name(positions[0].game).c_str(), phase_name(positions[0].phase).c_str());
        std::printf(
            "  cpu:  median %.1f us   mean %.1f us   p90 %.1f us   max %.1f us   %.0f "
            "positions/s\n",
            c.median, c.mean, c.p90, c.max, 1e6 / c.mean);
        std::printf(
            "  wall: median %.1f us   mean %.1f us   p90 %.1f us   max %.1f us   %.0f "
            "positions/s\n",
            w.median, w.mean, w.p90, w.max, 1e6 / w.mean);
        const auto& micros = cpu;
        std::printf("  nodes/position %.0f   checksum %lld\n",
                    static_cast<double>(solver.nodes()) / micros.size(), checksum);
      }
    }
  });

  auto* deal_cmd = app.add_subcommand("deal", "Write random full deals as position files");
  auto count_ = std::make_shared<long long>(1);
  auto seed = std::make_shared<std::uint64_t>(1);
  auto game = std::make_shared<std::string>("solitaire");
  deal_cmd->add_option("--count", *count_, "number of deals")->check(CLI::Range(1LL, 1000000LL));
  add_seed_option(deal_cmd, *seed, "random seed");
  deal_cmd->add_option("--game", *game, "solitaire, singles, doubles or highlow");
  deal_cmd->callback([count_, seed, game] {
    guarded([&] {
      const auto g = parse_game(*game);
      if (!g) throw InputError("--game: unknown game '" + *game + "'");
      for (long long i = 0; i < *count_; ++i) {
        PositionRecord r;
        r.position.game = *g;
        r.position.phase = *g == Game::HighLow ? Phase::Removal : Phase::TakeOff;
        r.position.board = deal(*seed, static_cast<uint64_t>(i));
        r.title = "deal " + std::to_string(i) + " of seed " + std::to_string(*seed);
        if (i) std::cout << "---\n";
        std::cout << format_position(r);
      }
    });
  });
}

}  // namespace scarney::cli
