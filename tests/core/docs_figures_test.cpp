// The figures docs/highlow-solution.md and the README quote for the
// certificates of the documented examples are the ones this build makes:
// each example is made again and its counts, size and SHA-256 looked for
// on the page (issue 38: a certificate's bytes depend on the build, and
// the pages had kept an earlier build's).
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>

#include "proof/sha256.h"
#include "test_util.h"

using scarney::test::run_scarney;
using scarney::test::scratch_dir;
using scarney::test::slurp;
namespace fs = std::filesystem;

namespace {

using scarney::test::has;

// 61571 as the tables write it: 61,571.
std::string grouped(unsigned long long v) {
  std::string s = std::to_string(v);
  for (int i = static_cast<int>(s.size()) - 3; i > 0; i -= 3) s.insert(static_cast<size_t>(i), ",");
  return s;
}

struct Made {
  std::string nodes, leaves, references, bytes, sha256, certify_out;
};

// The certificate of position 0 of seed 1 with `left` pawns left, as the
// page's commands make it.
Made make(const fs::path& dir, int left, bool certify) {
  const std::string pos = (dir / "p.scarney").string(), cert = (dir / "c.cert").string();
  const auto deal =
      run_scarney("deal --game highlow --left " + std::to_string(left) + " --count 1 --seed 1");
  REQUIRE(deal.status == 0);
  std::ofstream(pos) << deal.out;
  const auto solve = run_scarney("solve --winner-only --certificate " + cert + " " + pos);
  REQUIRE(solve.status == 0);
  std::smatch m;
  const std::regex line(
      "A wins; ([0-9]+) nodes, ([0-9]+) leaf boards, ([0-9]+) references; ([0-9]+) bytes");
  REQUIRE(std::regex_search(solve.out, m, line));
  Made out{m[1], m[2], m[3], m[4], scarney::hex(scarney::sha256_of_file(cert)), ""};
  if (certify) {
    const auto checked = run_scarney("certify --threads 2 " + cert);
    REQUIRE(checked.status == 0);
    out.certify_out = checked.out;
  }
  return out;
}

std::string n(const std::string& digits) { return grouped(std::stoull(digits)); }

}  // namespace

TEST_CASE("docs: the certificates' figures on the page are this build's", "[docs][slow]") {
  const std::string page = slurp(SCARNEY_SOURCE_DIR "/docs/highlow-solution.md");
  const std::string readme = slurp(SCARNEY_SOURCE_DIR "/README.md");
  REQUIRE(!page.empty());
  const fs::path d = scratch_dir("docs-figures", "make");
  for (const int left : {9, 10}) {
    INFO(left << " pawns left");
    const Made m = make(d, left, left == 9);
    // The table of the certificates made, and their SHA-256.
    const std::string row = " | A wins | " + n(m.nodes) + " | " + n(m.leaves) + " | " +
                            n(m.references) + " | " + n(m.bytes) + " B |";
    CHECK(has(page, row));
    CHECK(has(page, m.sha256 + (left < 10 ? "   " : "  ") + std::to_string(left) + " left"));
    if (left != 9) continue;
    // The example at the top of the page, solve's line and certify's.
    CHECK(has(page, "certificate: nine.cert: A wins; " + m.nodes + " nodes, " + m.leaves +
                        " leaf boards, " + m.references + " references;"));
    CHECK(has(page, " references; " + m.bytes + " bytes;"));
    CHECK(has(page, "valid: " + m.nodes + " nodes, " + m.leaves + " leaf boards, " + m.references +
                        " references;"));
    const size_t at = m.certify_out.find("nodes by pawns left");
    REQUIRE(at != std::string::npos);
    CHECK(has(page, m.certify_out.substr(at, m.certify_out.find('\n', at) - at)));
    CHECK(has(readme, "9 left, " + n(m.leaves) + " boards"));
  }
  fs::remove_all(d);
}
