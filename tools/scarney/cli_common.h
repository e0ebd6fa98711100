// Helpers shared by the subcommands: reading position files and reporting
// bad input the same way everywhere.
#pragma once

#include <signal.h>

#include <CLI/CLI.hpp>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "games/position_record.h"
#include "placement/value_net.h"

namespace scarney::cli {

// Exit statuses.
inline constexpr int kExitCheckFailed = 1;
inline constexpr int kExitBadInput = 2;

// Reads every position of every file (a directory contributes its
// *.scarney files, sorted by name). On bad input prints `file:line:col:
// message` to stderr and throws CLI::RuntimeError(2).
std::vector<PositionRecord> load_positions(const std::vector<std::string>& paths);

// Runs `body`; turns InputError into a message on stderr and exit status 2.
void guarded(const std::function<void()>& body);

// `--seed N` on `cmd`: a whole number from 0 to 2^64 - 1, the default
// shown. Anything else (`-1`, which CLI11 would wrap around, a number past
// 2^64 - 1, which it would clip) is refused with exit status 2 before the
// subcommand runs. Every subcommand's seed goes through here.
CLI::Option* add_seed_option(CLI::App* cmd, std::uint64_t& seed, const std::string& description);

// Random placement positions (`scarney deal --left`): --left, --count (up
// to `most`), --first (an index, to resume a file) and --seed.
struct RandomPositionsOptions {
  int left = 11;
  long long count = 10, first = 0;
  std::uint64_t seed = 1;
};
void add_random_positions_options(CLI::App* cmd, RandomPositionsOptions& o, long long most);
// The check itself, for a seed option of another type (play's: random when
// not given).
CLI::Validator seed_check();

// The learned evaluation of `--net FILE` (written by `strength train`), or
// none for an empty path; bad text is refused with its file:line:column.
std::shared_ptr<const ValueNet> load_net(const std::string& path);
// A network given for game g must be of g: else `scarney WHERE: the network
// is for another game` and exit status 2 (bad_input).
void check_net_game(const ValueNet* net, Game g, const std::string& where);

// Output paths, checked before any work so that a bad one fails at once,
// not after hours: on failure `scarney: OPTION PATH: why` and exit status 2.
// A file: not a directory, and the directory it goes in (a link's target's)
// exists and is a directory. A device or a FIFO is fine (written through).
void check_output_file(const std::string& option, const std::string& path);
// A directory of output files: a directory, or created now (with its
// parents), and writable.
void prepare_output_directory(const std::string& option, const std::string& path);

// A subcommand that is only a group of subcommands: one of them is required.
CLI::App* add_command_group(CLI::App& app, const std::string& name, const std::string& description);

// Prints `scarney WHERE: MESSAGE` to stderr and throws CLI::RuntimeError(2).
[[noreturn]] void bad_input(const std::string& where, const std::string& message);
// The same without a place: `scarney: MESSAGE`.
[[noreturn]] void bad_input(const std::string& message);

// Catches Ctrl-C for its lifetime so that long work can end cleanly: a
// Ctrl-C sets stop(), which the work polls; the previous handler is back
// after. With a `first_message`, that message goes to stderr on the first
// Ctrl-C and a second one kills the program the usual way (for runs whose
// stop takes a while); without, every Ctrl-C only sets the flag. One guard
// at a time.
class SigintGuard {
 public:
  explicit SigintGuard(const char* first_message = nullptr);
  ~SigintGuard();
  SigintGuard(const SigintGuard&) = delete;
  SigintGuard& operator=(const SigintGuard&) = delete;

  const std::atomic<bool>& stop() const;
  bool interrupted() const { return stop().load(); }

 private:
  struct sigaction old_;
};

// A position's heading for readable output: its title, or file:line; the
// input's text escaped and clipped (util/printable.h printable_line).
std::string heading(const PositionRecord& r);
// Where a position comes from: "file:line", the file name escaped.
std::string source(const PositionRecord& r);

// Text helpers: every line of `text` prefixed with `pad`; the items of `v`
// with `sep` between them.
std::string indent(const std::string& text, const std::string& pad);
std::string join(const std::vector<std::string>& v, const std::string& sep);

}  // namespace scarney::cli
