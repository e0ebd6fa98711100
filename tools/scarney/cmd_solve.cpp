// `scarney solve FILE...` and `scarney moves FILE...`: the analysis record of
// each position (analysis/analysis.h), as text or JSON.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <optional>

#include "analysis/analysis.h"
#include "analysis_text.h"
#include "build_commit.h"
#include "cli_common.h"
#include "commands.h"
#include "options.h"
#include "placement/placement_certificate.h"
#include "placement/placement_solver.h"
#include "position_input.h"
#include "tablebase/tablebase_set.h"
#include "util/atomic_file.h"
#include "util/printable.h"

namespace scarney::cli {
namespace {

// The options `solve` and `moves` share.
struct PositionOptions {
  std::shared_ptr<PositionInput> input;
  bool json = false;
  std::string tb;
  AnalysisRequest request;
  // The placement options, to refuse those that apply to none of the
  // positions given.
  CLI::Option *cooperative, *depth, *samples, *winner_only, *exact, *time;
  double seconds = 0;
  std::string certificate;  // solve: the proof of who wins, written here
  std::string proof;        // a proof's top certificate to answer "proved" from
};

std::shared_ptr<PositionOptions> add_position_options(CLI::App* cmd) {
  auto o = std::make_shared<PositionOptions>();
  AnalysisRequest& q = o->request;
  o->input = add_position_input(cmd);
  cmd->add_flag("--json", o->json, "one JSON object per position per line");
  if (std::string(cmd->get_name()) == "solve") {
    cmd->add_flag("--boards", q.line_positions, "also draw the board after each move of the line");
    cmd->add_option("--certificate", o->certificate,
                    "High-Low placement, with --winner-only: write the proof of who wins to this "
                    "file, for `scarney certify` (one position)");
    cmd->add_option("--table-limit", q.table_limit,
                    "placement: remember at most about this many positions (the search's table, "
                    "complete boards, and a certificate's positions written), forgetting those "
                    "nearest the end: less memory, more time (and a larger certificate)")
        ->check(whole_number(size_t{1000}, size_t{1} << 40));
  }
  add_tb_option(cmd, o->tb, "directory of endgame tables to stop the search at");
  add_proof_option(cmd, o->proof);
  o->cooperative =
      cmd->add_flag("--cooperative", q.cooperative,
                    "placement, Singles: B places to help A's score instead of keeping it low");
  o->depth = cmd->add_option("--depth", q.depth,
                             "placement: search this many placements, then estimate (not exact)")
                 ->check(whole_number(1, 17))
                 ->default_str("");  // not given: exact up to the horizon
  o->samples = cmd->add_option("--samples", q.samples,
                               "placement: random completions averaged per estimated board")
                   ->check(whole_number(1, 100000))
                   ->default_str("the engine's, those its leaf correction was fitted with");
  o->winner_only =
      cmd->add_flag("--winner-only", q.winner_only,
                    "placement, High-Low: solve only who wins, not the payoff (faster)");
  o->exact =
      cmd->add_flag("--exact", q.exact,
                    "placement: solve exactly however many pawns are left (may take very long)");
  o->time = cmd->add_option("--time", o->seconds,
                            "placement: deepen one placement at a time for about this many "
                            "seconds (up to --depth if given, else to the end) and answer with "
                            "the deepest search that finished")
                ->check(seconds(0.01, 86400));
  return o;
}

// Long placement searches show their progress on a terminal, redrawn in
// place and wiped when done.
struct PlacementProgress {
  bool shown = false;
  void attach(AnalysisRequest& q) {
    if (!::isatty(STDERR_FILENO)) return;
    q.progress = [this](uint64_t nodes, uint64_t boards) {
      shown = true;
      std::fprintf(stderr, "\rplacement search: %llu nodes, %llu boards solved   ",
                   static_cast<unsigned long long>(nodes), static_cast<unsigned long long>(boards));
    };
  }
  void wipe() {
    if (shown) std::fprintf(stderr, "\r%60s\r", "");
    shown = false;
  }
};

// Options that apply to none of the positions are refused, not ignored.
void check_applies(const PositionOptions& opt, const std::vector<PositionRecord>& positions) {
  const auto any = [&](auto pred) { return std::any_of(positions.begin(), positions.end(), pred); };
  const auto placement = [](Game g) {
    return [g](const PositionRecord& r) {
      return r.position.phase == Phase::Placement && r.position.game == g;
    };
  };
  const bool placements =
      any([](const PositionRecord& r) { return r.position.phase == Phase::Placement; });
  std::string why;
  if (*opt.exact && *opt.depth)
    why = "--exact and --depth exclude each other: --exact searches to the end, --depth estimates";
  else if (*opt.exact && *opt.time)
    why =
        "--exact and --time exclude each other: --exact searches to the end however long it "
        "takes";
  else if (*opt.winner_only && !any(placement(Game::HighLow)))
    why = "--winner-only applies to High-Low placement positions, and none is given";
  else if (*opt.cooperative && !any(placement(Game::Singles)))
    why = "--cooperative applies to Singles placement positions, and none is given";
  else if ((*opt.depth || *opt.samples || *opt.exact || *opt.time) && !placements)
    why = std::string(*opt.depth     ? "--depth"
                      : *opt.samples ? "--samples"
                      : *opt.time    ? "--time"
                                     : "--exact") +
          " applies to placement positions, and none is given";
  if (why.empty()) return;
  std::cerr << "scarney: " << why << "\n";
  throw CLI::RuntimeError(kExitBadInput);
}

std::string decimal(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

// A Ctrl-C stopped the placement search of r: what it knew, on stderr
// (standard output keeps only whole answers), and exit status 130.
[[noreturn]] void report_interrupted(const PositionRecord& r, const PlacementInterrupted& e) {
  const PlacementSolution& so = e.so_far;
  const std::string where = r.title.empty() ? source(r) : heading(r) + " (" + source(r) + ")";
  std::fprintf(stderr,
               "scarney: interrupted: the placement search of %s stopped after %llu nodes, "
               "%llu complete boards solved\n",
               where.c_str(), static_cast<unsigned long long>(so.nodes),
               static_cast<unsigned long long>(so.boards_solved));
  std::string bounds;
  if (e.at_least) bounds = "at least " + decimal(*e.at_least);
  if (e.at_most) bounds += (bounds.empty() ? "" : ", ") + ("at most " + decimal(*e.at_most));
  std::fprintf(stderr, "  value proven so far: %s\n",
               bounds.empty() ? "nothing yet" : bounds.c_str());
  std::fprintf(stderr, "  best line so far (not proven): %s\n",
               so.line_text.empty() ? "none yet" : join(so.line_text, ", ").c_str());
  throw CLI::RuntimeError(130);
}

// One position's record. A placement search may take hours: while it runs,
// Ctrl-C stops it and what it knew is reported; other positions keep the
// usual Ctrl-C.
Analysis analyse_one(Analyser& analyser, const PositionRecord& r, AnalysisRequest q,
                     PlacementProgress& progress) {
  if (r.position.phase != Phase::Placement) return analyser.analyse(r, q);
  SigintGuard guard;
  q.stop = &guard.stop();
  try {
    return analyser.analyse(r, q);
  } catch (const PlacementInterrupted& e) {
    progress.wipe();
    report_interrupted(r, e);
  }
}

// --certificate: one High-Low placement position, solved winner-only,
// A's colours chosen; the output path checked before any work.
void check_certificate(const PositionOptions& opt, const std::vector<PositionRecord>& positions) {
  if (positions.size() != 1)
    bad_input("--certificate proves one position, and " + std::to_string(positions.size()) +
              " are given");
  const PositionRecord& r = positions.front();
  std::string why;
  if (!traits(r.position.game).winner_only || r.position.phase != Phase::Placement)
    why = "--certificate applies to a High-Low placement position";
  else if (!*opt.winner_only)
    why = "--certificate needs --winner-only: the certificate proves who wins, not the payoff";
  else if (*opt.depth || *opt.time)
    why = "--certificate needs the exact search: not with --depth or --time";
  else if (placement_state(r).choosing_colours())
    why =
        "--certificate: the position before A's colour choice is proven by scarney prove (a top "
        "certificate naming others)";
  if (!why.empty()) bad_input(why);
  check_output_file("--certificate", opt.certificate);
}

// Proves the answer of the placement search and writes the certificate,
// reusing the search's tables (AnalysisRequest::after_search); what was
// written is printed after the analysis, on standard output (standard
// error with --json).
struct CertificateWriter {
  std::string path;
  bool json = false;
  std::optional<CertificateMade> made;
  size_t table_limit = 0;  // the positions written remembered (0: all)

  void attach(AnalysisRequest& q) {
    q.after_search = [this](PlacementSolver& solver, const PlacementState& s) { write(solver, s); };
  }

  void write(PlacementSolver& solver, const PlacementState& s) {
    bool shown = false;
    CertificateProgress written;
    if (::isatty(STDERR_FILENO))
      written = [&shown](uint64_t nodes, uint64_t leaves) {
        shown = true;
        std::fprintf(stderr, "\rcertificate: %llu nodes written, %llu leaf boards   ",
                     static_cast<unsigned long long>(nodes),
                     static_cast<unsigned long long>(leaves));
      };
    CertificateMade m;
    try {
      const std::string bytes = make_placement_certificate(solver, s, &m, written, table_limit);
      write_file_atomically(path, bytes);
    } catch (const PlacementInterrupted&) {
      std::cerr << (shown ? "\n" : "") << "scarney: interrupted: no certificate written\n";
      throw CLI::RuntimeError(130);
    }
    if (shown) std::fprintf(stderr, "\r%70s\r", "");
    made = m;
  }

  void print() const {
    char line[400];
    std::snprintf(
        line, sizeof line,
        "certificate: %s: %s wins; %llu nodes, %llu leaf boards, %llu references; "
        "%llu bytes; made in %.2f s (search %.2f s, proof %.2f s)\n",
        printable(path).c_str(), made->a_wins ? "A" : "B",
        static_cast<unsigned long long>(made->nodes), static_cast<unsigned long long>(made->leaves),
        static_cast<unsigned long long>(made->references),
        static_cast<unsigned long long>(made->file_bytes),
        made->solve_seconds + made->extract_seconds, made->solve_seconds, made->extract_seconds);
    // Another build may make other bytes (another winning placement, other
    // transpositions met): the same proof is remade only by this one.
    (json ? std::cerr : std::cout) << line << "  made by build " << build_commit()
                                   << " (the bytes are this build's: another may make others)\n";
  }
};

// Analyses every position of the files and prints each record.
void run(const PositionOptions& opt, AnalysisRequest q, void (*print_text)(const Analysis&)) {
  const auto positions = read_positions(*opt.input);
  check_applies(opt, positions);
  CertificateWriter certificate{opt.certificate, opt.json, std::nullopt, q.table_limit};
  if (!opt.certificate.empty()) {
    guarded([&] { check_certificate(opt, positions); });
    // The answer printed is the one proven: exact beyond the horizon too.
    q.exact = true;
    certificate.attach(q);
  }
  const auto proof = open_proof(opt.proof);
  q.proof = proof.get();
  const auto tables = open_tables(opt.tb);
  Analyser analyser(tables.get());
  PlacementProgress progress;
  progress.attach(q);
  guarded([&] {
    for (const PositionRecord& r : positions) {
      const Analysis a = analyse_one(analyser, r, q, progress);
      progress.wipe();
      if (opt.json)
        std::cout << json_text(analysis_json(a)) << "\n";
      else
        print_text(a);
    }
    if (certificate.made) certificate.print();
  });
}

}  // namespace

namespace {

// `solve` and `moves` differ only in what they ask of the record and how
// they print it.
void add_analysis_command(CLI::App& app, const char* name, const char* description, bool line,
                          bool moves, void (*print_text)(const Analysis&)) {
  auto* cmd = app.add_subcommand(name, description);
  const auto opt = add_position_options(cmd);
  cmd->callback([opt, line, moves, print_text] {
    AnalysisRequest q = opt->request;
    q.line = line;
    q.moves = moves;
    q.budget = std::chrono::milliseconds(std::llround(opt->seconds * 1000));
    run(*opt, q, print_text);
  });
}

}  // namespace

void register_solve(CLI::App& app) {
  add_analysis_command(app, "solve", "Solve each position exactly: value, principal line, rating",
                       true, false, print_solution_text);
}

void register_moves(CLI::App& app) {
  add_analysis_command(app, "moves", "Every legal move with its exact value, best first", false,
                       true, print_moves_text);
}

}  // namespace scarney::cli
