#include "test_util.h"

#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <sstream>
#include <thread>

namespace scarney::test {

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

namespace {

// Runs `prefix scarney args` through the shell, its input and output in
// temporary files.
CommandResult run_with(const std::string& prefix, const std::string& args,
                       const std::string& stdin_text) {
  static int counter = 0;
  const std::string base =
      "/tmp/scarney-test-" + std::to_string(getpid()) + "-" + std::to_string(counter++);
  std::ofstream(base + ".in") << stdin_text;
  const std::string cmd = prefix + std::string(binary()) + " " + args + " <" + base + ".in >" +
                          base + ".out 2>" + base + ".err";
  const int raw = std::system(cmd.c_str());
  CommandResult r{WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, slurp(base + ".out"),
                  slurp(base + ".err")};
  for (const char* ext : {".in", ".out", ".err"}) std::remove((base + ext).c_str());
  return r;
}

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

CommandResult run_scarney(const std::string& args, const std::string& stdin_text) {
  return run_with("", args, stdin_text);
}

CommandResult run_timed(const std::string& args, const std::string& input, int seconds) {
  return run_with("timeout -k 5 " + std::to_string(seconds) + " ", args, input);
}

MeasuredRun run_measured(const std::string& command, int seconds) {
  static int counter = 0;
  const std::string base =
      "/tmp/scarney-measured-" + std::to_string(getpid()) + "-" + std::to_string(counter++);
  const std::string cmd = "scarney() { \"" + std::string(binary()) + "\" \"$@\"; }; " + "{ " +
                          command + "\n} </dev/null >" + base + ".out 2>" + base + ".err";
  std::fflush(nullptr);
  const auto t0 = std::chrono::steady_clock::now();
  const pid_t pid = fork();
  if (pid == 0) {
    execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  MeasuredRun r;
  int st = 0;
  rusage use{};
  bool ended = false;
  while (!ended && seconds_since(t0) < seconds) {
    ended = wait4(pid, &st, WNOHANG, &use) == pid;
    if (!ended) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  if (!ended) {
    kill(pid, SIGKILL);
    wait4(pid, &st, 0, &use);
  }
  r.seconds = seconds_since(t0);
  r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  r.signal = WIFSIGNALED(st) ? WTERMSIG(st) : 0;
  r.max_rss_kb = use.ru_maxrss;
  r.out = slurp(base + ".out");
  r.err = slurp(base + ".err");
  for (const char* ext : {".out", ".err"}) std::remove((base + ext).c_str());
  return r;
}

Stopped interrupt_and_wait(pid_t pid, int seconds) {
  const auto t0 = std::chrono::steady_clock::now();
  kill(pid, SIGINT);
  int st = 0;
  bool ended = false;
  while (!ended && seconds_since(t0) < seconds) {
    ended = waitpid(pid, &st, WNOHANG) == pid;
    if (!ended) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  Stopped s;
  s.seconds = seconds_since(t0);
  if (!ended) {
    kill(pid, SIGKILL);
    waitpid(pid, &st, 0);
    return s;
  }
  s.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  return s;
}

}  // namespace scarney::test
