#include "stats_exhaustive.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <iostream>
#include <memory>
#include <optional>

#include "cli_common.h"
#include "exhaustive/deal_space.h"
#include "exhaustive/drive.h"
#include "exhaustive/merge.h"
#include "games/deal.h"
#include "options.h"
#include "stats/progress.h"
#include "stats/svg_plot.h"
#include "util/atomic_file.h"
#include "util/input_error.h"
#include "util/printable.h"

namespace scarney::cli {

using namespace scarney::exhaustive;

namespace {

constexpr unsigned long long kMaxShards = kMaxShardCount;
// A sample is drawn whole before the run: a million shards is far more than
// an estimate needs (docs/exhaustive.md samples tens).
constexpr unsigned long long kMaxSample = 1'000'000;

// The shards a run covers: one (--shard K/S), all S, a range A:B of them
// (a job array's task), or a uniform random sample of M (--sample, --seed).
// A range is planned lazily (shard i is A + i of S: S up to 10^12 takes no
// memory); a sample is drawn at once, M shards, watching `stop`.
struct ShardPlan {
  uint64_t count = 0;
  std::function<ShardId(uint64_t)> at;
};

ShardPlan chosen_shards(const ExhaustiveOptions& e, unsigned long long seed,
                        const std::atomic<bool>& stop) {
  if (!e.shard.empty()) {
    if (e.shards || !e.range.empty() || e.sample)
      throw InputError("--shard K/S runs one shard: not with --shards, --range or --sample");
    const ShardId id = parse_shard_id(e.shard);
    return {1, [id](uint64_t) { return id; }};
  }
  if (!e.shards) throw InputError("--exhaustive needs --shard K/S or --shards S");
  const uint64_t S = e.shards;
  uint64_t a = 0, b = S;
  if (!e.range.empty()) {
    const auto colon = e.range.find(':');
    try {
      if (colon == std::string::npos ||
          e.range.find_first_not_of("0123456789:") != std::string::npos)
        throw std::invalid_argument("");
      a = std::stoull(e.range.substr(0, colon));
      b = std::stoull(e.range.substr(colon + 1));
    } catch (const std::exception&) {
      throw InputError("--range: expected A:B (shards A to B-1), got '" + e.range + "'");
    }
    if (a >= b || b > S)
      throw InputError("--range " + e.range + ": expected A:B with 0 <= A < B <= " +
                       std::to_string(S) + " (the --shards)");
  }
  if (!e.sample) return {b - a, [a, S](uint64_t i) { return ShardId{a + i, S}; }};
  std::vector<ShardId> ids;
  {
    if (e.sample > b - a)
      throw InputError("--sample " + std::to_string(e.sample) + ": more than the " +
                       std::to_string(b - a) + " shards " +
                       (e.range.empty() ? "of --shards" : "of --range " + e.range));
    // A partial Fisher-Yates shuffle of a..b-1 (a map keeps it small).
    std::map<uint64_t, uint64_t> swapped;
    SplitMix64 rng(seed);
    const auto get = [&](uint64_t i) { return swapped.count(i) ? swapped[i] : i; };
    for (uint64_t i = 0; i < e.sample && !stop; ++i) {
      const uint64_t j = i + rng.below(b - a - i);
      const uint64_t vi = get(i), vj = get(j);
      swapped[i] = vj;
      swapped[j] = vi;
      ids.push_back({a + vj, S});
    }
    std::sort(ids.begin(), ids.end(),
              [](const ShardId& x, const ShardId& y) { return x.index < y.index; });
  }
  auto shared = std::make_shared<const std::vector<ShardId>>(std::move(ids));
  return {shared->size(), [shared](uint64_t i) { return (*shared)[i]; }};
}

void list_shard(const ExhaustiveOptions& e) {
  const ShardId id = parse_shard_id(e.shard);
  std::string buffer;
  list_range(shard_range(id, factorial(16)), [&](uint64_t, const Deal& d, int orbit) {
    buffer += deal_text(d) + " " + std::to_string(orbit) + "\n";
    if (buffer.size() > (1 << 16)) {
      std::cout << buffer;
      buffer.clear();
    }
  });
  std::cout << buffer << std::flush;
}

}  // namespace

std::shared_ptr<ExhaustiveOptions> add_exhaustive_options(CLI::App* cmd) {
  auto e = std::make_shared<ExhaustiveOptions>();
  cmd->add_flag("--exhaustive", e->exhaustive,
                "every deal, exactly, in shards (Solitaire, Singles): see docs/exhaustive.md");
  cmd->add_option("--shard", e->shard, "--exhaustive: solve shard K of S (K/S, 0 <= K < S)");
  cmd->add_option("--shards", e->shards,
                  "--exhaustive: solve the shards of S (all, --range, --sample; under mpirun "
                  "the ranks share them)")
      ->check(whole_number(1ull, kMaxShards))
      ->default_str("");
  cmd->add_option("--range", e->range, "--exhaustive --shards S: only shards A to B-1 (A:B)");
  cmd->add_option("--sample", e->sample,
                  "--exhaustive --shards S: a uniform random choice of M shards (by --seed), "
                  "1 to 1,000,000")
      ->check(whole_number(1ull, kMaxSample))
      ->default_str("");
  cmd->add_option("--out", e->out, "--exhaustive: the directory of the shard files");
  cmd->add_flag("--list", e->list,
                "--exhaustive --shard K/S: print the shard's representatives (pawns on C1..C16, "
                "orbit size) without solving");
  return e;
}

void run_exhaustive(const ExhaustiveOptions& e, const std::string& game_text, int threads,
                    bool quiet, unsigned long long seed) {
  const Game game = *parse_game(game_text);
  if (two_player(game)) throw InputError("--exhaustive: only solitaire and singles");
  if (e.list) {
    if (e.shard.empty()) throw InputError("--list needs --shard K/S");
    list_shard(e);
    return;
  }
  if (e.out.empty()) throw InputError("--exhaustive needs --out DIR");
  // Ctrl-C is caught from the start: drawing a large sample takes a while.
  SigintGuard guard(
      "\nstopping: the shard in hand is dropped, no file written (Ctrl-C again to kill)\n");
  DriveOptions o;
  o.game = game;
  ShardPlan plan = chosen_shards(e, seed, guard.stop());
  o.shard_count = plan.count;
  o.shard_at = std::move(plan.at);
  o.dir = e.out;
  o.threads = threads;
  std::error_code ec;
  std::filesystem::create_directories(e.out, ec);
  if (!std::filesystem::is_directory(e.out, ec))
    throw InputError(e.out + ": cannot create the directory");
  o.stop = &guard.stop();
  std::optional<ProgressBar> bar;
  uint64_t bar_total = 0;
  const bool terminal = !quiet && isatty(STDERR_FILENO);
  o.on_shard = [&](const std::string& line) {
    if (bar) bar->finish(), bar.reset();
    if (!quiet) std::fprintf(stderr, "%s\n", line.c_str());
  };
  if (terminal)
    o.on_progress = [&](uint64_t done, uint64_t total) {
      if (!bar || total != bar_total) bar.emplace(total, true), bar_total = total;
      bar->update(done);
    };
  const auto t0 = std::chrono::steady_clock::now();
  const DriveResult r = run_shards(o);
  if (bar) bar->finish();
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (!r.error.empty()) {
    std::fprintf(stderr, "scarney: %s%s\n",
                 r.ranks > 1 ? ("rank " + std::to_string(r.rank) + ": ").c_str() : "",
                 printable(r.error).c_str());
    throw CLI::RuntimeError(kExitBadInput);
  }
  if (r.rank == 0 && !quiet)
    std::fprintf(stderr,
                 "%s: %llu shard%s solved, %llu already there, in %s on %d rank%s x %d thread%s\n",
                 game_name(game).c_str(), static_cast<unsigned long long>(r.solved),
                 r.solved == 1 ? "" : "s", static_cast<unsigned long long>(r.skipped),
                 format_duration(secs).c_str(), r.ranks, r.ranks == 1 ? "" : "s", threads,
                 threads == 1 ? "" : "s");
  if (r.interrupted) {
    std::fprintf(stderr,
                 "scarney: interrupted: the finished shards are kept; run again to complete\n");
    throw CLI::RuntimeError(130);
  }
}

void register_stats_merge(CLI::App* stats) {
  auto* cmd = stats->add_subcommand(
      "merge", "Sum the shard files of an exhaustive run: exact over all 16! deals, or partial");
  struct Opts {
    std::string dir, game, plot, save_json;
    bool json = false;
  };
  auto o = std::make_shared<Opts>();
  cmd->add_option("DIR", o->dir, "the directory of the shard files")->required();
  add_game_option(cmd, o->game, "when DIR holds both", {Game::Solitaire, Game::Singles});
  cmd->add_flag("--json", o->json, "print one JSON object instead of the report");
  cmd->add_option("--save-json", o->save_json, "also write the JSON object to FILE");
  cmd->add_option("--plot", o->plot, "write the histogram to FILE.svg");
  cmd->callback([o] {
    // The files written at the end, checked before the shards are read.
    if (!o->save_json.empty()) check_output_file("--save-json", o->save_json);
    if (!o->plot.empty()) check_output_file("--plot", o->plot);
    guarded([&] {
      std::optional<Game> game;
      if (!o->game.empty()) game = parse_game(o->game);
      const Merged m = merge_shards(o->dir, game);
      for (const std::string& s : m.skipped)
        std::cerr << "scarney: warning: " << printable(s) << "\n";
      if (!m.exact())
        std::fprintf(stderr,
                     "scarney: warning: partial merge: %llu missing shard%s (%.4g%% of the deals "
                     "covered)\n",
                     static_cast<unsigned long long>(m.missing_count),
                     m.missing_count == 1 ? "" : "s", 100.0 * m.covered / m.deals);
      std::cout << (o->json ? json_text(merged_json(m)) + "\n" : merged_text(m)) << std::flush;
      if (!o->save_json.empty())
        write_file_atomically(o->save_json, json_text(merged_json(m)) + "\n");
      if (!o->plot.empty()) write_file_atomically(o->plot, histogram_svg(m.tally, merged_info(m)));
    });
  });
}

}  // namespace scarney::cli
