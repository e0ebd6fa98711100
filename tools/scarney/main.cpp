// The `scarney` command line: one subcommand per task, each in its own file.
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include "build_commit.h"
#include "cli_common.h"
#include "colour.h"
#include "commands.h"
#include "options.h"
#include "util/printable.h"

namespace {

// Output that never arrived is a failure, whatever the subcommand: a full
// disk or a closed descriptor behind `> FILE` must not pass for success.
// Checked once here, after the subcommand ran: std::cout writes through
// stdio (it is synchronised with it), so flushing stdout and looking at both
// error states covers everything printed. Returns the exit status: `code`,
// or 1 when standard output failed and the run had otherwise succeeded.
int check_standard_output(int code) {
  errno = 0;
  std::cout.flush();
  const bool flushed = std::fflush(stdout) == 0;
  int error = errno;
  if (flushed && !std::ferror(stdout) && !std::cout.fail()) return code;
  // A failure met while printing has lost its errno since; a write of no
  // bytes asks again without adding any (a full disk, /dev/full, a closed
  // descriptor still say why).
  if (error == 0 && ::write(STDOUT_FILENO, "", 0) < 0) error = errno;
  std::string message = "scarney: error writing standard output";
  if (error != 0) message += std::string(": ") + std::strerror(error);
  std::fprintf(stderr, "%s\n", message.c_str());
  return code == 0 ? scarney::cli::kExitCheckFailed : code;
}

// The subcommands of `app` shown in its help (hidden ones left out).
std::vector<CLI::App*> visible_subcommands(CLI::App& app) {
  return app.get_subcommands([](CLI::App* sub) { return !sub->get_group().empty(); });
}

std::string names_of(const std::vector<CLI::App*>& subs) {
  std::string out;
  for (const CLI::App* sub : subs) out += (out.empty() ? "" : ", ") + sub->get_name();
  return out;
}

// CLI11 says only "A subcommand is required" both when none is given and
// when the word given is none of them; the user needs to hear which word was
// wrong and what would do. Walks the words naming subcommands (up to the
// first option, which CLI11 handles, --help included) and returns the exit
// status of a refusal, or 0 when the words are fine.
int check_subcommand_words(CLI::App& app, int argc, char** argv) {
  CLI::App* at = &app;
  std::string typed;  // the subcommand words so far
  for (int i = 1;; ++i) {
    if (at->get_subcommands([](CLI::App*) { return true; }).empty()) return 0;
    const std::vector<CLI::App*> subs = visible_subcommands(*at);
    if (i >= argc) {
      if (at->get_require_subcommand_min() == 0) return 0;
      std::fprintf(stderr, "scarney: %s needs a subcommand (one of: %s)\n",
                   ("'scarney" + typed + "'").c_str(), names_of(subs).c_str());
      return scarney::cli::kExitBadInput;
    }
    const std::string word = argv[i];
    if (!word.empty() && word[0] == '-') return 0;
    CLI::App* next = nullptr;
    for (CLI::App* sub : at->get_subcommands([](CLI::App*) { return true; }))
      if (sub->check_name(word)) next = sub;
    if (!next) {
      std::fprintf(stderr, "scarney: unknown subcommand '%s' (expected one of: %s)\n",
                   scarney::printable(typed.empty() ? word : typed.substr(1) + " " + word).c_str(),
                   names_of(subs).c_str());
      return scarney::cli::kExitBadInput;
    }
    at = next;
    typed += " " + word;
  }
}

// CLI11's own wording said the way every other message says it (docs/cli.md):
// "Could not convert: --decks = abc" is "--decks: must be a number, not
// 'abc'"; "--game: At Most 1 required but received 2" is "--game: given 2
// times (give it once)".
std::string plain_words(const std::string& what) {
  static const std::string convert = "Could not convert: ";
  if (what.rfind(convert, 0) == 0) {
    const size_t eq = what.find(" = ", convert.size());
    if (eq != std::string::npos)
      return what.substr(convert.size(), eq - convert.size()) + ": must be a number, not '" +
             what.substr(eq + 3) + "'";
  }
  static const std::string at_most = ": At Most 1 required but received ";
  if (const size_t at = what.find(at_most); at != std::string::npos)
    return what.substr(0, at) + ": given " + what.substr(at + at_most.size()) +
           " times (give it once)";
  return what;
}

// Levenshtein's distance: the edits that turn a into b.
size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1])});
      diagonal = up;
    }
  }
  return row[b.size()];
}

// An option the subcommand does not have (`solve --jsn`): "unknown option
// --jsn", and " (did you mean --json?)" when one of its options is within
// two edits; other words not expected are left as CLI11 says them.
std::string unknown_option(const CLI::App& app, const std::string& what) {
  const size_t at = what.find(": -");
  if (at == std::string::npos) return what;
  const std::string word = what.substr(at + 2, what.find(' ', at + 2) - (at + 2));
  const CLI::App* sub = &app;
  while (!sub->get_subcommands().empty()) sub = sub->get_subcommands().front();
  std::string best;
  size_t best_distance = 3;
  for (const CLI::Option* o : sub->get_options())
    for (const std::string& name : o->get_lnames())
      if (const size_t d = edit_distance(word, "--" + name); d < best_distance)
        best = "--" + name, best_distance = d;
  return "unknown option " + word + (best.empty() ? "" : " (did you mean " + best + "?)");
}

// A required option has no default to show: `--frontier INT REQUIRED`, not
// `--frontier INT=0 REQUIRED` (the captured value of its variable).
void no_default_when_required(CLI::App& app) {
  for (CLI::Option* o : app.get_options())
    if (o->get_required()) o->default_str("");
  for (CLI::App* sub : app.get_subcommands({})) no_default_when_required(*sub);
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"scarney: exact solver for John Scarne's Scarney games"};
  app.require_subcommand(1);
  // Every option's default shows in --help (docs/cli.md).
  app.option_defaults()->always_capture_default();
  // --color is accepted before or after the subcommand.
  app.fallthrough();
  std::string colour = "auto";
  app.add_option("--color", colour,
                 "colour on a terminal: never, auto (on a terminal, unless NO_COLOR is set) or "
                 "always")
      ->check(scarney::cli::one_of({"never", "auto", "always"}))
      ->each([](const std::string& c) {
        scarney::cli::set_colour_mode(c == "never"    ? scarney::cli::ColourMode::Never
                                      : c == "always" ? scarney::cli::ColourMode::Always
                                                      : scarney::cli::ColourMode::Auto);
      });
  // The build names the commit it was made from: certificates are the same
  // bytes only for one build (docs/highlow-solution.md).
  app.set_version_flag("--version",
                       std::string("scarney 0.1.0 (build ") + scarney::cli::build_commit() + ")");
  using namespace scarney::cli;
  register_show(app);
  register_solve(app);
  register_moves(app);
  register_bench(app);
  register_match(app);
  register_verify(app);
  register_certify(app);
  register_prove(app);
  register_ledger(app);
  register_tablebase(app);
  register_stats(app);
  register_dice(app);
  register_cards(app);
  register_serve(app);
  register_site(app);
  register_play(app);
  register_strength(app);
  register_completion(app);  // last: it describes the others
  add_output_footers(app);
  refuse_empty_values(app);
  no_default_when_required(app);
  if (const int refused = check_subcommand_words(app, argc, argv))
    return check_standard_output(refused);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // --help and --version exit 0; a RuntimeError carries the subcommand's own
    // status (its message is out already); any other usage error is bad
    // input (2), said in the one format of docs/cli.md.
    if (e.get_exit_code() == 0 || dynamic_cast<const CLI::RuntimeError*>(&e))
      return check_standard_output(app.exit(e));
    std::string what = e.what();
    if (what.rfind(": ", 0) == 0) what.erase(0, 2);  // hidden options have no name
    if (dynamic_cast<const CLI::ExtrasError*>(&e)) what = unknown_option(app, what);
    what = plain_words(what);
    std::cerr << "scarney: " << scarney::printable(what) << " (see --help)\n";
    return check_standard_output(kExitBadInput);
  }
  return check_standard_output(0);
}
