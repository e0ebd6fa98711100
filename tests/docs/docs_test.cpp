// The doc test (issue 39): every transcript in README.md and docs/ is run
// by the build's scarney and its output compared with the page
// (transcript.h says how, and what may vary). A change that alters an
// output fails here until the page is updated.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <thread>

#include "transcript.h"

namespace fs = std::filesystem;
using namespace scarney::doctest;

namespace {

const fs::path kSource = SCARNEY_SOURCE_DIR;

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The pages the doc test reads: the README and every page of docs/.
std::vector<std::string> pages() {
  std::vector<std::string> out{"README.md"};
  for (const auto& e : fs::directory_iterator(kSource / "docs"))
    if (e.path().extension() == ".md") out.push_back("docs/" + e.path().filename().string());
  std::sort(out.begin(), out.end());
  return out;
}

// A scratch folder where the repository's positions/, tools/, docs/ and
// data/highlow-proof/ and the build's build/ are at hand, as in a clone.
fs::path scratch_for(const std::string& page) {
  std::string name = page;
  std::replace(name.begin(), name.end(), '/', '-');
  const fs::path d =
      fs::temp_directory_path() / ("scarney-doc-" + std::to_string(getpid()) + "-" + name);
  fs::remove_all(d);
  fs::create_directories(d);
  for (const char* shared : {"positions", "tools", "docs"})
    fs::create_directory_symlink(kSource / shared, d / shared);
  // Of data/, only the committed part: the High-Low proof's ledger.
  fs::create_directory(d / "data");
  fs::create_directory_symlink(kSource / "data" / "highlow-proof", d / "data" / "highlow-proof");
  const fs::path build = fs::path(SCARNEY_BINARY).parent_path().parent_path();
  fs::create_directory_symlink(build, d / "build");
  return d;
}

struct Ran {
  int status = -1;
  std::string out;
};

// Runs a command by /bin/sh in dir, the build's scarney first on the PATH,
// standard output and error together; ended after ten minutes. The
// commands of a page are one session: what one exports or where it goes
// with cd holds for the next (kept in .session.sh).
Ran run_in(const fs::path& dir, const std::string& command) {
  std::ofstream(dir / ".command.sh")
      << "[ -f .session.sh ] && . ./.session.sh\n"
      << command << "\n"
      << "status=$?\nexport -p > \"" << (dir / ".session.sh").string()
      << "\"\necho \"cd '$PWD'\" >> \"" << (dir / ".session.sh").string() << "\"\nexit $status\n";
  const std::string bin = fs::path(SCARNEY_BINARY).parent_path().string();
  const std::string line =
      "cd '" + dir.string() + "' && PATH='" + bin + "':\"$PATH\" timeout 600 sh .command.sh 2>&1";
  FILE* pipe = popen(line.c_str(), "r");
  REQUIRE(pipe != nullptr);
  Ran r;
  std::array<char, 4096> buf;
  for (std::size_t n; (n = std::fread(buf.data(), 1, buf.size(), pipe)) > 0;)
    r.out.append(buf.data(), n);
  const int status = pclose(pipe);
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

// The printed lines the page compares: without progress lines
// ("[####....]  9.1%  6/66 ..."), whose number depends on the machine.
std::vector<std::string> compared_lines(const std::string& out) {
  static const std::regex progress(R"(\[[#.]+\] .*%.*)");
  std::vector<std::string> kept;
  for (const std::string& l : lines_of(out))
    if (!std::regex_match(l, progress)) kept.push_back(l);
  return kept;
}

// `scarney serve --port 0` for a `console serve` block, and its URL.
struct Server {
  pid_t pid = -1;
  std::string url;      // http://127.0.0.1:PORT, no slash at the end
  FILE* out = nullptr;  // its standard output, open until it has stopped

  explicit Server(const fs::path& dir) {
    int fds[2];
    REQUIRE(pipe(fds) == 0);
    pid = fork();
    if (pid == 0) {
      dup2(fds[1], 1);
      close(fds[0]);
      chdir(dir.c_str());
      execl(SCARNEY_BINARY, SCARNEY_BINARY, "serve", "--port", "0", static_cast<char*>(nullptr));
      _exit(127);
    }
    close(fds[1]);
    out = fdopen(fds[0], "r");
    std::array<char, 512> buf{};
    const bool read = std::fgets(buf.data(), buf.size(), out) != nullptr;
    std::smatch m;
    const std::string first = read ? buf.data() : "";
    static const std::regex listening(R"((http://127\.0\.0\.1:\d+)/)");
    REQUIRE(std::regex_search(first, m, listening));
    url = m[1].str();
  }
  ~Server() {
    kill(pid, SIGTERM);
    std::array<char, 512> rest;
    while (std::fgets(rest.data(), rest.size(), out) != nullptr) {
    }
    std::fclose(out);
    waitpid(pid, nullptr, 0);
  }
};

std::string replace_all(std::string s, const std::string& from, const std::string& to) {
  for (std::size_t at = 0; (at = s.find(from, at)) != std::string::npos; at += to.size())
    s.replace(at, from.size(), to);
  return s;
}

// Every transcript of one page, in order, in one scratch folder.
void check_page(const std::string& page) {
  const std::vector<Block> blocks = read_blocks(slurp(kSource / page));
  const fs::path dir = scratch_for(page);
  for (const Block& b : blocks) {
    if (!b.file.empty()) std::ofstream(dir / b.file) << b.text;
    std::optional<Server> server;
    if (b.serve) server.emplace(dir);
    for (const Step& s : b.steps) {
      const std::string command =
          server ? replace_all(s.command, "http://127.0.0.1:8080", server->url) : s.command;
      const Ran r = run_in(dir, command);
      const auto where = page + ":" + std::to_string(s.line) + ": $ " + s.command;
      INFO(where);
      const auto differs = mismatch(s.expected, compared_lines(r.out));
      if (differs) FAIL_CHECK(*differs << "\n  (the whole output:)\n" << r.out);
      CHECK(r.status == s.status);
    }
  }
  fs::remove_all(dir);
}

// The pages whose transcripts take long (minutes of search) run in the
// Release pass only ([slow]).
const std::set<std::string> kSlowPages = {"docs/highlow-solution.md", "docs/cards.md"};

}  // namespace

TEST_CASE("docs: the transcripts of every page match what the program prints", "[docs]") {
  for (const std::string& page : pages()) {
    if (kSlowPages.count(page)) continue;
    DYNAMIC_SECTION(page) { check_page(page); }
  }
}

TEST_CASE("docs: the transcripts of the long pages match what the program prints", "[docs][slow]") {
  for (const std::string& page : kSlowPages) {
    DYNAMIC_SECTION(page) { check_page(page); }
  }
}

// A block that shows a prompt ("$ scarney ...") is a transcript, and must be
// marked as one so that the doc test runs it.
TEST_CASE("docs: every block with a $ prompt is marked console", "[docs]") {
  for (const std::string& page : pages()) {
    const std::vector<std::string> lines = lines_of(slurp(kSource / page));
    std::string info;
    bool inside = false;
    for (std::size_t i = 0; i < lines.size(); ++i) {
      if (lines[i].rfind("```", 0) == 0) {
        inside = !inside;
        info = lines[i].substr(3);
        continue;
      }
      if (inside && lines[i].rfind("$ ", 0) == 0 && info.rfind("console", 0) != 0)
        FAIL_CHECK(page << ":" << i + 1 << ": a prompt in a block not marked ```console");
    }
  }
}

TEST_CASE("docs: the pages have transcripts, and each runs at least one command", "[docs]") {
  int commands = 0;
  for (const std::string& page : pages())
    for (const Block& b : read_blocks(slurp(kSource / page))) commands += b.steps.size();
  // README.md's solve, docs/api.md's requests, docs/placement.md's solve,
  // ...: the doc test must not pass by finding none.
  CHECK(commands >= 10);
}
