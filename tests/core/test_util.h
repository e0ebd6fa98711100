// Helpers shared by the core tests.
#pragma once

#include <sys/types.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "board/board.h"
#include "games/deal.h"
#include "games/position.h"
#include "games/position_file.h"

namespace scarney::test {

// The first position of a position file's text, with its title and keys.
inline PositionRecord parse_record(const std::string& text) {
  return parse_positions(text, "test.scarney").at(0);
}
// The same, the game state alone.
inline Position parse_one(const std::string& text) { return parse_record(text).position; }

// A board of the given pawns ("G3 on C1, ...").
inline Board board_of(const std::string& placement) {
  return parse_one("game: solitaire\nphase: jump\nplacement: " + placement + "\n").board;
}

// A random board of n pawns on random circles (games/deal.h).
using scarney::random_board;

// Whether w, a window search's answer in (a, b), is fail-soft around the
// exact value v: a true bound beyond the window, v itself inside, and on
// the same side of the window as v.
inline bool fail_soft(int v, int w, int a, int b) {
  if ((v <= a) != (w <= a) || (v >= b) != (w >= b)) return false;
  return w <= a ? v <= w : w >= b ? v >= w : v == w;
}

// The whole content of a file (binary-safe); empty if it cannot be read.
std::string slurp(const std::string& path);
// Writes `bytes` to `path` as they are (a test's input file).
inline void spit(const std::filesystem::path& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}
// Whether `text` holds `part` (a message, a report).
inline bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// The scarney binary the tests run: SCARNEY_BINARY, the one built with
// them, unless the environment's SCARNEY_TEST_BINARY names another (to
// see a test fail on an older build, before its fix).
inline const char* binary() {
  const char* other = std::getenv("SCARNEY_TEST_BINARY");
  return other && *other ? other : SCARNEY_BINARY;
}

struct CommandResult {
  int status;
  std::string out;
  std::string err;
};

// Runs the scarney binary with `args` (shell syntax) and captures its output.
CommandResult run_scarney(const std::string& args, const std::string& stdin_text = "");

// The same under `timeout`: status 124 when it hung for `seconds`.
CommandResult run_timed(const std::string& args, const std::string& input = "", int seconds = 60);

// A run measured: the exit status (-1 when killed by a signal, the signal
// in `signal`), the wall time and the largest resident size.
struct MeasuredRun {
  int status = -1;
  int signal = 0;
  double seconds = 0;
  long max_rss_kb = 0;
  std::string out, err;
};
// `command` (shell syntax, `scarney` standing for the binary) in a child
// shell, killed after `seconds`.
MeasuredRun run_measured(const std::string& command, int seconds = 60);

// Sends SIGINT to `pid` and waits for it (at most `seconds`, then
// SIGKILL): its exit status (-1 when killed) and how long it took to end.
struct Stopped {
  int status = -1;
  double seconds = 0;
};
Stopped interrupt_and_wait(pid_t pid, int seconds = 30);

// A fresh folder under the temporary directory, named for this process.
inline std::filesystem::path scratch_dir(const std::string& prefix, const std::string& name) {
  namespace fs = std::filesystem;
  const fs::path d =
      fs::temp_directory_path() / (prefix + "-" + std::to_string(getpid()) + "-" + name);
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

// Starts scarney with args in a child process, its stdout and stderr to
// stdout.txt and stderr.txt in dir (for the tests that signal it).
inline pid_t start_scarney(const std::filesystem::path& dir, const std::vector<std::string>& args) {
  const pid_t pid = fork();
  if (pid == 0) {
    std::freopen((dir / "stdout.txt").c_str(), "w", stdout);
    std::freopen((dir / "stderr.txt").c_str(), "w", stderr);
    std::vector<char*> argv{const_cast<char*>(binary())};
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    execv(binary(), argv.data());
    _exit(127);
  }
  return pid;
}

}  // namespace scarney::test
