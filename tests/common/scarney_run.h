// Running the built `scarney` program from a test (the CMake build defines
// SCARNEY_BINARY): for the command-line tests of the dice and card games.
#pragma once

#include <sys/wait.h>

#include <array>
#include <catch2/catch.hpp>
#include <cstdio>
#include <string>

namespace scarney::test {

struct Run {
  int status;
  std::string out;
};

// Runs `scarney <args>`, its standard error discarded.
inline Run scarney_output(const std::string& args) {
  const std::string command = std::string(SCARNEY_BINARY) + " " + args + " 2>/dev/null";
  FILE* pipe = popen(command.c_str(), "r");
  REQUIRE(pipe != nullptr);
  std::string out;
  std::array<char, 4096> buf;
  std::size_t n;
  while ((n = std::fread(buf.data(), 1, buf.size(), pipe)) > 0) out.append(buf.data(), n);
  const int status = pclose(pipe);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

inline bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace scarney::test
