// `scarney bench FILE...`: solve every position of fixed files on one core
// and report positions per second and the median time per position.
// `scarney deal`: write random full deals as position files.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>

#include "cli_common.h"
#include "commands.h"
#include "games/deal.h"
#include "games/position_file.h"
#include "search/solver.h"

namespace scarney::cli {

void register_bench(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "bench", "Time the exact solver on fixed position files (one core): rate and median");
  auto files = std::make_shared<std::vector<std::string>>();
  auto repeat = std::make_shared<int>(1);
  cmd->add_option("files", *files, "position files, e.g. positions/bench/solitaire-1000.scarney")
      ->required();
  cmd->add_option("--repeat", *repeat, "solve the files this many times")->check(CLI::Range(1, 100));
  cmd->callback([files, repeat] {
    for (const std::string& f : *files) {
      const auto positions = load_positions({f});
      // High-Low is timed twice: the winner alone, and the payoff.
      const bool highlow = positions[0].game == Game::HighLow;
      for (int pass = 0; pass < (highlow ? 2 : 1); ++pass) {
        const bool winner_only = highlow && pass == 0;
        Solver solver;
        std::vector<double> micros;
        long long checksum = 0;
        const auto t0 = std::chrono::steady_clock::now();
        guarded([&] {
          for (int r = 0; r < *repeat; ++r)
            for (const Position& p : positions) {
              const auto a = std::chrono::steady_clock::now();
              checksum += winner_only ? solver.highlow_wins(p) : solver.value(p);
              const auto b = std::chrono::steady_clock::now();
              micros.push_back(std::chrono::duration<double, std::micro>(b - a).count());
            }
        });
        const double total =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        std::vector<double> sorted = micros;
        std::sort(sorted.begin(), sorted.end());
        const auto pct = [&](double q) { return sorted[static_cast<size_t>(q * (sorted.size() - 1))]; };
        double mean = 0;
        for (double m : micros) mean += m;
        mean /= micros.size();
        std::printf("%s%s\n  positions %zu  game %s  phase %s\n", f.c_str(),
                    highlow ? (winner_only ? "  [winner only]" : "  [payoff]") : "", micros.size(),
                    game_name(positions[0].game).c_str(), phase_name(positions[0].phase).c_str());
        std::printf("  %.0f positions/s   median %.1f us   mean %.1f us   p90 %.1f us   max %.1f us\n",
                    micros.size() / total, pct(0.5), mean, pct(0.9), sorted.back());
        std::printf("  nodes/position %.0f   checksum %lld\n",
                    static_cast<double>(solver.nodes()) / micros.size(), checksum);
      }
    }
  });

  auto* deal_cmd = app.add_subcommand("deal", "Write random full deals as position files");
  auto count_ = std::make_shared<long long>(1);
  auto seed = std::make_shared<unsigned long long>(1);
  auto game = std::make_shared<std::string>("solitaire");
  deal_cmd->add_option("--count", *count_, "number of deals")->check(CLI::Range(1LL, 1000000LL));
  deal_cmd->add_option("--seed", *seed, "random seed");
  deal_cmd->add_option("--game", *game, "solitaire, singles, doubles or highlow");
  deal_cmd->callback([count_, seed, game] {
    guarded([&] {
      const auto g = parse_game(*game);
      if (!g) throw InputError("--game: unknown game '" + *game + "'");
      for (long long i = 0; i < *count_; ++i) {
        Position p;
        p.game = *g;
        p.phase = *g == Game::HighLow ? Phase::Removal : Phase::TakeOff;
        p.board = deal(*seed, static_cast<uint64_t>(i));
        p.title = "deal " + std::to_string(i) + " of seed " + std::to_string(*seed);
        if (i) std::cout << "---\n";
        std::cout << format_position(p);
      }
    });
  });
}

}  // namespace scarney::cli
