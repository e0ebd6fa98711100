#include "test_util.h"

#include <sys/wait.h>
#include <unistd.h>

#include <fstream>
#include <sstream>

namespace scarney::test {

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

CommandResult run_scarney(const std::string& args, const std::string& stdin_text) {
  static int counter = 0;
  const std::string base =
      "/tmp/scarney-test-" + std::to_string(getpid()) + "-" + std::to_string(counter++);
  std::ofstream(base + ".in") << stdin_text;
  const std::string cmd = std::string(SCARNEY_BINARY) + " " + args + " <" + base + ".in >" + base +
                          ".out 2>" + base + ".err";
  const int raw = std::system(cmd.c_str());
  CommandResult r{WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, slurp(base + ".out"),
                  slurp(base + ".err")};
  std::remove((base + ".in").c_str());
  std::remove((base + ".out").c_str());
  std::remove((base + ".err").c_str());
  return r;
}

}  // namespace scarney::test
