// `scarney stats`: solve many random deals exactly and report what perfect
// play scores: histogram, mean and median with 95% intervals, the book's
// rating bands, the five-game match view; optionally a CSV, SVG plots and
// the best and worst deals as position files. See docs/stats.md.
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <thread>

#include "cli_common.h"
#include "commands.h"
#include "games/deal.h"
#include "games/position_file.h"
#include "games/scoring.h"
#include "options.h"
#include "stats/csv.h"
#include "stats/progress.h"
#include "stats/report.h"
#include "stats/runner.h"
#include "stats/svg_plot.h"
#include "stats/tally.h"
#include "stats_exhaustive.h"
#include "util/atomic_file.h"

namespace scarney::cli {
namespace {

constexpr long long kMaxDeals = 100'000'000;
constexpr int kMaxThreads = 256;

struct Options {
  std::string game;  // required (but not for `stats merge`)
  long long deals = 0;
  std::uint64_t seed = 1;
  int threads = 0;
  bool json = false, quiet = false;
  std::string csv, plot, match_plot, extremes, save_json;
};

std::string extreme_title(Game g, const Extreme& e, uint64_t seed, bool best, uint64_t deals) {
  std::string t = std::string(best ? "best" : "worst") + " of " + std::to_string(deals) +
                  " deals: deal " + std::to_string(e.deal) + " of seed " + std::to_string(seed) +
                  ", ";
  t += value_name(g) + " " + std::to_string(e.value);
  return traits(g).scored ? t + " (" + game_rating(e.value) + ")" : t;
}

// The output files, opened before the run so that a bad path fails now,
// not after it.
struct Outputs {
  std::unique_ptr<AtomicFile> csv, plot, match_plot, save_json;

  explicit Outputs(const Options& o) {
    if (!o.csv.empty()) csv = std::make_unique<AtomicFile>(o.csv);
    if (!o.save_json.empty()) save_json = std::make_unique<AtomicFile>(o.save_json);
    if (!o.plot.empty()) plot = std::make_unique<AtomicFile>(o.plot);
    if (!o.match_plot.empty()) match_plot = std::make_unique<AtomicFile>(o.match_plot);
    if (!o.extremes.empty()) {
      std::error_code ec;
      std::filesystem::create_directories(o.extremes, ec);
      if (ec) throw InputError(o.extremes + ": cannot create directory: " + ec.message());
    }
  }
};

// Writes `text` to `file`, if it is wanted, and puts it in place.
void commit(const std::unique_ptr<AtomicFile>& file, const std::string& text) {
  if (!file) return;
  file->write(text);
  file->commit();
}

struct Solved {
  uint64_t deals = 0;  // delivered: fewer than asked after a Ctrl-C
  double seconds = 0;  // solving alone
};

// Solves the deals into `tally` (and the CSV lines into `csv`).
Solved solve_deals(const Options& o, Game game, int threads, const std::atomic<bool>& stop,
                   Tally& tally, AtomicFile* csv) {
  const uint64_t deals = static_cast<uint64_t>(o.deals);
  std::string csv_buffer;
  if (csv) csv->write(csv_header(game));
  std::optional<ProgressBar> bar;
  if (!o.quiet) bar.emplace(deals, isatty(STDERR_FILENO) != 0);
  RunOptions ro;
  ro.game = game;
  ro.seed = o.seed;
  ro.deals = deals;
  ro.threads = threads;
  ro.stop = &stop;
  RunCallbacks cb;
  cb.on_deal = [&](uint64_t i, const Board& b, const DealOutcome& out) {
    tally.add(i, out);
    if (csv) {
      append_csv_line(csv_buffer, game, i, b, out);
      if (csv_buffer.size() > (1 << 16)) {
        csv->write(csv_buffer);
        csv_buffer.clear();
      }
    }
  };
  cb.on_progress = [&](uint64_t solved) {
    if (bar) bar->update(solved);
  };
  const auto t0 = std::chrono::steady_clock::now();
  const uint64_t done = run_deals(ro, cb);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (bar) bar->finish();
  if (csv) csv->write(csv_buffer);
  return {done, seconds};
}

void write_extremes(const Options& o, Game game, const Tally& tally) {
  if (o.extremes.empty() || !tally.deals) return;
  for (const bool best : {true, false}) {
    const Extreme& e = best ? tally.best : tally.worst;
    PositionRecord p{deal_position(game, deal(o.seed, e.deal))};
    p.title = extreme_title(game, e, o.seed, best, tally.deals);
    write_file_atomically(
        (std::filesystem::path(o.extremes) / (best ? "best.scarney" : "worst.scarney")).string(),
        format_position(p, true));
  }
}

void run(const Options& o) {
  const Game game = *parse_game(o.game);
  const uint64_t deals = static_cast<uint64_t>(o.deals);
  const int threads = o.threads > 0 ? o.threads : default_threads();
  // Ctrl-C is caught from before the first output file is opened to after
  // the last is written: the first one only stops the run.
  SigintGuard guard("\nstopping: finishing the deals in progress (Ctrl-C again to kill)\n");
  const Outputs out(o);
  Tally tally(game);
  const auto [done, seconds] = solve_deals(o, game, threads, guard.stop(), tally, out.csv.get());
  const bool interrupted = done < deals;
  const RunInfo info{o.seed, deals, interrupted, {}};

  // Timing goes to stderr: stdout is the same whatever the thread count.
  std::fprintf(stderr, "%s: %llu deals solved in %s on %d thread%s: %.0f deals/s\n",
               game_name(game).c_str(), static_cast<unsigned long long>(done),
               format_duration(seconds).c_str(), threads, threads == 1 ? "" : "s",
               seconds > 0 ? done / seconds : 0.0);
  std::cout << (o.json ? json_text(json_report(tally, info)) + "\n" : text_report(tally, info))
            << std::flush;

  if (out.csv) out.csv->commit();
  commit(out.save_json, json_text(json_report(tally, info)) + "\n");
  commit(out.plot, histogram_svg(tally, info));
  commit(out.match_plot, match_svg(tally, info));
  write_extremes(o, game, tally);
  if (interrupted) {
    std::fprintf(stderr, "scarney: interrupted: statistics of the first %llu deals (of %llu)\n",
                 static_cast<unsigned long long>(done), static_cast<unsigned long long>(deals));
    throw CLI::RuntimeError(130);
  }
}

}  // namespace

void register_stats(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "stats", "Solve many random deals exactly: what perfect play scores, with plots");
  auto o = std::make_shared<Options>();
  add_game_option(cmd, o->game, "the game")->default_str("");
  add_count_option(cmd, o->deals, "number of random deals (1 to 100,000,000)", 1LL, kMaxDeals,
                   {"--deals"})
      ->default_str("");
  add_seed_option(cmd, o->seed, "deals are deal(seed, 0 .. N-1), the same as `scarney deal`");
  add_threads_option(cmd, o->threads);
  cmd->add_flag("--json", o->json, "print one JSON object instead of the report");
  cmd->add_option("--save-json", o->save_json,
                  "also write the JSON object to FILE (with the report on stdout)");
  cmd->add_option("--csv", o->csv, "write one line per deal to FILE");
  cmd->add_option("--plot", o->plot, "write the histogram to FILE.svg");
  cmd->add_option("--match-plot", o->match_plot,
                  "Solitaire, Singles: write the five-game match distribution to FILE.svg");
  cmd->add_option("--keep-extremes", o->extremes,
                  "write the best and worst deals to DIR/best.scarney and DIR/worst.scarney");
  cmd->add_flag("--quiet", o->quiet, "no progress bar");
  output_footer(cmd,
                "the report on standard output (--json: one JSON object); the files named "
                "by --csv, --plot, --match-plot, --save-json and --keep-extremes; a progress "
                "bar on standard error when it is a terminal");
  const auto ex = add_exhaustive_options(cmd);
  register_stats_merge(cmd);
  cmd->callback([o, ex, cmd] {
    if (cmd->got_subcommand("merge")) return;
    if (o->game.empty()) bad_input("--game is required");
    // Options that would do nothing in this kind of run are refused.
    if (ex->exhaustive)
      for (const char* option :
           {"--plot", "--save-json", "--csv", "--json", "--match-plot", "--keep-extremes"})
        refuse_if_given(cmd, option,
                        "not with --exhaustive, which writes shard files (stats merge DIR has "
                        "--plot, --json and --save-json)");
    else
      for (const char* option : {"--out", "--shards", "--shard", "--range", "--sample", "--list"})
        refuse_if_given(cmd, option, "applies to --exhaustive runs only");
    if (ex->exhaustive) {
      if (o->deals) bad_input("--exhaustive solves every deal: not with --count");
      const int threads = o->threads > 0 ? o->threads : default_threads();
      guarded([&] { run_exhaustive(*ex, o->game, threads, o->quiet, o->seed); });
      return;
    }
    if (!o->deals) bad_input("--count: how many deals? (e.g. --count 100000; or --exhaustive)");
    if (!o->match_plot.empty() && two_player(*parse_game(o->game)))
      bad_input("--match-plot", "only Solitaire and Singles have a five-game match rating");
    // Every output path before the first deal: a bad one fails now.
    for (const auto& [option, path] : {std::pair{"--csv", &o->csv},
                                       {"--save-json", &o->save_json},
                                       {"--plot", &o->plot},
                                       {"--match-plot", &o->match_plot}})
      if (!path->empty()) check_output_file(option, *path);
    if (!o->extremes.empty()) prepare_output_directory("--keep-extremes", o->extremes);
    guarded([&] { run(*o); });
  });
}

}  // namespace scarney::cli
