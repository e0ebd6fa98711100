// Issue 26, the command line's third round: nothing hangs on what stands at
// a file's name (a FIFO, a link to nothing or to itself), a table build
// never writes over what is not a damaged table, titles cannot drive the
// terminal, options that do nothing are refused, one message format.
#include <fcntl.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>
#include <tuple>

#include "sanitizers.h"
#include "test_util.h"

using scarney::test::run_scarney;
using scarney::test::run_timed;
using scarney::test::scratch_dir;
using scarney::test::slurp;
namespace fs = std::filesystem;

namespace {

fs::path scratch(const std::string& name) { return scratch_dir("scarney-reliability", name); }

using scarney::test::spit;

using scarney::test::has;

const std::string kSixPawns =
    "title: six\ngame: solitaire\nphase: jump\n"
    "placement: Y4 on C2, B2 on C10, B1 on C14, Y3 on C5, G3 on C11, R4 on C15\n"
    "claim: score 36\n";

// Waits up to 30 s for pid to end (its status in st); then kills it.
// Whether it ended by itself.
bool wait_or_kill(pid_t pid, int& st) {
  bool ended = false;
  for (int i = 0; i < 300 && !ended; ++i) {
    ended = waitpid(pid, &st, WNOHANG) == pid;
    if (!ended) usleep(100000);
  }
  if (!ended) {
    kill(pid, SIGKILL);
    waitpid(pid, &st, 0);
  }
  return ended;
}

}  // namespace

// ---- 4: a FIFO or a bad link in a scanned folder ---------------------------

TEST_CASE("solve DIR skips a FIFO and names dangling and looping links", "[reliability][cli]") {
  const fs::path d = scratch("solve-fifo");
  spit(d / "a.scarney", kSixPawns);
  REQUIRE(mkfifo((d / "b.scarney").c_str(), 0600) == 0);
  fs::create_symlink(d / "nowhere.txt", d / "c.scarney");
  fs::create_symlink(d / "d.scarney", d / "d.scarney");
  const auto r = run_timed("solve " + d.string());
  INFO(r.err);
  CHECK(r.status == 0);
  CHECK(has(r.out, "six"));
  CHECK(has(r.err, "b.scarney: a FIFO (named pipe), skipped"));
  CHECK(has(r.err, "c.scarney: a dangling symbolic link, skipped"));
  CHECK(has(r.err, "d.scarney: a symbolic link loop, skipped"));
  CHECK(!has(r.err, "cannot read directory"));

  // Named on its own, a FIFO is refused at once, not waited on.
  const auto fifo = run_timed("solve " + (d / "b.scarney").string());
  CHECK(fifo.status == 2);
  CHECK(has(fifo.err, "b.scarney: a FIFO (named pipe), not a regular file"));
  const auto loop = run_timed("show " + (d / "d.scarney").string());
  CHECK(loop.status == 2);
  CHECK(has(loop.err, "symbolic link loop"));
  fs::remove_all(d);
}

TEST_CASE("tablebase probe --tb DIR skips a FIFO among the tables", "[reliability][cli]") {
  const fs::path d = scratch("probe-fifo");
  REQUIRE(
      run_scarney("tablebase build --game solitaire --max-pawns 2 --out " + d.string()).status ==
      0);
  REQUIRE(mkfifo((d / "solitaire-3.sctb").c_str(), 0600) == 0);
  fs::create_symlink(d / "gone.sctb", d / "singles-1.sctb");
  const auto r = run_timed("tablebase probe --tb " + d.string() + " -",
                           "game: solitaire\nphase: jump\nplacement: R3 on C1, G2 on C2\n");
  INFO(r.err);
  CHECK(r.status == 0);
  CHECK(has(r.err, "solitaire-3.sctb: a FIFO (named pipe), skipped"));
  CHECK(has(r.err, "singles-1.sctb: a dangling symbolic link, skipped"));
  fs::remove_all(d);
}

TEST_CASE("stats merge DIR skips a FIFO among the shard files", "[reliability][cli]") {
  const fs::path d = scratch("merge-fifo");
  REQUIRE(run_scarney("stats --quiet --game solitaire --exhaustive --shard 7/100000000 --out " +
                      d.string())
              .status == 0);
  REQUIRE(mkfifo((d / "solitaire-shard-000000008-of-100000000.txt").c_str(), 0600) == 0);
  const auto r = run_timed("stats merge " + d.string());
  INFO(r.err);
  CHECK(r.status == 0);
  CHECK(has(r.err, "solitaire-shard-000000008-of-100000000.txt: a FIFO (named pipe), skipped"));
  fs::remove_all(d);
}

// ---- 2: what tablebase build writes over ------------------------------------

TEST_CASE("tablebase build refuses a file that is not a table, through a link too",
          "[reliability][cli]") {
  const fs::path d = scratch("build-refuse"), tables = d / "tables";
  fs::create_directories(tables);
  const fs::path table = tables / "solitaire-1.sctb", text = d / "notes.txt";
  const std::string build =
      "tablebase build --game solitaire --max-pawns 1 --out " + tables.string();

  spit(table, "my notes, not a table\n");
  auto r = run_timed(build);
  CHECK(r.status == 2);
  CHECK(has(r.err, "scarney: " + table.string() + ": not a tablebase file"));
  CHECK(!has(r.err, "rebuilt"));
  CHECK(slurp(table) == "my notes, not a table\n");

  fs::remove(table);
  spit(text, "my notes, not a table\n");
  fs::create_symlink(text, table);
  r = run_timed(build);
  CHECK(r.status == 2);
  CHECK(has(r.err, table.string()));
  CHECK(has(r.err, "symbolic link"));
  CHECK(fs::is_symlink(table));
  CHECK(slurp(text) == "my notes, not a table\n");

  // A damaged table behind a link: the link is not followed to write over it.
  fs::remove(table);
  REQUIRE(run_timed(build).status == 0);
  std::string pristine = slurp(table), damaged = pristine;
  damaged[damaged.size() - 3] = static_cast<char>(damaged[damaged.size() - 3] ^ 0x10);
  fs::remove(table);
  spit(text, damaged);
  fs::create_symlink(text, table);
  r = run_timed(build);
  CHECK(r.status == 2);
  CHECK(has(r.err, "symbolic link"));
  CHECK(slurp(text) == damaged);

  // A damaged table in place is rebuilt; an intact one behind a link is used.
  fs::remove(table);
  spit(table, damaged);
  r = run_timed(build);
  CHECK(r.status == 0);
  CHECK(has(r.err, "rebuilt: the file there was damaged"));
  CHECK(slurp(table) == pristine);
  fs::rename(table, text);
  fs::create_symlink(text, table);
  r = run_timed(build);
  CHECK(r.status == 0);
  CHECK(has(r.err, "already built"));
  fs::remove_all(d);
}

TEST_CASE("tablebase build: one build at a time in a folder, damaged tiers are not kept",
          "[reliability][cli]") {
  const fs::path d = scratch("build-lock");
  const std::string build = "tablebase build --game solitaire --max-pawns 2 --out " + d.string();
  {
    const int fd = ::open((d / ".scarney-build.lock").c_str(), O_RDWR | O_CREAT, 0644);
    REQUIRE(fd >= 0);
    REQUIRE(::flock(fd, LOCK_EX | LOCK_NB) == 0);
    const auto r = run_timed(build);
    CHECK(r.status == 2);
    CHECK(has(r.err, "scarney: --out " + d.string() + ": another tablebase build is writing here"));
    ::close(fd);
  }
  // A tier file left damaged by an earlier run is not counted as done.
  const fs::path e = scratch("build-tiers");
  fs::create_directories(e / "solitaire-2.tiers");
  spit(e / "solitaire-2.tiers" / "tier-00000.part", "damaged");
  const auto r = run_timed("tablebase build --game solitaire --max-pawns 2 --out " + e.string());
  INFO(r.err);
  CHECK(r.status == 0);
  CHECK(has(r.err, "solitaire      layer 2: built"));
  CHECK(!has(r.err, "from an earlier run"));
  fs::remove_all(d);
  fs::remove_all(e);
}

// ---- 5: titles from input are shown escaped and clipped ---------------------

TEST_CASE("a title's terminal escapes: refused in a position file, escaped in a match sheet",
          "[reliability][cli]") {
  const fs::path d = scratch("titles");
  const std::string evil = "evil \x1b[2J\x1b]0;owned\x07 title";
  const std::string escaped = "evil \\x1b[2J\\x1b]0;owned\\x07 title";
  // A position's title is written back as it is (issue 38): one holding a
  // control character is refused where it is, never shown raw.
  spit(d / "p.scarney", "title: " + evil + "\n" + kSixPawns.substr(kSixPawns.find('\n') + 1));
  spit(d / "m.match", "title: " + evil + "\ngame: doubles\nplayers: A B\n11 29\n8 32\n");
  for (const char* c : {"solve", "moves", "verify", "show"}) {
    INFO(c);
    const auto r = run_timed(std::string(c) + " " + (d / "p.scarney").string());
    CHECK(r.status == 2);
    CHECK(has(r.err, "p.scarney:1:13: the title holds \\x1b"));
    CHECK(!has(r.out + r.err, "\x1b"));
    CHECK(!has(r.out + r.err, "\x07"));
  }
  const auto m = run_timed("match " + (d / "m.match").string());
  CHECK(m.status == 0);
  CHECK(has(m.out, escaped));
  CHECK(!has(m.out, "\x1b"));

  // A long title (words, so not one run) is clipped, not printed whole.
  std::string long_title;
  for (int i = 0; i < 200; ++i) long_title += "word ";
  spit(d / "long.scarney",
       "title: " + long_title + "\n" + kSixPawns.substr(kSixPawns.find('\n') + 1));
  spit(d / "long.match", "title: " + long_title + "\ngame: doubles\nplayers: A B\n11 29\n");
  for (const char* c : {"solve", "moves", "verify"}) {
    INFO(c);
    const auto r = run_timed(std::string(c) + " " + (d / "long.scarney").string());
    CHECK(r.status == 0);
    CHECK(!has(r.out, long_title.substr(0, 400)));
    CHECK(has(r.out, "…"));
  }
  const auto lm = run_timed("match " + (d / "long.match").string());
  CHECK(!has(lm.out, long_title.substr(0, 400)));
  CHECK(has(lm.out, "…"));
  fs::remove_all(d);
}

// ---- 3: --shards S plans lazily -------------------------------------------

TEST_CASE("stats --exhaustive --shards 10^12 starts at once in little memory, Ctrl-C stops it",
          "[reliability][cli]") {
  const fs::path d = scratch("lazy-shards");
  // Under a 1 GB address-space limit: planning every shard would need 16 TB.
  // (Not under AddressSanitizer, which reserves terabytes of shadow.)
#if SCARNEY_ASAN
  const std::string limit = "";
#else
  const std::string limit = "ulimit -v 1000000; ";
#endif
  const std::string cmd = limit + "exec " + std::string(SCARNEY_BINARY) +
                          " stats --quiet --game solitaire --exhaustive --threads 1 --shards "
                          "1000000000000 --out " +
                          d.string() + " 2>" + (d / "err.txt").string() + " >/dev/null";
  std::fflush(nullptr);
  const pid_t pid = fork();
  if (pid == 0) {
    execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  REQUIRE(pid > 0);
  // Wait for the first shard file, at most 60 s.
  bool started = false;
  for (int i = 0; i < 600 && !started; ++i) {
    usleep(100000);
    for (const auto& e : fs::directory_iterator(d))
      if (e.path().extension() == ".txt" && e.path().filename() != "err.txt") started = true;
    int st = 0;
    if (waitpid(pid, &st, WNOHANG) == pid) {
      INFO(slurp(d / "err.txt"));
      FAIL("ended before its first shard, status " << (WIFEXITED(st) ? WEXITSTATUS(st) : -1));
    }
  }
  CHECK(started);
  kill(pid, SIGINT);
  int st = 0;
  const bool ended = wait_or_kill(pid, st);
  INFO(slurp(d / "err.txt"));
  CHECK(ended);
  CHECK(WIFEXITED(st));
  CHECK(WEXITSTATUS(st) == 130);
  fs::remove_all(d);
}

// ---- 6: play --seed is checked as every other seed --------------------------

TEST_CASE("play --seed refuses what every other --seed refuses", "[reliability][cli]") {
  for (const char* seed : {"-1", "18446744073709551616", "''", "0x10", "1e3", "' 5'"}) {
    INFO(seed);
    const auto r = run_timed(std::string("play --game solitaire --seed ") + seed);
    CHECK(r.status == 2);
    CHECK(has(r.err, "scarney: --seed"));
    CHECK(has(r.err, "must be a whole number from 0 to 18446744073709551615"));
    CHECK(r.out.empty());
  }
  // The largest seed is a seed: the game starts (and ends with the input).
  const auto top = run_timed("play --game solitaire --seed 18446744073709551615");
  CHECK(has(top.out, "seed 18446744073709551615"));
}

// ---- 7: options that do nothing are refused --------------------------------

namespace {

// Each of `extras` added to `base` is refused: exit 2, a message naming the
// option, nothing on standard output.
void refused(const std::string& base,
             const std::vector<std::pair<std::string, std::string>>& extras,
             const std::string& words) {
  for (const auto& [extra, named] : extras) {
    const std::string c = base + " " + extra;
    INFO(c);
    const auto r = run_timed(c);
    INFO(r.err);
    CHECK(r.status == 2);
    CHECK(has(r.err, "scarney: " + named));
    CHECK(has(r.err, words));
    CHECK(r.out.empty());
  }
}

}  // namespace

TEST_CASE("options that do nothing are refused, not ignored", "[reliability][cli]") {
  const fs::path d = scratch("unused");
  const std::string f = (d / "f").string();
  refused("stats --quiet --game solitaire --exhaustive --shard 7/100000000 --out " + d.string(),
          {{"--plot " + f, "--plot"},
           {"--save-json " + f, "--save-json"},
           {"--csv " + f, "--csv"},
           {"--json", "--json"},
           {"--match-plot " + f, "--match-plot"},
           {"--keep-extremes " + f, "--keep-extremes"}},
          "--exhaustive");
  refused("stats --quiet --game solitaire --count 3",
          {{"--out " + f, "--out"},
           {"--shards 5", "--shards"},
           {"--list", "--list"},
           {"--shard 1/10", "--shard"},
           {"--range 0:1", "--range"},
           {"--sample 2", "--sample"}},
          "--exhaustive");
  refused("play --game solitaire --ladder 1",
          {{"--record " + f, "--record"},
           {"--match", "--match"},
           {"--position " + f, "--position"},
           {"--strength weak", "--strength"},
           {"--side A", "--side"},
           {"--save " + f, "--save"}},
          "--ladder");
  refused("play --game solitaire", {{"--side B", "--side"}, {"--side A", "--side"}}, "two-player");
  refused("dice heaven-and-nine", {{"--seed 5", "--seed"}}, "--count");
  // Two spellings of one option, with different values.
  refused("stats --quiet --game solitaire", {{"--count 3 --deals 4", "--count"}},
          "also given as --deals 4");
  refused("dice heaven-and-nine", {{"--count 10 --simulate 20", "--count"}},
          "also given as --simulate 20");
  // Empty values are errors, not "not given" or 0.
  refused("cards blackjack", {{"--payout ''", "--payout"}}, "empty");
  refused("stats --quiet --game solitaire --count 3",
          {{"--csv ''", "--csv"}, {"--plot ''", "--plot"}, {"--threads ''", "--threads"}}, "empty");
  refused("play --game solitaire", {{"--record ''", "--record"}}, "empty");
  refused("deal", {{"--count ''", "--count"}}, "empty");
  fs::remove_all(d);
}

// ---- 8: one message format --------------------------------------------------

TEST_CASE("messages: no parser wording, the right option, the right limits", "[reliability][cli]") {
  const fs::path d = scratch("messages");
  const std::string out = " --out " + (d / "out").string();
  struct Case {
    std::string args, says;
  };
  const std::vector<Case> cases = {
      {"cards blackjack --decks abc",
       "scarney: --decks: must be a whole number from 1 to 8, not 'abc'"},
      {"cards baccarat --decks 9", "scarney: --decks: must be a whole number from 1 to 8, not '9'"},
      {"cards blackjack --payout abc", "scarney: --payout: must be a number, not 'abc'"},
      {"tablebase build --game solitaire --max-pawns 2 --level 99" + out,
       "scarney: --level: must be a whole number from 1 to 19, not '99'"},
      {"tablebase build --game solitaire --max-pawns abc" + out,
       "scarney: --max-pawns: must be a number, not 'abc'"},
      {"stats --game solitaire --count abc",
       "scarney: --count: must be a whole number from 1 to 100,000,000, not 'abc'"},
      {"stats --game solitaire --count 3 --threads 999",
       "scarney: --threads: must be a whole number from 1 to 256, not '999'"},
      {"--color bad show -", "scarney: --color: expected never, auto or always, not 'bad'"},
      {"stats --game solitaire --count 3 --game doubles",
       "scarney: --game: given 2 times (give it once)"},
      {"stats --game doubles --count 1 --match-plot " + (d / "m.svg").string(),
       "scarney: --match-plot: only Solitaire and Singles"},
      {"solve --position 'R3 on C1, G2 on C2' --game singles --phase placement --hands 'A=G3 B=R1'",
       "scarney: --hands:1:"},
      {"solve --position 'R3 on C1, G2 on C2' --game singles --phase placement --hands 'A=G3 B=Q1'",
       "scarney: --hands:1:8: no such pawn 'Q1'"},
      {"stats --game solitaire --exhaustive --shard 0/1000000000001 --list",
       "scarney: --shard: expected K/S, whole numbers with 0 <= K < S <= 1000000000000"},
      {"stats --game solitaire --exhaustive --shards 10 --sample 0" + out,
       "scarney: --sample: must be a whole number from 1 to 1,000,000, not '0'"},
      {"stats --game solitaire --exhaustive --shards 10 --sample -1" + out,
       "scarney: --sample: must be a whole number from 1 to 1,000,000, not '-1'"},
      {"stats --game solitaire --exhaustive --shards 10 --sample 11" + out,
       "scarney: --sample 11: more than the 10 shards of --shards"},
      {"stats --game solitaire --exhaustive --shards 10 --range 0:99" + out,
       "scarney: --range 0:99: expected A:B with 0 <= A < B <= 10"},
      {"stats --game solitaire --exhaustive --shards 2000000000000" + out,
       "scarney: --shards: must be a whole number from 1 to 1,000,000,000,000"},
  };
  for (const Case& c : cases) {
    INFO(c.args);
    const auto r = run_timed(c.args);
    INFO(r.err);
    CHECK(r.status == 2);
    CHECK(has(r.err, c.says));
    CHECK(!has(r.err, "Could not convert"));
    CHECK(!has(r.err, "not in range"));
    CHECK(r.err.rfind("scarney: ", 0) == 0);
  }
  // 10^12 shards, the documented most, is a shard count --shard takes.
  const auto top = run_timed("stats --game solitaire --exhaustive --shard 0/1000000000000 --list");
  CHECK(top.status == 0);  // (its 21 ranks may hold no representative: nothing listed)
  CHECK(top.err.empty());
  // A claim's number past any game's: the limit is said.
  const auto claim = run_timed(
      "verify -",
      "game: doubles\nphase: jump\nplacement: R3 on C1, G2 on C2\nclaim: margin 2147483648\n");
  CHECK(claim.status == 2);
  CHECK(has(claim.err, "scarney: -:4:15: expected a number from 0 to 9999, found '2147483648'"));
  fs::remove_all(d);
}

// ---- 9: colour as NO_COLOR, TERM=dumb and --color say, in every command ------

namespace {

// `scarney ARGS` on a terminal (script(1) gives it one), with `env` set and
// `input` on its standard input: what it wrote there.
std::string on_terminal(const std::string& env, const std::string& args, const std::string& input) {
  const fs::path d = scratch("terminal");
  spit(d / "in.txt", input);
  const std::string cmd = "cd " + d.string() + " && " + env + " timeout 60 script -qec '" +
                          std::string(SCARNEY_BINARY) + " " + args + "' /dev/null <in.txt >out.txt";
  [[maybe_unused]] const int status = std::system(cmd.c_str());
  const std::string out = slurp(d / "out.txt");
  fs::remove_all(d);
  return out;
}

}  // namespace

TEST_CASE("NO_COLOR, TERM=dumb and --color never turn colour off in every command",
          "[reliability][cli]") {
  if (std::system("command -v script >/dev/null 2>&1") != 0) {
    WARN("no script(1) to give a terminal: not tested");
    return;
  }
  const fs::path d = scratch("colour");
  spit(d / "p.scarney", kSixPawns);
  const std::string solve = "solve " + (d / "p.scarney").string();
  const std::string play = "play --game solitaire --seed 1";
  // On a terminal, colour by default: the commands draw pawns in colour.
  REQUIRE(has(on_terminal("TERM=xterm", solve, ""), "\x1b["));
  REQUIRE(has(on_terminal("TERM=xterm", play, "quit\n"), "\x1b["));
  for (const std::string& args : {solve, play}) {
    INFO(args);
    CHECK(!has(on_terminal("TERM=dumb", args, "quit\n"), "\x1b["));
    CHECK(!has(on_terminal("TERM=xterm NO_COLOR=1", args, "quit\n"), "\x1b["));
    CHECK(!has(on_terminal("TERM=xterm", args + " --color never", "quit\n"), "\x1b["));
  }
  // --color always colours even into a pipe, play too.
  CHECK(has(run_timed(play + " --color always", "quit\n").out, "\x1b["));
  fs::remove_all(d);
}

TEST_CASE("help texts show no default outside its option's range", "[reliability][cli]") {
  // Each option's line in --help and the default it must not show.
  const std::vector<std::tuple<std::string, std::string, std::string>> options = {
      {"stats", "  --shards ", "=0"}, {"stats", "  --sample ", "=0"},
      {"play", "  --ladder ", "=0"},  {"tablebase build", "  --max-pawns ", "=0"},
      {"solve", "  --depth ", "=-1"},
  };
  for (const auto& [command, option, wrong] : options) {
    INFO(command << ":" << option << wrong);
    const auto r = run_timed(command + " --help");
    CHECK(r.status == 0);
    const size_t at = r.out.find(option);
    REQUIRE(at != std::string::npos);
    const std::string line = r.out.substr(at, r.out.find('\n', at) - at);
    CHECK(!has(line, wrong));
  }
}

TEST_CASE(
    "the man page has the global options, the file format and examples, completion "
    "after a global option",
    "[reliability][cli]") {
  const auto man = run_timed("completion man");
  CHECK(man.status == 0);
  for (const char* part : {".B --color", ".B --version", ".SH POSITION FILES",
                           "placement:", ".SH EXAMPLES", "scarney solve", "TERM"}) {
    INFO(part);
    CHECK(has(man.out, part));
  }
  const fs::path d = scratch("completion");
  const auto bash = run_timed("completion bash");
  spit(d / "c.bash", bash.out);
  // Completes the words after `scarney --color never`, and --color's values.
  const auto complete = [&](const std::string& words, int cword) {
    return run_scarney("completion bash >/dev/null; bash -c 'source " + (d / "c.bash").string() +
                       "; COMP_WORDS=(" + words + "); COMP_CWORD=" + std::to_string(cword) +
                       "; _scarney; echo \"${COMPREPLY[*]}\"'")
        .out;
  };
  CHECK(complete("scarney --color never so", 3) == "solve\n");
  CHECK(complete("scarney --color n", 2) == "never\n");
  CHECK(complete("scarney solve --game do", 3) == "doubles\n");
  fs::remove_all(d);
}

// ---- 1: play never loses the game -------------------------------------------

TEST_CASE("play checks --record, --save and --sheet before the first move", "[reliability][cli]") {
  const fs::path d = scratch("play-paths");
  for (const std::string option : {"--record", "--save"}) {
    INFO(option);
    const auto r = run_timed("play --game solitaire --seed 1 " + option + " /nonexistent/dir/f",
                             "1\n1\n1\nquit\n");
    CHECK(r.status == 2);
    CHECK(has(r.err, "scarney: " + option + " /nonexistent/dir/f: no such directory"));
    CHECK(!has(r.out, "move>"));  // refused before the game, not after it
  }
  const auto sheet = run_timed(
      "play --game singles --match --seed 1 --sheet " + (d / "is-a-dir").string() + "/", "quit\n");
  CHECK(sheet.status == 2);
  CHECK(has(sheet.err, "scarney: --sheet"));
  CHECK(!has(sheet.out, "move>"));
  fs::remove_all(d);
}

TEST_CASE("play: Ctrl-C after a finished game of a match writes what was played",
          "[reliability][cli]") {
  const fs::path d = scratch("play-sigint");
  int in[2];
  REQUIRE(pipe(in) == 0);
  std::fflush(nullptr);
  const pid_t pid = fork();
  if (pid == 0) {
    dup2(in[0], 0);
    close(in[1]);
    std::freopen((d / "out.txt").c_str(), "w", stdout);
    std::freopen((d / "err.txt").c_str(), "w", stderr);
    const std::string sheet = (d / "m.match").string(), record = (d / "r.jsonl").string();
    execl(SCARNEY_BINARY, SCARNEY_BINARY, "play", "--game", "singles", "--match", "--seed", "1",
          "--color", "never", "--sheet", sheet.c_str(), "--record", record.c_str(),
          static_cast<char*>(nullptr));
    _exit(127);
  }
  close(in[0]);
  // Move 1 a dozen times: the first game ends, the second waits for input.
  const std::string moves = "1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n";
  REQUIRE(write(in[1], moves.data(), moves.size()) == static_cast<ssize_t>(moves.size()));
  bool waiting = false;
  for (int i = 0; i < 600 && !waiting; ++i) {
    usleep(100000);
    const std::string out = slurp(d / "out.txt");
    waiting = has(out, "=== Game 2") && out.size() > 0 && out.rfind("move> ") + 6 == out.size();
  }
  CHECK(waiting);
  kill(pid, SIGINT);
  int st = 0;
  const bool ended = wait_or_kill(pid, st);
  close(in[1]);
  INFO(slurp(d / "err.txt"));
  CHECK(ended);
  CHECK(WIFEXITED(st));
  CHECK(WEXITSTATUS(st) == 130);
  CHECK(has(slurp(d / "err.txt"), "interrupted"));
  // The finished game is on the sheet; the record holds its moves.
  const std::string sheet = slurp(d / "m.match");
  CHECK(has(sheet, "players:"));
  CHECK(std::count(sheet.begin(), sheet.end(), '\n') >= 3);
  CHECK(!slurp(d / "r.jsonl").empty());
  fs::remove_all(d);
}
