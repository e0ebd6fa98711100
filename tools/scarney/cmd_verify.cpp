// `scarney verify FILE|DIR...`: checks each position's published solution
// and claim (see search/verify.h), prints a report or JSON lines.
#include <unistd.h>

#include <algorithm>
#include <iostream>
#include <optional>

#include "cli_common.h"
#include "commands.h"
#include "search/solver.h"
#include "util/json.h"
#include "verify/verify.h"

namespace scarney::cli {
namespace {

void print_json(const PositionRecord& r, const Verification& v) {
  const Position& p = r.position;
  JsonObject o;
  o.add("source", source(r)).add("title", r.title).add("game", game_name(p.game));
  o.add("verdict", verdict_name(v.verdict)).add("explanation", v.explanation);
  if (v.claimed)
    o.add("claimed", *v.claimed);
  else
    o.add_null("claimed");
  o.add("solution", v.solution);
  if (v.published_result)
    o.add("published_result", *v.published_result);
  else
    o.add_null("published_result");
  o.add("best", v.best).add("best_result", v.best_result).add("best_line", v.best_line);
  o.add("problems", v.problems).add("notes", v.notes);
  std::cout << o.str() << "\n";
}

void print_list(const std::string& heading, const std::vector<std::string>& items) {
  if (items.empty()) return;
  std::cout << "  " << heading << ":\n";
  for (const std::string& s : items) std::cout << "    - " << s << "\n";
}

void print_report(const PositionRecord& r, const Verification& v) {
  const Position& p = r.position;
  std::cout << heading(r) << "  (" << source(r) << ")\n";
  std::cout << "  " << game_name(p.game) << ", " << phase_name(p.phase) << " phase";
  // (The spots removed are counted for A, the side to move.)
  if (value_counts_removed(p.game)) std::cout << ", A to move";
  std::cout << "\n";
  const std::string d = diagram(p.board);
  for (size_t i = 0, j; i < d.size(); i = j + 1) {
    j = std::min(d.find('\n', i), d.size());
    std::cout << "      " << d.substr(i, j - i) << "\n";
  }
  std::cout << "  claim:          " << v.claimed.value_or("(none)") << "\n";
  std::cout << "  solution:       " << (v.solution.empty() ? "(none)" : join(v.solution, ", "))
            << "\n";
  std::cout << "  published line: " << v.published_result.value_or("(does not replay)") << "\n";
  std::cout << "  perfect play:   " << v.best_result << ": " << join(v.best_line, ", ") << "\n";
  std::cout << "  verdict:        " << verdict_name(v.verdict) << "\n";
  std::cout << "  " << v.explanation << "\n";
  print_list("problems", v.problems);
  print_list("checked", v.notes);
  std::cout << "\n";
}

// The summary as a table with '|' between columns (it reads as Markdown too).
void print_summary(const std::vector<PositionRecord>& ps, const std::vector<Verification>& vs) {
  std::vector<std::vector<std::string>> rows{
      {"position", "game", "claim", "published line", "perfect play", "verdict"}};
  for (size_t i = 0; i < ps.size(); ++i)
    rows.push_back({heading(ps[i]), game_name(ps[i].position.game), vs[i].claimed.value_or("-"),
                    vs[i].published_result.value_or("does not replay"), vs[i].best_result,
                    verdict_name(vs[i].verdict)});
  std::vector<size_t> width(rows[0].size(), 0);
  for (const auto& r : rows)
    for (size_t c = 0; c < r.size(); ++c) width[c] = std::max(width[c], r[c].size());
  auto line = [&](const std::vector<std::string>& r) {
    std::cout << "|";
    for (size_t c = 0; c < r.size(); ++c)
      std::cout << " " << r[c] << std::string(width[c] - r[c].size(), ' ') << " |";
    std::cout << "\n";
  };
  std::cout << "Summary\n\n";
  line(rows[0]);
  std::cout << "|";
  for (size_t w : width) std::cout << std::string(w + 2, '-') << "|";
  std::cout << "\n";
  for (size_t i = 1; i < rows.size(); ++i) line(rows[i]);
  int count[4] = {0, 0, 0, 0};
  for (const auto& v : vs) ++count[static_cast<int>(v.verdict)];
  std::cout << "\n" << vs.size() << " position" << (vs.size() == 1 ? "" : "s") << ": ";
  const Verdict order[] = {Verdict::Holds, Verdict::Improvable, Verdict::Wrong, Verdict::Malformed};
  for (size_t k = 0; k < 4; ++k)
    std::cout << (k ? ", " : "") << count[static_cast<int>(order[k])] << " "
              << verdict_name(order[k]);
  std::cout << "\n";
}

}  // namespace

void register_verify(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "verify",
      "Check published solutions and claims (`solution:`, `claim:`) with the exact solvers");
  auto files = std::make_shared<std::vector<std::string>>();
  auto json = std::make_shared<bool>(false);
  auto strict = std::make_shared<bool>(false);
  cmd->add_option("files", *files, "position files or directories ('-' reads stdin)")->required();
  cmd->add_flag("--json", *json, "one JSON object per position per line");
  cmd->add_flag("--strict", *strict, "exit with status 1 unless every verdict is `holds`");
  cmd->footer(
      "Verdicts: holds (the line replays, the claim is right and nothing better exists), "
      "improvable (perfect play does better), wrong (the claim is false), malformed (the "
      "solution cannot be replayed). Exit status 0 when the report is produced, 1 with --strict "
      "when a verdict is not `holds`, 2 on bad input. See docs/verify.md.");
  cmd->callback([files, json, strict] {
    const auto positions = load_positions(*files);
    // Verify everything before printing, so that bad input in a later
    // position gives an error and no half report.
    std::vector<Verification> results;
    Solver solver;
    std::optional<SigintGuard> guard(std::in_place);
    const bool progress = positions.size() > 1 && isatty(STDERR_FILENO);
    auto clear_progress = [&] {
      if (progress) std::cerr << "\r" << std::string(40, ' ') << "\r" << std::flush;
    };
    guarded([&] {
      try {
        for (size_t i = 0; i < positions.size() && !guard->interrupted(); ++i) {
          if (progress)
            std::cerr << "\rverifying " << i + 1 << "/" << positions.size() << std::flush;
          results.push_back(verify(positions[i], solver));
        }
      } catch (...) {
        clear_progress();
        throw;
      }
      clear_progress();
    });
    const bool interrupted = guard->interrupted();
    guard.reset();
    if (interrupted) {
      std::cerr << "scarney: interrupted\n";
      throw CLI::RuntimeError(130);
    }
    for (size_t i = 0; i < positions.size(); ++i) {
      if (*json)
        print_json(positions[i], results[i]);
      else
        print_report(positions[i], results[i]);
    }
    if (!*json) print_summary(positions, results);
    std::cout << std::flush;
    const bool all_hold = std::all_of(results.begin(), results.end(), [](const Verification& v) {
      return v.verdict == Verdict::Holds;
    });
    if (*strict && !all_hold) throw CLI::RuntimeError(kExitCheckFailed);
  });
}

}  // namespace scarney::cli
