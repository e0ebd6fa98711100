// `scarney stats --exhaustive` and `stats merge`: shard files, reruns,
// damage, merging against one run over the same range, Ctrl-C and kills,
// and the MPI run against the threaded one byte for byte.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <regex>

#include "exhaustive/deal_space.h"
#include "exhaustive/merge.h"
#include "exhaustive/shard.h"
#include "test_util.h"
#include "util/atomic_file.h"

using scarney::test::run_scarney;
using scarney::test::slurp;
namespace fs = std::filesystem;
using namespace scarney;
using namespace scarney::exhaustive;

namespace {

fs::path scratch(const std::string& name) {
  const fs::path d =
      fs::temp_directory_path() / ("scarney-exhaustive-" + std::to_string(getpid()) + "-" + name);
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

std::string field(const std::string& text, const std::string& key) {
  const std::regex re("(^|\n)" + key + ": ([^\n]*)");
  std::smatch m;
  return std::regex_search(text, m, re) ? m[2].str() : "";
}

std::vector<std::string> shard_files(const fs::path& d) {
  std::vector<std::string> v;
  for (const auto& e : fs::directory_iterator(d)) v.push_back(e.path().filename().string());
  std::sort(v.begin(), v.end());
  return v;
}

// Starts `scarney args...` in a process group of its own.
pid_t spawn(const std::vector<std::string>& argv) {
  std::fflush(nullptr);  // or the child writes our buffered output again
  const pid_t pid = fork();
  if (pid == 0) {
    setpgid(0, 0);
    std::freopen("/dev/null", "w", stdout);
    std::freopen("/dev/null", "w", stderr);
    std::vector<char*> a;
    for (const auto& s : argv) a.push_back(const_cast<char*>(s.c_str()));
    a.push_back(nullptr);
    execvp(a[0], a.data());
    _exit(127);
  }
  return pid;
}

const std::string kBin = SCARNEY_BINARY;

// A hand-made shard (a checked format, not a solve): one representative of
// 48 deals for each value, at ranks lo + first, lo + first + 1, ...
ShardResult hand_made_shard(ShardId id, const std::vector<int>& values, uint64_t first = 0) {
  ShardResult r;
  r.id = id;
  r.range = shard_range(r.id, factorial(16));
  r.version = program_version();
  r.rules = rules_variant();
  r.representatives = values.size();
  DealOutcome o;
  for (size_t i = 0; i < values.size(); ++i) {
    o.value = values[i];
    add_weighted(r.tally, r.range.lo + first + i, o, 48);
  }
  return r;
}

}  // namespace

TEST_CASE("a shard file: contents, rerun skipped, damage refused by name", "[exhaustive][cli]") {
  const fs::path d = scratch("shard");
  const auto r = run_scarney(
      "stats --quiet --game solitaire --exhaustive --shard 7/100000000 "
      "--threads 2 --out " +
      d.string());
  REQUIRE(r.status == 0);
  const fs::path f = d / "solitaire-shard-000000007-of-100000000.txt";
  const std::string text = slurp(f.string());
  CHECK(field(text, "shard") == "7/100000000");
  CHECK(field(text, "ranks") == "1464595 1673823");
  CHECK(field(text, "version") == program_version());
  const uint64_t reps = std::stoull(field(text, "representatives"));
  CHECK(std::stoull(field(text, "deals")) == 48 * reps);
  CHECK(parse_shard(text, "x").tally.deals == 48 * reps);
  // --list prints the same representatives, orbit sizes 48.
  const auto list = run_scarney("stats --game solitaire --exhaustive --shard 7/100000000 --list");
  REQUIRE(list.status == 0);
  CHECK(static_cast<uint64_t>(std::count(list.out.begin(), list.out.end(), '\n')) == reps);
  CHECK(std::regex_search(list.out, std::regex("^([BRYG][1-4] ){16}48\n")));
  // The best deal of the file is one of them.
  const std::string best = field(text, "best");
  CHECK(list.out.find(best.substr(best.find(' ', best.find(' ') + 1) + 1) + " 48") !=
        std::string::npos);
  // A rerun skips the finished shard and leaves it as it is.
  const auto again =
      run_scarney("stats --game solitaire --exhaustive --shard 7/100000000 --out " + d.string());
  CHECK(again.status == 0);
  CHECK(again.err.find("skipped") != std::string::npos);
  CHECK(slurp(f.string()) == text);
  // One byte changed: refused by name, exit status 2, by the run and by merge.
  std::string bad = text;
  bad[bad.find("histogram: ") + 12] ^= 1;
  write_file_atomically(f.string(), bad);
  const auto damaged =
      run_scarney("stats --game solitaire --exhaustive --shard 7/100000000 --out " + d.string());
  CHECK(damaged.status == 2);
  CHECK(damaged.err.find(f.string()) != std::string::npos);
  CHECK(damaged.err.find("damaged") != std::string::npos);
  const auto merged = run_scarney("stats merge " + d.string());
  CHECK(merged.status == 2);
  CHECK(merged.err.find(f.string()) != std::string::npos);
  // Never written over anything but a regular file.
  fs::remove(f);
  fs::create_directory(f);
  CHECK(run_scarney("stats --game solitaire --exhaustive --shard 7/100000000 --out " + d.string())
            .status == 2);
  fs::remove_all(d);
}

TEST_CASE("bad exhaustive options are refused", "[exhaustive][cli]") {
  CHECK(run_scarney("stats --game doubles --exhaustive --shard 0/10 --out /tmp/x").status == 2);
  CHECK(run_scarney("stats --game solitaire --exhaustive --shard 10/10 --out /tmp/x").status == 2);
  CHECK(run_scarney("stats --game solitaire --exhaustive --shard 1/10").status == 2);
  CHECK(run_scarney("stats --game solitaire --exhaustive --out /tmp/x").status == 2);
  CHECK(run_scarney("stats --game solitaire --exhaustive --shards 10 --range 5:3 --out /tmp/x")
            .status == 2);
  CHECK(run_scarney("stats --game solitaire").status == 2);  // neither --deals nor --exhaustive
  CHECK(run_scarney("stats merge /nonexistent-dir").status == 2);
}

TEST_CASE("shards merged equal one run over the same range", "[exhaustive][cli]") {
  // Shards 0..3 of 10^8 cover exactly shard 0 of 2.5 x 10^7.
  const fs::path a = scratch("merge-a"), b = scratch("merge-b");
  REQUIRE(run_scarney("stats --quiet --game singles --exhaustive --shards 100000000 --range 0:4 "
                      "--threads 2 --out " +
                      a.string())
              .status == 0);
  REQUIRE(run_scarney("stats --quiet --game singles --exhaustive --shard 0/25000000 --threads 1 "
                      "--out " +
                      b.string())
              .status == 0);
  CHECK(shard_files(a).size() == 4);
  const Merged ma = merge_shards(a.string(), std::nullopt),
               mb = merge_shards(b.string(), std::nullopt);
  CHECK(ma.covered == mb.covered);
  CHECK(ma.representatives == mb.representatives);
  CHECK(ma.tally.deals == mb.tally.deals);
  CHECK(ma.tally.headline == mb.tally.headline);
  CHECK(ma.tally.call_gain == mb.tally.call_gain);
  CHECK(ma.tally.best.deal == mb.tally.best.deal);
  CHECK(ma.tally.worst.deal == mb.tally.worst.deal);
  CHECK(!ma.exact());
  const auto ja = run_scarney("stats merge --json " + a.string());
  REQUIRE(ja.status == 0);
  CHECK(ja.out.find("\"histogram\":{") != std::string::npos);
  CHECK(ja.out.find("\"exact\":false") != std::string::npos);
  CHECK(ja.err.find("partial merge") != std::string::npos);
  // Overlapping shards conflict, named.
  fs::copy(b / "singles-shard-00000000-of-25000000.txt", a);
  const auto clash = run_scarney("stats merge " + a.string());
  CHECK(clash.status == 2);
  CHECK(clash.err.find("overlaps") != std::string::npos);
  fs::remove_all(a);
  fs::remove_all(b);
}

TEST_CASE("a merge covering all 16! deals is labelled exact", "[exhaustive]") {
  const fs::path d = scratch("exact");
  // Two hand-made shards of 2 covering everything (a checked format, not a solve).
  for (uint64_t k = 0; k < 2; ++k) {
    const int v = static_cast<int>(k);
    const ShardResult r = hand_made_shard({k, 2}, {100 + v, 110 + v, 120 + v}, 5);
    write_file_atomically((d / shard_file_name(Game::Solitaire, r.id)).string(), format_shard(r));
  }
  const Merged m = merge_shards(d.string(), Game::Solitaire);
  CHECK(m.exact());
  CHECK(merged_text(m).rfind("EXACT", 0) == 0);
  CHECK(json_text(merged_json(m)).find("\"exact\":true") != std::string::npos);
  CHECK(m.tally.deals == 6 * 48);
  CHECK(m.mean.value * factorial(16) == Approx(48.0 * (100 + 110 + 120 + 101 + 111 + 121)));
  CHECK(m.mean.se == 0);  // every shard: no sampling error
  fs::remove_all(d);
}

TEST_CASE("the partial estimate is unbiased over the choices of shards", "[exhaustive]") {
  // Four shards of 4 with known totals; every choice of two, averaged,
  // gives the full total.
  const fs::path d = scratch("estimate");
  std::vector<ShardResult> all;
  for (uint64_t k = 0; k < 4; ++k) {
    std::vector<int> values;
    for (uint64_t i = 0; i <= k; ++i) values.push_back(static_cast<int>(60 + 20 * k + i));
    all.push_back(hand_made_shard({k, 4}, values));
  }
  double sum = 0, truth = 0;
  for (const auto& r : all)
    for (const auto& [v, c] : r.tally.headline) truth += double(v) * c;
  truth /= double(factorial(16));
  int choices = 0;
  for (int i = 0; i < 4; ++i)
    for (int j = i + 1; j < 4; ++j) {
      for (const auto& e : fs::directory_iterator(d)) fs::remove(e.path());
      for (int k : {i, j})
        write_file_atomically((d / shard_file_name(Game::Solitaire, all[k].id)).string(),
                              format_shard(all[k]));
      const Merged m = merge_shards(d.string(), std::nullopt);
      CHECK(m.estimated);
      CHECK(m.mean.se > 0);
      sum += m.mean.value;
      ++choices;
    }
  CHECK(sum / choices == Approx(truth));
  fs::remove_all(d);
}

TEST_CASE("a partial merge's rating shares add up to 100%, even from one shard", "[exhaustive]") {
  // One shard of 4 holding 3 representatives (144 deals): far fewer deals
  // than the average shard, so the unbiased shares add up to far less than
  // 100% (issue 39: one shard printed shares adding up to 34%); the shares
  // shown first are the ratio estimates, the band's deals over the sample's.
  const fs::path d = scratch("one-shard");
  const ShardResult r = hand_made_shard({1, 4}, {100, 130, 160});  // Par, Excellent, Perfect
  write_file_atomically((d / shard_file_name(Game::Solitaire, r.id)).string(), format_shard(r));
  const Merged m = merge_shards(d.string(), std::nullopt);
  REQUIRE(m.estimated);
  double ratio = 0, unbiased = 0;
  for (const auto& b : m.bands) ratio += b.value;
  for (const auto& b : m.unbiased_bands) unbiased += b.value;
  CHECK(ratio == Approx(1.0));
  CHECK(unbiased < 0.01);
  CHECK(m.ratio_mean.value == Approx(130.0));
  const std::string text = merged_text(m);
  CHECK(text.find("mean best score 130.000  (ratio estimate; unbiased: ") != std::string::npos);
  CHECK(text.find("  Perfect game: 33.3333%  (unbiased: ") != std::string::npos);
  CHECK(json_text(merged_json(m)).find("\"share_unbiased\":") != std::string::npos);
  fs::remove_all(d);
}

// The shard takes about 2 s in Release here (8 s at 1/10,000,000, 25 s
// under the sanitizers), still far past the signal at 0.7 s.
TEST_CASE("Ctrl-C and kill -9 leave no shard file, the rerun completes it", "[exhaustive][cli]") {
  const fs::path d = scratch("kill");
  const std::vector<std::string> cmd = {
      kBin,        "stats", "--game", "solitaire", "--exhaustive", "--shard", "1234567/20000000",
      "--threads", "1",     "--out",  d.string()};
  for (int sig : {SIGINT, SIGKILL}) {
    const pid_t pid = spawn(cmd);
    usleep(700'000);
    kill(pid, sig);
    int status = 0;
    waitpid(pid, &status, 0);
    if (sig == SIGINT) {
      REQUIRE(WIFEXITED(status));
      CHECK(WEXITSTATUS(status) == 130);
    } else {
      CHECK(WIFSIGNALED(status));
    }
    CHECK(shard_files(d).empty());
  }
  const pid_t pid = spawn(cmd);
  int status = 0;
  waitpid(pid, &status, 0);
  CHECK((WIFEXITED(status) && WEXITSTATUS(status) == 0));
  REQUIRE(shard_files(d).size() == 1);
  CHECK(parse_shard(slurp((d / shard_files(d)[0]).string()), "x").representatives > 0);
  fs::remove_all(d);
}

#ifdef SCARNEY_MPIEXEC
namespace {
std::vector<std::string> mpirun(int ranks, const std::vector<std::string>& args) {
  setenv("OMPI_ALLOW_RUN_AS_ROOT", "1", 1);
  setenv("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", 1);
  std::vector<std::string> v = {SCARNEY_MPIEXEC, "-np", std::to_string(ranks), "--oversubscribe",
                                kBin};
  v.insert(v.end(), args.begin(), args.end());
  return v;
}
int wait_for(pid_t pid) {
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}
}  // namespace

TEST_CASE("a 2-rank MPI run equals the threaded run byte for byte", "[exhaustive][mpi][slow]") {
  const fs::path m = scratch("mpi"), t = scratch("threads");
  const std::vector<std::string> args = {
      "stats",    "--quiet",   "--game",  "solitaire",         "--exhaustive",
      "--shards", "100000000", "--range", "40000000:40000006", "--threads",
      "1",        "--out"};
  auto a = args;
  a.push_back(m.string());
  REQUIRE(wait_for(spawn(mpirun(2, a))) == 0);
  std::vector<std::string> b = {kBin};
  b.insert(b.end(), args.begin(), args.end() - 3);
  for (const std::string x : {"--threads", "2", "--out"}) b.push_back(x);
  b.push_back(t.string());
  REQUIRE(wait_for(spawn(b)) == 0);
  REQUIRE(shard_files(m).size() == 6);
  CHECK(shard_files(m) == shard_files(t));
  for (const auto& f : shard_files(m)) CHECK(slurp((m / f).string()) == slurp((t / f).string()));
  fs::remove_all(m);
  fs::remove_all(t);
}

TEST_CASE("an MPI run killed mid-shard leaves no shard file, the rerun completes it",
          "[exhaustive][mpi][slow]") {
  const fs::path d = scratch("mpi-kill");
  const std::vector<std::string> args =
      mpirun(2, {"stats", "--quiet", "--game", "solitaire", "--exhaustive", "--shards", "10000000",
                 "--range", "1234567:1234569", "--threads", "1", "--out", d.string()});
  const pid_t pid = spawn(args);
  usleep(1'500'000);
  kill(-pid, SIGKILL);  // mpirun and both ranks
  wait_for(pid);
  usleep(200'000);
  for (const auto& f : shard_files(d)) {
    INFO(f);
    CHECK(f.find(".tmp.") == std::string::npos);
    CHECK_NOTHROW(parse_shard(slurp((d / f).string()), f));
  }
  CHECK(shard_files(d).size() < 2);
  REQUIRE(wait_for(spawn(args)) == 0);
  CHECK(shard_files(d).size() == 2);
  for (const auto& f : shard_files(d)) CHECK_NOTHROW(parse_shard(slurp((d / f).string()), f));
  fs::remove_all(d);
}
#endif
