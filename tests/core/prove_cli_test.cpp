// `scarney prove`: a proof cut at a frontier, resumed, sharded, and
// checked whole by `scarney certify`.

#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <thread>

#include "test_util.h"
#include "util/json.h"

using scarney::test::run_scarney;
using scarney::test::scratch_dir;

namespace {

using scarney::test::has;

std::string position_file(const std::filesystem::path& dir, int left) {
  const auto r =
      run_scarney("deal --game highlow --left " + std::to_string(left) + " --count 1 --seed 1");
  REQUIRE(r.status == 0);
  const std::string path = (dir / "position.scarney").string();
  std::ofstream(path) << r.out;
  return path;
}

// The frontier certificates of a directory (all but the top).
std::set<std::string> frontier_files(const std::filesystem::path& dir) {
  std::set<std::string> out;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    const std::string name = e.path().filename().string();
    if (name != "top.cert" && e.path().extension() == ".cert") out.insert(name);
  }
  return out;
}

}  // namespace

TEST_CASE("prove: a proof through a frontier, resumed, checked", "[cli][prove]") {
  const auto dir = scratch_dir("prove", "whole");
  const std::string pos = position_file(dir, 8);
  const std::string d = (dir / "proof").string();
  const auto made = run_scarney("prove " + pos + " --frontier 6 --dir " + d + " --threads 2");
  REQUIRE(made.status == 0);
  CHECK(has(made.out, "guesses that"));
  CHECK(has(made.out, "prove: proven: "));
  CHECK(std::filesystem::exists(d + "/frontier.scarney"));
  const size_t files = frontier_files(d).size();
  CHECK(files > 0);
  // Again: nothing to solve, the same top.
  const auto again = run_scarney("prove " + pos + " --frontier 6 --dir " + d);
  REQUIRE(again.status == 0);
  CHECK(has(again.out, ": 0 positions to solve"));
  CHECK_FALSE(has(again.out, "prove: solved "));
  CHECK(frontier_files(d).size() == files);
  const auto checked = run_scarney("certify --threads 2 " + d + "/top.cert");
  CHECK(checked.status == 0);
  CHECK(has(checked.out, "0 missing, 0 not valid"));
  // One frontier certificate gone: named, exit 1.
  std::filesystem::remove(d + "/" + *frontier_files(d).begin());
  const auto missing = run_scarney("certify " + d + "/top.cert");
  CHECK(missing.status == 1);
  CHECK(has(missing.err, "no certificate with SHA-256"));
  CHECK(has(missing.out, "1 missing"));
  std::filesystem::remove_all(dir);
}

TEST_CASE("prove: shards split the frontier, their union is the whole", "[cli][prove]") {
  const auto dir = scratch_dir("prove", "shards");
  const std::string pos = position_file(dir, 8);
  const std::string whole = (dir / "whole").string(), shared = (dir / "shared").string();
  REQUIRE(run_scarney("prove " + pos + " --frontier 6 --dir " + whole).status == 0);
  std::filesystem::create_directories(shared);
  std::set<std::string> seen;
  size_t sum = 0;
  for (int k = 0; k < 3; ++k) {
    const std::string one = (dir / ("shard" + std::to_string(k))).string();
    const auto r = run_scarney("prove " + pos + " --frontier 6 --dir " + one + " --shard " +
                               std::to_string(k) + "/3");
    REQUIRE(r.status == 0);
    const auto files = frontier_files(one);
    sum += files.size();
    seen.insert(files.begin(), files.end());
    for (const auto& f : files)
      std::filesystem::copy_file(one + "/" + f, (dir / "shared" / f).string(),
                                 std::filesystem::copy_options::overwrite_existing);
  }
  CHECK(sum == seen.size());  // no position in two shards
  CHECK(seen == frontier_files(whole));
  // The last step, unsharded, finds everything solved and writes the top.
  const auto last = run_scarney("prove " + pos + " --frontier 6 --dir " + shared);
  REQUIRE(last.status == 0);
  CHECK(has(last.out, ": 0 positions to solve"));
  CHECK(run_scarney("certify " + shared + "/top.cert").status == 0);
  std::filesystem::remove_all(dir);
}

TEST_CASE("prove: bad input is refused saying what was expected", "[cli][prove]") {
  const auto dir = scratch_dir("prove", "bad");
  const std::string pos = position_file(dir, 8);
  const auto deep = run_scarney("prove " + pos + " --frontier 8 --dir " + (dir / "d").string());
  CHECK(deep.status == 2);
  CHECK(has(deep.err, "--frontier 8: expected 1 to 7"));
  const auto shard =
      run_scarney("prove " + pos + " --frontier 6 --shard 3/3 --dir " + (dir / "d").string());
  CHECK(shard.status == 2);
  CHECK(has(shard.err, "--shard"));
  std::filesystem::remove_all(dir);
}

TEST_CASE("prove: Ctrl-C keeps the certificates written, the rerun resumes", "[cli][prove][slow]") {
  const auto dir = scratch_dir("prove", "interrupt");
  // Ten left, frontier 8: 45 certificates of about 70 ms each (3 s in all).
  const auto deal = run_scarney("deal --game highlow --left 10 --count 1 --seed 1");
  REQUIRE(deal.status == 0);
  const std::string pos = (dir / "ten.scarney").string();
  std::ofstream(pos) << deal.out;
  const std::string d = (dir / "proof").string();
  const pid_t pid =
      scarney::test::start_scarney(dir, {"prove", pos, "--frontier", "8", "--dir", d});
  // Interrupted once a few frontier certificates are there.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(3);
  while (std::chrono::steady_clock::now() < deadline &&
         (!std::filesystem::exists(d) || frontier_files(d).size() < 3))
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  // Stopped while it makes a certificate: within a second (issue 38).
  const auto stopped = scarney::test::interrupt_and_wait(pid);
  CHECK(stopped.status == 130);
  CHECK(stopped.seconds < 1.0);
  CHECK(has(scarney::test::slurp((dir / "stderr.txt").string()), "run the same command again"));
  const size_t kept = frontier_files(d).size();
  CHECK(kept >= 3);
  for (const auto& e : std::filesystem::directory_iterator(d))
    CHECK(e.path().string().find(".tmp") == std::string::npos);  // no partial file
  const auto resumed = run_scarney("prove " + pos + " --frontier 8 --dir " + d);
  REQUIRE(resumed.status == 0);
  CHECK(has(resumed.out, std::to_string(45 - kept) + " positions to solve"));
  CHECK(has(resumed.out, "prove: solved " + std::to_string(45 - kept) + ", already there 0"));
  CHECK(has(resumed.out, "prove: proven: A wins"));
  std::filesystem::remove_all(dir);
}

TEST_CASE("prove: a refuted guess tries the next placement and extends the frontier",
          "[cli][prove]") {
  // Position 0 of seed 1 with 8 left: the depth-1 estimate's placement for
  // A after one of B's replies loses; found by trying positions.
  const auto dir = scratch_dir("prove", "refuted");
  const std::string pos = position_file(dir, 8);
  const std::string d = (dir / "proof").string();
  const auto r = run_scarney("prove " + pos + " --frontier 5 --depth 1 --dir " + d);
  REQUIRE(r.status == 0);
  CHECK(has(r.out, "refutes the guess: B wins there"));
  CHECK(has(r.out, "prove: refuted: A places "));
  CHECK(has(r.out, "; trying A places "));
  CHECK(has(r.out, "prove: proven: A wins"));
  // The refuting position's certificate stays in the directory (it proves
  // B), but the top names only the frontier it needs, which holds.
  const auto checked = run_scarney("certify " + d + "/top.cert");
  CHECK(checked.status == 0);
  CHECK(has(checked.out, "0 missing, 0 not valid"));
  std::filesystem::remove_all(dir);
}

TEST_CASE("solve --proof: the positions on a proof's top are said proved, no others",
          "[cli][prove]") {
  const auto dir = scratch_dir("prove", "solve-proof");
  const std::string pos = position_file(dir, 8);
  const std::string d = (dir / "proof").string();
  const auto made = run_scarney("prove " + pos + " --frontier 6 --dir " + d + " --threads 2");
  REQUIRE(made.status == 0);
  const bool a_wins = has(made.out, "proven: A wins");
  const std::string winner = a_wins ? "A" : "B";
  const auto text = run_scarney("solve --winner-only --proof " + d + "/top.cert " + pos);
  REQUIRE(text.status == 0);
  CHECK(has(text.out, "proved: " + winner + " wins, by the checked proof"));
  // The exact search agrees: A places at 8 left.
  CHECK(has(text.out, a_wins ? "A (to move) wins" : "A (to move) loses"));
  const auto json = run_scarney("solve --json --winner-only --proof " + d + "/top.cert " + pos);
  REQUIRE(json.status == 0);
  CHECK(has(json.out, "\"proved_winner\":\"" + winner + "\""));
  CHECK(has(json.out, "\"proved_placement\":\"") == a_wins);
  // Move by move: a placement into a position on the top is proved for its
  // mover, the winner's (the proof's own) winning, the loser's losing.
  const auto moves = run_scarney("moves --json --winner-only --proof " + d + "/top.cert " + pos);
  REQUIRE(moves.status == 0);
  CHECK(has(moves.out, a_wins ? "\"proved_wins\":true" : "\"proved_wins\":false"));
  CHECK_FALSE(has(moves.out, a_wins ? "\"proved_wins\":false" : "\"proved_wins\":true"));
  CHECK(has(run_scarney("moves --winner-only --proof " + d + "/top.cert " + pos).out,
            a_wins ? "(wins: proved)" : "(loses: proved)"));
  // Estimated (one placement deep): the proof's outcome in place of the
  // estimate's "probably", in the headline and on each move it covers.
  const auto guessed =
      run_scarney("solve --winner-only --depth 1 --proof " + d + "/top.cert " + pos);
  CHECK(has(guessed.out, a_wins ? "A (to move) wins: proved  (not exact"
                                : "A (to move) loses: proved  (not exact"));
  CHECK_FALSE(has(guessed.out, "probably"));
  const auto rows = run_scarney("moves --winner-only --depth 1 --proof " + d + "/top.cert " + pos);
  int proved_rows = 0;
  std::istringstream row_lines(rows.out);
  for (std::string line; std::getline(row_lines, line);)
    if (has(line, ": proved)")) {
      ++proved_rows;
      CHECK_FALSE(has(line, "probably"));
    }
  CHECK(proved_rows > 0);
  // Off the top (another deal), and without --proof (no committed proof
  // holds an 8-left position): nothing claimed.
  const auto other = run_scarney("deal --game highlow --left 8 --count 1 --seed 2");
  const std::string other_pos = (dir / "other.scarney").string();
  std::ofstream(other_pos) << other.out;
  CHECK_FALSE(has(run_scarney("solve --proof " + d + "/top.cert " + other_pos).out, "proved"));
  CHECK_FALSE(has(run_scarney("solve " + pos).out, "proved"));
  // A file that is no certificate: exit 2, named.
  const auto bad = run_scarney("solve --proof " + pos + " " + pos);
  CHECK(bad.status == 2);
  CHECK(has(bad.err, "position.scarney: not a scarney certificate"));

  // The static site's table of the same proof (serve --proof-json): its
  // positions say what `solve --proof` says of them, the position itself
  // among them under its own text, the other deal not.
  const std::string table = (dir / "proof-top.json").string();
  REQUIRE(run_scarney("serve --proof " + d + "/top.cert --proof-json " + table).status == 0);
  const Json t = Json::parse(test::slurp(table));
  const Json& positions = t.at("positions");
  CHECK(t.at("api") == 1);
  REQUIRE(positions.size() >= 48);  // the root's images at least
  // A position's key: its text's game, phase, placement and hands lines
  // (as wasm/worker.js looks it up: the deal's title line aside).
  const auto key = [](const std::string& text) {
    std::string out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
      for (const char* field : {"game:", "phase:", "placement:", "hands:"})
        if (line.rfind(field, 0) == 0) out += line + "\n";
    return out;
  };
  const std::string own = key(test::slurp(pos));
  REQUIRE(positions.contains(own));
  CHECK(positions[own].at("proved_winner") == winner);
  CHECK(positions[own].contains("proved_placement") == a_wins);
  CHECK_FALSE(positions.contains(key(other.out)));
  size_t i = 0;
  for (const auto& [text, said] : positions.items()) {
    if (i++ % (positions.size() / 4) != 0) continue;  // five or so across the table
    const std::string one = (dir / "one.scarney").string();
    std::ofstream(one) << text;
    const Json solved = Json::parse(
        run_scarney("solve --json --winner-only --proof " + d + "/top.cert " + one).out);
    CAPTURE(text);
    CHECK(solved.at("proved_winner") == said.at("proved_winner"));
    CHECK(solved.value("proved_placement", "") == said.value("proved_placement", ""));
  }
  CHECK(run_scarney("serve --proof-json " + (dir / "none" / "t.json").string()).status == 2);
  std::filesystem::remove_all(dir);
}

// A machine without the proof's files certifies the top a share at a time:
// the share's certificates it lacks remade by the search, then checked as
// the top names them.
TEST_CASE("certify --remake-missing: a share's missing certificates remade, then checked",
          "[cli][prove]") {
  namespace fs = std::filesystem;
  const auto dir = scratch_dir("prove", "remake-missing");
  const std::string pos = position_file(dir, 8);
  const std::string d = (dir / "proof").string(), here = (dir / "here").string();
  REQUIRE(run_scarney("prove " + pos + " --frontier 6 --dir " + d).status == 0);
  const size_t named = frontier_files(d).size();
  REQUIRE(named >= 4);
  // Without the files: each share remakes its own, the same bytes (this
  // build, the same limit), and is valid; together they remake them all.
  fs::create_directories(here);
  const std::string share = "certify --remake-missing --dir " + here + " --shard ";
  size_t remade = 0;
  for (int k = 0; k < 2; ++k) {
    const auto r = run_scarney(share + std::to_string(k) + "/2 " + d + "/top.cert");
    CHECK(r.status == 0);
    CHECK(has(r.out, "(the same bytes)"));
    CHECK_FALSE(has(r.out, "other bytes"));
    CHECK(has(r.out, "valid, "));
    CHECK(has(r.out, " leaf boards (remade here)"));
    CHECK(has(r.out, "0 missing, 0 not valid"));
    remade = frontier_files(here).size();
  }
  CHECK(remade == named);
  for (const std::string& f : frontier_files(here)) CHECK(frontier_files(d).count(f) == 1);
  // Run again, nothing is remade.
  const auto again = run_scarney(share + "0/2 " + d + "/top.cert");
  CHECK(again.status == 0);
  CHECK(has(again.out, "remaking 0 certificates"));
  CHECK(has(again.out, ", 0 of them remade here, 0 missing, 0 not valid"));
  // Another position's certificate under a missing one's name is taken for
  // it (a file there is not made again) and refused: it does not prove the
  // node. Exit 1.
  const auto files = frontier_files(here);
  fs::remove_all(here);
  fs::create_directories(here);
  for (const std::string& f : files) fs::copy_file(d + "/" + f, here + "/" + f);
  const std::string one = *files.begin(), other = *std::next(files.begin());
  fs::remove(here + "/" + one);
  fs::copy_file(d + "/" + other, here + "/" + one);
  bool refused = false;
  for (int k = 0; k < 2; ++k) {
    const auto r = run_scarney(share + std::to_string(k) + "/2 " + d + "/top.cert");
    if (r.status == 1 && has(r.err, "does not prove the node") &&
        has(r.out, "found under its name, not remade"))
      refused = true;
    else
      CHECK(r.status == 0);
  }
  CHECK(refused);
  // --remake-missing needs --dir (the top's own directory would fill with
  // certificates), and not with --sample; --table-limit applies with either.
  CHECK(run_scarney("certify --remake-missing " + d + "/top.cert").status == 2);
  CHECK(run_scarney("certify --remake-missing --sample 1 --remake-dir " + here + " --dir " + here +
                    " " + d + "/top.cert")
            .status == 2);
  CHECK(run_scarney("certify --table-limit 5000 " + d + "/top.cert").status == 2);
  CHECK(run_scarney("certify --list-named --remake-missing --dir " + here + " " + d + "/top.cert")
            .status == 2);
  fs::remove_all(dir);
}

TEST_CASE("certify --sample: named certificates remade by the search and checked", "[cli][prove]") {
  const auto dir = scratch_dir("prove", "sample");
  const std::string pos = position_file(dir, 8);
  const std::string d = (dir / "proof").string(), again = (dir / "again").string();
  REQUIRE(run_scarney("prove " + pos + " --frontier 6 --dir " + d).status == 0);
  const size_t named = frontier_files(d).size();
  REQUIRE(named >= 3);
  // Three of them, remade elsewhere: this build makes the same bytes.
  const std::string sample =
      "certify --sample 3 --seed 5 --remake-dir " + again + " " + d + "/top.cert";
  const auto r = run_scarney(sample);
  CHECK(r.status == 0);
  CHECK(has(r.out, "sample: 3 of the " + std::to_string(named) + " certificates named (seed 5)"));
  CHECK(has(r.out, "sample: 3 of 3 remade and valid"));
  CHECK_FALSE(has(r.out, "other bytes"));
  CHECK(frontier_files(again).size() == 3);
  for (const std::string& f : frontier_files(again)) CHECK(frontier_files(d).count(f) == 1);
  // Another seed, another choice (of the same files).
  const auto other = run_scarney("certify --sample 3 --seed 6 --remake-dir " +
                                 (dir / "other").string() + " " + d + "/top.cert");
  CHECK(other.status == 0);
  CHECK(frontier_files(dir / "other") != frontier_files(again));
  // A remade certificate that is not the node's (another position's file
  // under its name): refused, exit 1.
  const std::string one = *frontier_files(again).begin();
  std::filesystem::remove_all(again);
  std::filesystem::create_directories(again);
  std::string wrong;
  for (const std::string& f : frontier_files(d))
    if (f != one) wrong = f;
  std::filesystem::copy_file(d + "/" + wrong, again + "/" + one);
  const auto refused = run_scarney(sample);
  CHECK(refused.status == 1);
  CHECK(has(refused.err, "the certificate remade for "));
  // --sample needs --remake-dir; --seed applies with --sample only.
  CHECK(run_scarney("certify --sample 2 " + d + "/top.cert").status == 2);
  CHECK(run_scarney("certify --seed 2 " + d + "/top.cert").status == 2);
  std::filesystem::remove_all(dir);
}
