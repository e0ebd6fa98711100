#include "options.h"

#include <algorithm>
#include <iostream>
#include <map>
#include <thread>

#include "cli_common.h"
#include "util/printable.h"

namespace scarney::cli {
namespace {

std::string names(std::initializer_list<Game> games) {
  std::string s;
  size_t i = 0;
  for (const Game g : games) {
    s += (i == 0 ? "" : i + 1 == games.size() ? " or " : ", ") + game_name(g);
    ++i;
  }
  return s;
}

}  // namespace

CLI::Option* add_game_option(CLI::App* cmd, std::string& game, const std::string& help,
                             std::initializer_list<Game> allowed) {
  const std::string expected = names(allowed);
  const std::vector<Game> ok(allowed);
  return cmd->add_option("--game", game, help.empty() ? expected : help + ": " + expected)
      ->check(CLI::Validator(
          [expected, ok](std::string& text) -> std::string {
            const auto g = parse_game(text);
            if (!g || std::find(ok.begin(), ok.end(), *g) == ok.end())
              return "unknown game '" + text + "' (expected " + expected + ")";
            text = game_name(*g);
            return "";
          },
          ""))
      ->type_name("GAME");
}

int default_threads() {
  const unsigned n = std::thread::hardware_concurrency();
  return n == 0 ? 1 : static_cast<int>(std::min(n, 256u));
}

CLI::Option* add_threads_option(CLI::App* cmd, int& threads) {
  threads = default_threads();
  return cmd->add_option("--threads", threads, "worker threads (default: one per core)")
      ->check(whole_number(1, 256));
}

std::string grouped(long double n) {
  const bool negative = n < 0;
  std::string digits = std::to_string(static_cast<unsigned long long>(negative ? -n : n)), out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return (negative ? "-" : "") + out;
}

std::string printable_text(const std::string& text) { return printable(text); }

CLI::Validator one_of(const std::vector<std::string>& words) {
  std::string expected;
  for (size_t i = 0; i < words.size(); ++i)
    expected += (i == 0 ? "" : i + 1 == words.size() ? " or " : ", ") + words[i];
  return CLI::Validator(
      [words, expected](std::string& text) -> std::string {
        if (std::find(words.begin(), words.end(), text) != words.end()) return "";
        return "expected " + expected + ", not '" + printable(text) + "'";
      },
      "");
}

void refuse_empty_values(CLI::App& app) {
  for (CLI::Option* opt : app.get_options()) {
    if (!opt->nonpositional() || opt->get_items_expected_min() == 0) continue;
    // A hidden option has no name in CLI11's messages: the check names it.
    const std::string prefix = opt->get_group().empty() && !opt->get_lnames().empty()
                                   ? "--" + opt->get_lnames()[0] + ": "
                                   : "";
    const std::string type = opt->get_type_name();
    opt->check(CLI::Validator(
        [prefix, type](std::string& v) -> std::string {
          if (!v.empty()) return "";
          return prefix + "an empty value" +
                 (type.empty() || type == "TEXT" ? "" : " (expected " + type + ")");
        },
        ""));
  }
  for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; }))
    refuse_empty_values(*sub);
}

void refuse_if_given(CLI::App* cmd, const std::string& option, const std::string& message) {
  if (cmd->count(option) > 0) bad_input(option, message);
}

CLI::Option* add_tb_option(CLI::App* cmd, std::string& dir, const std::string& help) {
  return cmd->add_option("--tb", dir, help)->type_name("DIR");
}

std::unique_ptr<tablebase::TablebaseSet> open_tables(const std::string& dir) {
  if (dir.empty()) return nullptr;
  try {
    auto set = std::make_unique<tablebase::TablebaseSet>(dir);
    for (const std::string& s : set->skipped())
      std::cerr << "scarney: warning: --tb " << printable(s) << "\n";
    return set;
  } catch (const InputError& e) {
    std::cerr << "scarney: --tb " << e.what() << "\n";
    throw CLI::RuntimeError(kExitBadInput);
  }
}

CLI::Option* add_proof_option(CLI::App* cmd, std::string& file) {
  return cmd
      ->add_option("--proof", file,
                   "High-Low placement: say who wins, proved, where a position is on this "
                   "proof's top certificate (`scarney prove`'s top.cert; check it with "
                   "`scarney certify` first)")
      ->type_name("FILE")
      ->default_str("the committed proof from the empty board, once complete");
}

std::shared_ptr<const ProvenTop> open_proof(const std::string& file) {
  // The committed proof lives as long as the program: not deleted here.
  if (file.empty()) return {committed_proof(), [](const ProvenTop*) {}};
  try {
    return std::make_shared<const ProvenTop>(ProvenTop::from_file(file));
  } catch (const InputError& e) {
    std::cerr << "scarney: --proof " << e.what() << "\n";
    throw CLI::RuntimeError(kExitBadInput);
  }
}

namespace {

// Where each command's output goes (commands not listed: the report on
// standard output).
const std::map<std::string, std::string>& outputs() {
  static const std::map<std::string, std::string> m = {
      {"show", "each position in the file format on standard output"},
      {"solve", "each position's value and line on standard output (--json: one object a line)"},
      {"moves", "each position's moves on standard output (--json: one object a line)"},
      {"deal", "the deals as position files on standard output"},
      {"bench", "the timings on standard output"},
      {"verify",
       "the report on standard output (--json: one object a line); progress on a "
       "terminal only"},
      {"tablebase build",
       "the tables in --out DIR; a result line per layer and, on a "
       "terminal, a progress bar on standard error"},
      {"serve", "the URL on standard output; the board and API over HTTP; no files written"},
      {"certify",
       "each certificate's position, claim and verdict on standard output, what is wrong on "
       "standard error; progress on a terminal only"},
      {"play", "the board and prompts on standard output; --record FILE: JSON lines"},
      {"stats merge",
       "the report on standard output (--json: one JSON object); the files named by --plot "
       "and --save-json"},
  };
  return m;
}

void footers(CLI::App* app, const std::string& path) {
  for (CLI::App* sub : app->get_subcommands([](CLI::App*) { return true; })) {
    const std::string p = path.empty() ? sub->get_name() : path + " " + sub->get_name();
    // A subcommand inherits its parent's footer (CLI11): one of its own,
    // so that `stats merge --help` does not name the outputs of `stats`.
    const bool inherited = sub->get_footer().empty() || sub->get_footer() == app->get_footer();
    if (inherited && sub->get_subcommands({}).empty()) {
      const auto it = outputs().find(p);
      output_footer(sub, it != outputs().end() ? it->second : "the report on standard output");
    }
    footers(sub, p);
  }
}

}  // namespace

void add_output_footers(CLI::App& app) { footers(&app, ""); }

void output_footer(CLI::App* cmd, const std::string& output) {
  cmd->footer(
      "Output: " + output + ". Errors go to standard error as `scarney: " +
      "[file:line:column: ]message`; exit status 0 success, 1 a failed check, 2 bad input.");
}

CLI::Validator seconds(double lowest, double highest) {
  return CLI::Validator(
      [lowest, highest](std::string& text) -> std::string {
        char range[96];
        std::snprintf(range, sizeof range, "a number of seconds from %g to %g", lowest, highest);
        double value = 0;
        const char* last = text.data() + text.size();
        const auto [end, error] = std::from_chars(text.data(), last, value);
        if (text.empty()) return std::string("an empty value (expected ") + range + ")";
        if (error != std::errc() || end != last || !(value >= lowest && value <= highest))
          return std::string("must be ") + range + ", not '" + printable_text(text) + "'";
        return "";
      },
      "");
}

}  // namespace scarney::cli
