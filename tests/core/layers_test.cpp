// The layers of docs/architecture.md, enforced: every `#include "..."` under
// solver/ and tools/ names a header of its own layer or of a layer it may
// include (the architecture page's table, read here, followed down), and
// every folder of solver/ has its row there.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

const fs::path kRoot = SCARNEY_SOURCE_DIR;

std::string trim(const std::string& s) {
  const size_t a = s.find_first_not_of(" \t"), b = s.find_last_not_of(" \t");
  return a == std::string::npos ? "" : s.substr(a, b - a + 1);
}

// Each layer and the layers it names in the table's "may include" column.
std::map<std::string, std::vector<std::string>> table_of(const fs::path& doc) {
  std::map<std::string, std::vector<std::string>> may;
  std::ifstream in(doc);
  std::string line;
  const std::regex name("`([a-z/]+?)/?`");
  while (std::getline(in, line)) {
    if (line.rfind("| `", 0) != 0) continue;
    std::vector<std::string> cells;
    std::stringstream ss(line.substr(1));
    for (std::string c; std::getline(ss, c, '|');) cells.push_back(trim(c));
    REQUIRE(cells.size() >= 3);
    std::vector<std::string> deps;
    std::stringstream ds(cells[2]);
    for (std::string d; std::getline(ds, d, ',');) deps.push_back(trim(d));
    for (std::sregex_iterator it(cells[0].begin(), cells[0].end(), name), end; it != end; ++it)
      may[(*it)[1]] = deps;
  }
  return may;
}

// A layer and everything below it.
std::set<std::string> reach(const std::map<std::string, std::vector<std::string>>& may,
                            const std::string& layer) {
  std::set<std::string> out;
  std::function<void(const std::string&)> visit = [&](const std::string& l) {
    if (!out.insert(l).second) return;
    const auto it = may.find(l);
    if (it == may.end()) return;
    for (const std::string& d : it->second)
      if (may.count(d)) visit(d);
  };
  visit(layer);
  return out;
}

// The layer a path inside solver/ belongs to ("games", "chance/dice").
std::string layer_of(const std::string& path) {
  const size_t slash = path.find('/');
  if (slash == std::string::npos) return "";
  const std::string top = path.substr(0, slash);
  if (top != "chance") return top;
  const size_t next = path.find('/', slash + 1);
  return next == std::string::npos ? "" : path.substr(0, next);
}

std::vector<std::string> includes_of(const fs::path& file) {
  std::vector<std::string> out;
  std::ifstream in(file);
  std::string line;
  const std::regex include(R"(^\s*#\s*include\s*"([^"]+)\")");
  std::smatch m;
  while (std::getline(in, line))
    if (std::regex_search(line, m, include)) out.push_back(m[1]);
  return out;
}

bool source(const fs::path& p) { return p.extension() == ".cpp" || p.extension() == ".h"; }

// Every include against the table: "file: includes X" for each one that
// goes against it.
std::vector<std::string> violations() {
  const auto may = table_of(kRoot / "docs/architecture.md");
  std::vector<std::string> out;
  const fs::path solver = kRoot / "solver";
  for (const auto& e : fs::recursive_directory_iterator(solver)) {
    if (!e.is_regular_file() || !source(e.path())) continue;
    const std::string rel = fs::relative(e.path(), solver).generic_string();
    const std::string own = layer_of(rel);
    if (!may.count(own)) {
      out.push_back("solver/" + rel + ": its folder has no row in docs/architecture.md");
      continue;
    }
    const std::set<std::string> allowed = reach(may, own);
    for (const std::string& inc : includes_of(e.path()))
      if (!allowed.count(layer_of(inc)))
        out.push_back("solver/" + rel + ": includes \"" + inc + "\" (" + own + " may include " +
                      (allowed.size() > 1 ? "only the layers below it" : "no other layer") + ")");
  }
  // The command line is the top: any layer, or its own files.
  const fs::path tools = kRoot / "tools";
  for (const auto& e : fs::recursive_directory_iterator(tools)) {
    if (!e.is_regular_file() || !source(e.path())) continue;
    const std::string rel = fs::relative(e.path(), tools).generic_string();
    for (const std::string& inc : includes_of(e.path())) {
      if (may.count(layer_of(inc))) continue;
      if (fs::exists(e.path().parent_path() / inc) || fs::exists(tools / "scarney" / inc)) continue;
      out.push_back("tools/" + rel + ": includes \"" + inc + "\", neither a layer nor its own");
    }
  }
  return out;
}

}  // namespace

TEST_CASE("layers: every include follows docs/architecture.md") {
  const auto may = table_of(kRoot / "docs/architecture.md");
  REQUIRE(may.count("util"));
  REQUIRE(may.count("play"));
  CHECK(reach(may, "play").count("games"));
  CHECK(!reach(may, "games").count("search"));
  CHECK(!reach(may, "chance/dice").count("games"));
  for (const std::string& v : violations()) FAIL_CHECK(v);
}
