// The `scarney` command line: one subcommand per task, each in its own file.
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>

#include "cli_common.h"
#include "commands.h"

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

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"scarney: exact solver for John Scarne's Scarney games"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "scarney 0.1.0");
  using namespace scarney::cli;
  register_show(app);
  register_solve(app);
  register_moves(app);
  register_bench(app);
  register_match(app);
  register_verify(app);
  register_tablebase(app);
  register_stats(app);
  register_dice(app);
  register_cards(app);
  register_serve(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // --help and --version exit 0; a RuntimeError carries the subcommand's own
    // status; any other usage error is bad input (2).
    const int code = app.exit(e);
    if (code == 0 || dynamic_cast<const CLI::RuntimeError*>(&e)) return check_standard_output(code);
    return check_standard_output(kExitBadInput);
  }
  return check_standard_output(0);
}
