#include "cli_common.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <filesystem>
#include <iostream>

#include "games/position_file.h"
#include "options.h"
#include "placement/placement_solver.h"
#include "util/atomic_file.h"
#include "util/input_error.h"
#include "util/input_file.h"
#include "util/printable.h"

namespace scarney::cli {
namespace {

// What the SIGINT handler reads: plain globals, as a handler can touch
// nothing else safely.
std::atomic<bool> g_sigint{false};
const char* g_first_message = nullptr;

extern "C" void on_sigint(int) {
  const bool again = g_sigint.exchange(true);
  if (!g_first_message) return;
  if (again) {
    signal(SIGINT, SIG_DFL);
    raise(SIGINT);
    return;
  }
  [[maybe_unused]] const ssize_t n =
      write(STDERR_FILENO, g_first_message, std::strlen(g_first_message));
}

}  // namespace

std::shared_ptr<const ValueNet> load_net(const std::string& path) {
  if (path.empty()) return nullptr;
  return std::make_shared<const ValueNet>(
      read_net(read_input_file(path, size_t{64} << 20), path).or_throw());
}

void check_net_game(const ValueNet* net, Game g, const std::string& where) {
  if (net && net->game != g) bad_input(where, "the network is for another game");
}

CLI::App* add_command_group(CLI::App& app, const std::string& name,
                            const std::string& description) {
  CLI::App* group = app.add_subcommand(name, description);
  group->require_subcommand(1);
  return group;
}

CLI::Validator seed_check() {
  // Checked on the text, before CLI11 converts it: its conversion accepts
  // what a seed must not be.
  return CLI::Validator(
      [](std::string& text) -> std::string {
        std::uint64_t value = 0;
        const char* last = text.data() + text.size();
        const auto [end, error] = std::from_chars(text.data(), last, value);
        if (text.empty() || error != std::errc() || end != last)
          return "must be a whole number from 0 to 18446744073709551615, not '" + printable(text) +
                 "'";
        return {};
      },
      "");
}

CLI::Option* add_seed_option(CLI::App* cmd, std::uint64_t& seed, const std::string& description) {
  return cmd->add_option("--seed", seed, description)
      ->type_name("UINT64")
      ->check(seed_check())
      ->capture_default_str();
}

void add_random_positions_options(CLI::App* cmd, RandomPositionsOptions& o, long long most) {
  cmd->add_option("--left", o.left, "pawns left to place")->check(whole_number(1, 15));
  add_count_option(cmd, o.count, "positions", 1LL, most);
  cmd->add_option("--first", o.first, "the first position's index (to resume a file)")
      ->check(whole_number(0LL, 100 * most));
  add_seed_option(cmd, o.seed, "the positions' seed (scarney deal --left)");
}

namespace {
[[noreturn]] void bad_output(const std::string& option, const std::string& path,
                             const std::string& why) {
  std::cerr << "scarney: " << option << " " << printable(path) << ": " << why << "\n";
  throw CLI::RuntimeError(kExitBadInput);
}
}  // namespace

void check_output_file(const std::string& option, const std::string& path) {
  namespace fs = std::filesystem;
  if (path.empty()) bad_output(option, path, "no file name given");
  std::string target;
  try {
    target = output_target(path);
  } catch (const InputError& e) {
    bad_output(option, path, e.message());
  }
  std::error_code ec;
  // By the name given: /dev/stdout leads to a pipe through /proc's links.
  const fs::file_status st = fs::status(path, ec);
  if (fs::is_directory(st)) bad_output(option, path, "is a directory, not a file");
  if (fs::exists(st) && !fs::is_regular_file(st)) return;  // a device or a FIFO: written through
  const fs::path parent =
      fs::path(target).parent_path().empty() ? fs::path(".") : fs::path(target).parent_path();
  const fs::file_status pst = fs::status(parent, ec);
  if (!fs::exists(pst)) bad_output(option, path, "no such directory: " + parent.string());
  if (!fs::is_directory(pst)) bad_output(option, path, parent.string() + " is not a directory");
  if (::access(parent.c_str(), W_OK) != 0)
    bad_output(option, path, "cannot write in " + parent.string() + ": " + std::strerror(errno));
}

void prepare_output_directory(const std::string& option, const std::string& path) {
  namespace fs = std::filesystem;
  if (path.empty()) bad_output(option, path, "no directory given");
  std::error_code ec;
  if (fs::exists(path, ec) && !fs::is_directory(path, ec))
    bad_output(option, path, "exists and is not a directory");
  fs::create_directories(path, ec);
  if (ec) bad_output(option, path, "cannot create the directory: " + ec.message());
  if (::access(path.c_str(), W_OK) != 0)
    bad_output(option, path, std::string("cannot write in it: ") + std::strerror(errno));
}

void bad_input(const std::string& where, const std::string& message) {
  bad_input(where + ": " + message);
}

void bad_input(const std::string& message) {
  std::cerr << "scarney: " << printable(message) << "\n";
  throw CLI::RuntimeError(kExitBadInput);
}

SigintGuard::SigintGuard(const char* first_message) {
  g_sigint = false;
  g_first_message = first_message;
  struct sigaction sa;
  std::memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_sigint;
  // Flag-only handlers keep what std::signal gave them: interrupted system
  // calls restart.
  sa.sa_flags = first_message ? 0 : SA_RESTART;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, &old_);
}

SigintGuard::~SigintGuard() { sigaction(SIGINT, &old_, nullptr); }

const std::atomic<bool>& SigintGuard::stop() const { return g_sigint; }

void guarded(const std::function<void()>& body) {
  try {
    body();
  } catch (const InputError& e) {
    std::cerr << "scarney: " << e.what() << "\n";
    throw CLI::RuntimeError(kExitBadInput);
  } catch (const std::bad_alloc&) {
    std::cerr << "scarney: out of memory\n";
    throw CLI::RuntimeError(kExitCheckFailed);
  } catch (const PlacementInterrupted&) {
    // Ctrl-C in a placement search that its command does not answer itself
    // (`strength make`, `strength keep`): what was printed is whole.
    std::cerr << "scarney: interrupted (the lines printed so far are complete)\n";
    throw CLI::RuntimeError(130);
  }
}

std::vector<PositionRecord> load_positions(const std::vector<std::string>& paths) {
  namespace fs = std::filesystem;
  std::vector<PositionRecord> out;
  guarded([&] {
    for (const std::string& path : paths) {
      std::error_code ec;
      if (path != "-" && fs::is_directory(path, ec)) {
        std::vector<std::string> files;
        for (const auto& entry : fs::directory_iterator(path, ec)) {
          if (entry.path().extension() != ".scarney") continue;
          // Only regular files are read: a FIFO would wait for a writer.
          const PathKind kind = kind_of(entry.path().string());
          if (kind == PathKind::Regular)
            files.push_back(entry.path().string());
          else if (kind == PathKind::Directory)  // a folder named like a position file
            std::cerr << "scarney: warning: " << printable(entry.path().string())
                      << ": a directory, skipped (directories are not read recursively)\n";
          else
            std::cerr << "scarney: warning: " << printable(entry.path().string()) << ": "
                      << kind_words(kind) << ", skipped (only regular files are read)\n";
        }
        if (ec)
          throw InputError(SourceLocation{path, 0, 0},
                           "cannot read the directory: " + ec.message());
        std::sort(files.begin(), files.end());
        if (files.empty())
          throw InputError(SourceLocation{path, 0, 0}, "no *.scarney files in this directory");
        for (const auto& f : files) {
          auto ps = read_position_file(f);
          out.insert(out.end(), ps.begin(), ps.end());
        }
      } else {
        auto ps = read_position_file(path);
        out.insert(out.end(), ps.begin(), ps.end());
      }
    }
  });
  return out;
}

std::string heading(const PositionRecord& r) {
  if (!r.title.empty()) return printable_line(r.title);
  return source(r);
}

std::string source(const PositionRecord& r) {
  return printable(r.where.file) + ":" + std::to_string(r.where.line);
}

std::string indent(const std::string& text, const std::string& pad) {
  std::string out;
  for (size_t i = 0, j; i < text.size(); i = j + 1) {
    j = std::min(text.find('\n', i), text.size());  // a last line without its newline too
    out += pad + text.substr(i, j - i) + "\n";
  }
  return out;
}

std::string join(const std::vector<std::string>& v, const std::string& sep) {
  std::string s;
  for (size_t i = 0; i < v.size(); ++i) s += (i ? sep : "") + v[i];
  return s;
}

}  // namespace scarney::cli
