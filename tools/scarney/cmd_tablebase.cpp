// `scarney tablebase build|info|probe|verify|bench`: endgame tables of every
// position with few pawns (see docs/tablebase.md).
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <optional>
#include <sstream>

#include "cli_common.h"
#include "cluster/task_farm.h"
#include "commands.h"
#include "games/deal.h"
#include "games/rules.h"
#include "options.h"
#include "search/reference.h"
#include "search/solver.h"
#include "tablebase/builder.h"
#include "tablebase/payoff.h"
#include "tablebase/tablebase_set.h"
#include "tablebase/tiers.h"
#include "util/dir_lock.h"
#include "util/json.h"
#include "util/printable.h"

namespace scarney::cli {
namespace {

using namespace scarney::tablebase;

std::vector<Game> parse_games(const std::string& text) {
  if (text == "all") return {Game::Solitaire, Game::Singles, Game::Doubles, Game::HighLow};
  std::vector<Game> out;
  std::stringstream in(text);
  std::string word;
  while (std::getline(in, word, ',')) {
    const auto g = parse_game(word);
    if (!g)
      bad_input("--game: unknown game '" + word +
                "' (solitaire, singles, doubles, highlow or all)");
    out.push_back(*g);
  }
  if (out.empty()) bad_input("--game: no game given");
  return out;
}

std::string clock_text(double seconds) {
  const long s = static_cast<long>(seconds + 0.5);
  char buf[32];
  if (s >= 3600)
    std::snprintf(buf, sizeof buf, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
  else
    std::snprintf(buf, sizeof buf, "%ld:%02ld", s / 60, s % 60);
  return buf;
}

std::string count_text(double n) {
  char buf[32];
  if (n >= 1e9)
    std::snprintf(buf, sizeof buf, "%.2f G", n / 1e9);
  else if (n >= 1e6)
    std::snprintf(buf, sizeof buf, "%.2f M", n / 1e6);
  else if (n >= 1e3)
    std::snprintf(buf, sizeof buf, "%.1f k", n / 1e3);
  else
    std::snprintf(buf, sizeof buf, "%.0f ", n);
  return buf;
}

// The progress bar: redrawn in place on a terminal; nothing in pipes and
// log files, which get only each layer's result line.
class LayerProgress {
 public:
  LayerProgress() : tty_(::isatty(STDERR_FILENO)) {}
  void show(const BuildProgress& p) {
    const double frac = p.total ? static_cast<double>(p.done) / static_cast<double>(p.total) : 1;
    const double rate = p.seconds > 0 ? static_cast<double>(p.done) / p.seconds : 0;
    const double eta = rate > 0 ? static_cast<double>(p.total - p.done) / rate : 0;
    const int width = 24, full = static_cast<int>(frac * width);
    char line[200];
    std::snprintf(line, sizeof line, "%-14s layer %d/%d [%s%s] %5.1f%%  %sentries/s  ETA %s  ",
                  kind_name(p.kind).c_str(), p.pawns, p.max_pawns, std::string(full, '#').c_str(),
                  std::string(width - full, '.').c_str(), 100 * frac, count_text(rate).c_str(),
                  clock_text(eta).c_str());
    if (tty_) {
      std::cerr << "\r" << line << std::flush;
      dirty_ = true;
    }
  }
  void layer_done(const LayerReport& r) {
    if (dirty_) std::cerr << "\r" << std::string(100, ' ') << "\r";
    dirty_ = false;
    std::string what = r.reused ? "already built, checked"
                       : r.damage.empty()
                           ? "built"
                           : "rebuilt: the file there was damaged (" + r.damage + ")";
    if (!r.reused && r.tiers_kept > 0)
      what += ", " + std::to_string(r.tiers_kept) + " of its " + std::to_string(r.tiers) +
              " tiers from an earlier run";
    std::fprintf(stderr, "%-14s layer %d: %s (%s entries, %s stored, %.1f MB, %.1f s)\n",
                 kind_name(r.kind).c_str(), r.pawns, what.c_str(),
                 count_text(static_cast<double>(r.entries)).c_str(),
                 count_text(static_cast<double>(r.canonical)).c_str(), r.file_bytes / 1e6,
                 r.seconds);
  }
  void clear() {
    if (dirty_) std::cerr << "\n";
    dirty_ = false;
  }

 private:
  bool tty_;
  bool dirty_ = false;
};

void add_build(CLI::App& parent) {
  auto* cmd =
      parent.add_subcommand("build", "Build the tables of all positions with up to N pawns");
  struct Options {
    std::string game, out;
    int max_pawns = 0, threads = default_threads(), level = 9;
  };
  auto o = std::make_shared<Options>();
  cmd->add_option("--game", o->game, "solitaire, singles, doubles, highlow, a comma list, or all")
      ->required();
  cmd->add_option("--max-pawns", o->max_pawns, "largest pawn count (1..8)")
      ->required()
      ->default_str("");
  cmd->add_option("--out", o->out, "directory of the tables (created if missing)")->required();
  add_threads_option(cmd, o->threads);
  cmd->add_option("--level", o->level, "zstd compression level (1..19)")
      ->check(whole_number(1, 19));
  cmd->callback([o] {
    const auto games = parse_games(o->game);
    if (o->max_pawns < 1 || o->max_pawns > kMaxBuildPawns)
      bad_input("--max-pawns " + std::to_string(o->max_pawns) + ": must be 1 to " +
                std::to_string(kMaxBuildPawns) +
                " (7 and 8 pawns already need hours and tens of GB; see docs/tablebase.md)");
    if (o->threads < 1 || o->threads > 256) bad_input("--threads must be 1 to 256");
    if (o->level < 1 || o->level > 19) bad_input("--level must be 1 to 19");
    prepare_output_directory("--out", o->out);  // before any work
    const cluster::Cluster cluster;             // the ranks, under mpirun or srun
    // One build at a time in a folder (rank 0 holds the lock for them all).
    std::optional<DirectoryLock> lock;
    std::string locked_out;
    if (cluster.manager()) try {
        lock.emplace(o->out, ".scarney-build.lock", "tablebase build");
      } catch (const InputError& e) {
        locked_out = e.message();
      }
    if (cluster.any(!locked_out.empty())) {
      if (cluster.manager()) bad_input("--out " + o->out, locked_out);
      throw CLI::RuntimeError(kExitBadInput);
    }
    SigintGuard guard;
    LayerProgress bar;
    BuildOptions bo;
    bo.cluster = &cluster;
    bo.dir = o->out;
    bo.max_pawns = o->max_pawns;
    bo.threads = o->threads;
    bo.zstd_level = o->level;
    bo.stop = &guard.stop();
    bo.progress = [&](const BuildProgress& p) { bar.show(p); };
    bo.layer_done = [&](const LayerReport& r) { bar.layer_done(r); };
    const auto start = std::chrono::steady_clock::now();
    try {
      for (Game g : games)
        for (TableKind k : kinds_of(g)) build_tables(k, bo);
    } catch (const BuildRefused& e) {
      bar.clear();
      if (cluster.manager()) std::cerr << "scarney: " << e.what() << "\n";
      throw CLI::RuntimeError(kExitBadInput);
    } catch (const BuildInterrupted&) {
      bar.clear();
      std::cerr << "scarney: interrupted: the finished layers in " << printable(o->out)
                << " are kept and a rerun goes on from there\n";
      throw CLI::RuntimeError(130);
    } catch (const std::exception& e) {
      bar.clear();
      std::cerr << "scarney: " << printable(e.what()) << "\n";
      throw CLI::RuntimeError(kExitCheckFailed);
    }
    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (cluster.manager()) std::fprintf(stderr, "done in %s\n", clock_text(secs).c_str());
  });
}

std::unique_ptr<TablebaseSet> load_set(const std::string& dir) { return open_tables(dir); }

void print_header(const TableFile& f) {
  const TableHeader& h = f.header();
  const KindInfo& k = info(h.kind);
  std::printf("%s\n", f.path().c_str());
  std::printf("  kind %s  game %s  pawns %d  rules variant %u  format %u\n", k.name,
              game_name(k.game).c_str(), h.pawns, kRulesVariant, kFormatVersion);
  std::printf("  colours permuted: %s  value encoding %s (%d bits)\n",
              k.group == ColourGroup::AllFour ? "all four" : "red, yellow, green",
              encoding_name(k.encoding).c_str(), k.bits_per_entry);
  std::printf(
      "  entries %llu (%llu stored positions, %u materials)  blocks %u of %u entries  zstd level "
      "%d\n",
      static_cast<unsigned long long>(h.entries),
      static_cast<unsigned long long>(h.canonical_entries), h.materials, h.blocks, h.block_entries,
      h.zstd_level);
  const double raw = static_cast<double>(value_bytes(h.kind, h.entries));
  std::printf(
      "  file %llu bytes  (values %.0f bytes raw, ratio %.1f, %.3f bits per stored position)\n",
      static_cast<unsigned long long>(h.file_size), raw, raw / static_cast<double>(h.file_size),
      8.0 * static_cast<double>(h.file_size) /
          static_cast<double>(std::max<uint64_t>(1, h.canonical_entries)));
}

void add_info(CLI::App& parent) {
  auto* cmd = parent.add_subcommand("info", "Describe a table file, or every table of a directory");
  auto path = std::make_shared<std::string>();
  auto tb = std::make_shared<std::string>();
  cmd->add_option("path", *path, "a .sctb file or a directory of them");
  add_tb_option(cmd, *tb, "the directory of the tables (the same as giving it as PATH)");
  cmd->callback([path, tb] {
    if (path->empty()) *path = *tb;
    if (path->empty()) bad_input("which tables? give --tb DIR or a .sctb file");
    std::error_code ec;
    if (std::filesystem::is_directory(*path, ec)) {
      const auto set_ptr = load_set(*path);
      const TablebaseSet& set = *set_ptr;
      uint64_t total = 0;
      for (const auto& t : set.tables()) {
        print_header(t->file);
        total += t->file.header().file_size;
      }
      // A game without tables says so (not "up to 0 pawns").
      for (Game g : {Game::Solitaire, Game::Singles, Game::Doubles, Game::HighLow})
        if (set.max_pawns(g) > 0)
          std::printf("%s: positions with up to %d pawns\n", game_name(g).c_str(),
                      set.max_pawns(g));
        else
          std::printf("%s: no tables\n", game_name(g).c_str());
      std::printf("%zu tables, %llu bytes\n", set.tables().size(),
                  static_cast<unsigned long long>(total));
      for (const PartialLayer& p : partial_layers(*path))
        std::printf(
            "%s-%d: being built, %u of %u tiers done (tablebase build goes on from there)\n",
            kind_name(p.kind).c_str(), p.pawns, p.tier_files, p.tiers);
      return;
    }
    try {
      print_header(TableFile(*path));
    } catch (const TablebaseError& e) {
      bad_input(e.what());
    }
  });
}

bool table_phase(const Position& p) { return p.phase == phase_after_takeoff(p.game); }

void add_probe(CLI::App& parent) {
  auto* cmd = parent.add_subcommand("probe", "The stored value of each position of the files");
  auto dir = std::make_shared<std::string>();
  auto files = std::make_shared<std::vector<std::string>>();
  auto json = std::make_shared<bool>(false);
  cmd->add_option("--tb", *dir, "directory of the tables")->required();
  cmd->add_option("files", *files, "position files or directories ('-' reads stdin)")->required();
  cmd->add_flag("--json", *json, "one JSON object per position per line");
  cmd->callback([dir, files, json] {
    const auto positions = load_positions(*files);
    const auto set_ptr = load_set(*dir);
    const TablebaseSet& set = *set_ptr;
    guarded([&] {
      for (const PositionRecord& r : positions) {
        const Position& p = r.position;
        if (!table_phase(p))
          throw InputError(r.where, "tables hold " + phase_name(phase_after_takeoff(p.game)) +
                                        "-phase positions, not " + phase_name(p.phase));
        const int n = p.board.pawn_count();
        std::optional<int> value;
        std::optional<bool> wins;
        if (value_counts_removed(p.game)) {
          value = set.highlow_value(p.board, p.removed[0], p.removed[1]);
          wins = set.highlow_wins(p.board);
          if (!wins && value)
            wins = n == 1 ? spots_of(p.board.pawn_on(first(p.board.occupied()))) <= 2 : *value > 0;
          if (!value && wins && set.max_pawns(TableKind::HighLowPayoff) >= n)
            throw InputError(r.where, "removed spots beyond what 40 spots allow");
        } else {
          value = set.value(p.game, p.board);
        }
        if (!value && !wins)
          throw InputError(r.where, std::to_string(n) + " pawns: the tables in " + *dir +
                                        " cover " + game_name(p.game) + " up to " +
                                        std::to_string(set.max_pawns(p.game)) + " pawns");
        if (*json) {
          JsonObject o;
          o.add("source", r.where.file + ":" + std::to_string(r.where.line)).add("title", r.title);
          o.add("game", game_name(p.game)).add("phase", phase_name(p.phase));
          if (value)
            o.add("value", *value);
          else
            o.add_null("value");
          if (wins) o.add("to_move_wins", *wins);
          std::cout << o.str() << "\n";
        } else {
          std::cout << heading(r) << "  (" << game_name(p.game) << ", " << n << " pawns): ";
          if (value) std::cout << "value " << *value;
          if (wins)
            std::cout << (value ? ", " : "") << "side to move " << (*wins ? "wins" : "loses");
          std::cout << "\n";
        }
      }
    });
  });
}

// The entry of b worked out by search, to compare with the table's.
uint64_t searched_entry(TableKind k, const Board& b, Solver& solver) {
  Position p;
  p.game = info(k).game;
  p.phase = phase_after_takeoff(p.game);
  p.board = b;
  switch (k) {
    case TableKind::Solitaire:
    case TableKind::Singles:
      return static_cast<uint64_t>(solver.value(p));
    case TableKind::Doubles:
      return static_cast<uint8_t>(reference_value(p));
    case TableKind::HighLowWins:
      if (b.pawn_count() == 1) return spots_of(b.pawn_on(first(b.occupied()))) <= 2;
      return reference_value(p) > 0;  // a winner's payoff is at least 1 when a move is left
    case TableKind::HighLowPayoff:
      break;
  }
  return 0;
}

void add_verify(CLI::App& parent) {
  auto* cmd = parent.add_subcommand(
      "verify", "Check every checksum, and re-solve K random entries of each table by search");
  auto dir = std::make_shared<std::string>();
  auto samples = std::make_shared<int>(100);
  auto seed = std::make_shared<uint64_t>(1);
  cmd->add_option("--tb", *dir, "directory of the tables")->required();
  add_count_option(cmd, *samples, "random entries re-solved per table", 0, 1000000, {"--samples"});
  add_seed_option(cmd, *seed, "seed of the random samples");
  cmd->callback([dir, samples, seed] {
    const auto set_ptr = load_set(*dir);
    const TablebaseSet& set = *set_ptr;
    Solver solver;
    SplitMix64 rng(*seed);
    int failures = 0;
    for (const auto& t : set.tables()) {
      const TableHeader& h = t->file.header();
      const std::string name = std::filesystem::path(t->file.path()).filename().string();
      try {
        std::vector<uint8_t> block;
        for (uint32_t b = 0; b < h.blocks; ++b) t->file.read_block(b, block);
      } catch (const TablebaseError& e) {
        std::printf("%s: DAMAGED: %s\n", name.c_str(), e.what());
        ++failures;
        continue;
      }
      int bad = 0;
      for (int i = 0; i < *samples; ++i) {
        uint64_t index;
        do index = rng.below(h.entries);
        while (!t->index.canonical(index));
        const Board b = t->index.board_at(index);
        const uint64_t stored = *set.entry(h.kind, b);
        bool ok;
        if (h.kind == TableKind::HighLowPayoff) {
          // The payoff with random spots already removed, against the reference.
          Position p;
          p.game = Game::HighLow;
          p.phase = Phase::Removal;
          p.board = b;
          const int range = kTotalSpots - b.spots();
          p.removed = {static_cast<int>(rng.below(range + 1)),
                       static_cast<int>(rng.below(range + 1))};
          const int f = payoff_at(stored, payoff_wins(stored) ? p.removed[0] : p.removed[1]);
          ok = (payoff_wins(stored) ? f : -f) == reference_value(p);
        } else {
          ok = stored == searched_entry(h.kind, b, solver);
        }
        if (!ok) {
          if (bad++ < 5)
            std::printf("%s: entry %llu disagrees with search: %s\n", name.c_str(),
                        static_cast<unsigned long long>(index), placement_line(b).c_str());
        }
      }
      std::printf("%s: checksums ok, %d of %d samples agree with search\n", name.c_str(),
                  *samples - bad, *samples);
      failures += bad;
    }
    if (failures) {
      std::printf("FAILED: %d problems\n", failures);
      throw CLI::RuntimeError(kExitCheckFailed);
    }
    std::printf("all %zu tables ok\n", set.tables().size());
  });
}

void add_bench(CLI::App& parent) {
  auto* cmd =
      parent.add_subcommand("bench", "Time probes into loaded tables on fixed random positions");
  auto dir = std::make_shared<std::string>();
  auto count = std::make_shared<int>(200000);
  cmd->add_option("--tb", *dir, "directory of the tables")->required();
  add_count_option(cmd, *count, "random positions per table", 1, 1000000, {"--probes"});
  cmd->callback([dir, count] {
    const auto set_ptr = load_set(*dir);
    const TablebaseSet& set = *set_ptr;
    using Clock = std::chrono::steady_clock;
    std::printf("%-22s %10s %12s %12s %12s\n", "table", "probes", "first pass", "median", "p90");
    for (const auto& t : set.tables()) {
      const TableHeader& h = t->file.header();
      SplitMix64 rng(12345);
      std::vector<Board> boards;
      for (int i = 0; i < *count; ++i) boards.push_back(random_board(rng, h.pawns));
      uint64_t sink = 0;
      // First pass: every block read once (decompressed into the cache).
      const auto a = Clock::now();
      for (const Board& b : boards) sink += *set.entry(h.kind, b);
      const double first =
          std::chrono::duration<double, std::micro>(Clock::now() - a).count() / *count;
      // Then each probe timed on its own, in a loaded table.
      std::vector<double> ns;
      ns.reserve(boards.size());
      for (const Board& b : boards) {
        const auto s = Clock::now();
        sink += *set.entry(h.kind, b);
        ns.push_back(std::chrono::duration<double, std::nano>(Clock::now() - s).count());
      }
      std::sort(ns.begin(), ns.end());
      const std::string name = std::filesystem::path(t->file.path()).filename().string();
      std::printf("%-22s %10d %9.2f us %9.3f us %9.3f us%s\n", name.c_str(), *count, first,
                  ns[ns.size() / 2] / 1000, ns[ns.size() * 9 / 10] / 1000, sink == 42 ? " " : "");
    }
  });
}

}  // namespace

void register_tablebase(CLI::App& app) {
  auto* cmd =
      add_command_group(app, "tablebase", "Endgame tables: build, info, probe, verify, bench");
  add_build(*cmd);
  add_info(*cmd);
  add_probe(*cmd);
  add_verify(*cmd);
  add_bench(*cmd);
}

}  // namespace scarney::cli
