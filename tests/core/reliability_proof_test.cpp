// Issue 38, the command line's fourth round: certificates, `prove` and the
// files around them. Each case bounds what it may cost: no crash, no hang
// (a bound in time), no unbounded memory (a bound in bytes), nothing
// written through a link or into a FIFO or a device, Ctrl-C within a
// second, nothing half-written.
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zstd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <set>
#include <string>
#include <thread>

#include "proof/certificate.h"
#include "test_util.h"
#include "util/printable.h"

using scarney::test::run_measured;
using scarney::test::run_scarney;
using scarney::test::run_timed;
using scarney::test::scratch_dir;
using scarney::test::slurp;
namespace fs = std::filesystem;

namespace {

fs::path scratch(const std::string& name) { return scratch_dir("scarney-rel38", name); }

using scarney::test::spit;

using scarney::test::has;

// Position 0 of seed 1 with `left` pawns left, as `scarney deal` writes it.
std::string dealt(const fs::path& dir, int left) {
  const auto r =
      run_scarney("deal --game highlow --left " + std::to_string(left) + " --count 1 --seed 1");
  REQUIRE(r.status == 0);
  const std::string path = (dir / ("left-" + std::to_string(left) + ".scarney")).string();
  spit(path, r.out);
  return path;
}

// A certificate of that position, made by `solve --certificate`.
std::string certificate(const fs::path& dir, int left) {
  const std::string path = (dir / ("left-" + std::to_string(left) + ".cert")).string();
  REQUIRE(
      run_scarney("solve --winner-only --certificate " + path + " " + dealt(dir, left)).status ==
      0);
  return path;
}

// A proof of the 7-left position cut at 5 left in dir/proof: its top.
std::string proof_top(const fs::path& dir) {
  const std::string d = (dir / "proof").string();
  REQUIRE(run_scarney("prove " + dealt(dir, 7) + " --frontier 5 --dir " + d).status == 0);
  return d + "/top.cert";
}

// The frontier certificates of a proof's directory.
std::vector<std::string> frontier_files(const fs::path& dir) {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".cert" && e.path().filename() != "top.cert")
      out.push_back(e.path().string());
  std::sort(out.begin(), out.end());
  return out;
}

void put(std::string& bytes, size_t at, uint64_t v, int size) {
  for (int i = 0; i < size; ++i) bytes[at + i] = static_cast<char>(v >> (8 * i) & 0xFF);
}
uint64_t get(const std::string& bytes, size_t at, int size) {
  uint64_t v = 0;
  for (int i = 0; i < size; ++i) v |= uint64_t{static_cast<uint8_t>(bytes[at + i])} << (8 * i);
  return v;
}

// The checksum mended after a change: the change reaches the checks behind it.
void mend(std::string& bytes) {
  put(bytes, 72,
      scarney::certificate_checksum(bytes.substr(0, 72), bytes.data() + 80, bytes.size() - 80), 8);
}

// How far a temporary file was left in dir: none may be.
bool temporary_left(const fs::path& dir) {
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (has(e.path().filename().string(), ".tmp")) return true;
  return false;
}

// `command` with writes beyond `blocks` of 512 bytes failing (EFBIG, as a
// full disk fails them: SIGXFSZ ignored), its output through a pipe (which
// the limit does not reach) and its status as the last line "exit N".
scarney::test::MeasuredRun on_full_disk(const std::string& command, int blocks) {
  return run_measured("{ (trap '' XFSZ; ulimit -f " + std::to_string(blocks) + "; " + command +
                          ") 2>&1; echo \"exit $?\"; } | cat",
                      120);
}

}  // namespace

// ---- 1: a header whose root fails its check ---------------------------------

TEST_CASE("certify: a header whose root fails its check is refused, not a crash",
          "[reliability][certificate]") {
  const fs::path d = scratch("root");
  for (const std::string& file : {certificate(d, 5), proof_top(d)}) {
    const std::string good = slurp(file);
    REQUIRE(good.size() > 80);
    const auto occupied = get(good, 16, 2);
    REQUIRE(occupied != 0);
    const int circle = __builtin_ctz(static_cast<unsigned>(occupied));
    struct Change {
      const char* what;
      std::function<void(std::string&)> make;
      const char* says;
    };
    const std::vector<Change> changes = {
        {"A's colours 7", [](std::string& b) { b[12] = 7; }, "at the root: A's colours"},
        {"A's colours 0", [](std::string& b) { b[12] = 0; }, "at the root: A's colours"},
        {"an occupied circle emptied",
         [&](std::string& b) {
           put(b, 16, occupied & ~(1u << circle), 2);
           put(b, 24, get(b, 24, 8) & ~(uint64_t{15} << (4 * circle)), 8);
         },
         "not valid: at "},
    };
    for (const Change& c : changes) {
      INFO(file << ": " << c.what);
      std::string bytes = good;
      c.make(bytes);
      mend(bytes);
      const std::string changed = (d / "changed.cert").string();
      spit(changed, bytes);
      const auto r = run_timed("certify " + changed);
      INFO(r.err);
      CHECK(r.status == 1);  // not 139
      CHECK(has(r.err, "scarney: " + changed + ": not valid: "));
      CHECK(has(r.err, c.says));
    }
  }
  fs::remove_all(d);
}

// ---- 2: a body the header says is 1 GiB --------------------------------------

namespace {

// One zstd frame of `size` zero bytes: 1 GiB in about 33 KB.
std::string zeros_compressed(uint64_t size) {
  std::unique_ptr<ZSTD_CCtx, size_t (*)(ZSTD_CCtx*)> z(ZSTD_createCCtx(), ZSTD_freeCCtx);
  ZSTD_CCtx_setParameter(z.get(), ZSTD_c_compressionLevel, 1);
  const std::string zeros(1 << 20, '\0');
  std::string out, chunk(ZSTD_CStreamOutSize(), '\0');
  for (uint64_t done = 0; done < size; done += zeros.size()) {
    const bool last = done + zeros.size() >= size;
    ZSTD_inBuffer in{zeros.data(), zeros.size(), 0};
    for (;;) {
      ZSTD_outBuffer o{chunk.data(), chunk.size(), 0};
      const size_t left =
          ZSTD_compressStream2(z.get(), &o, &in, last ? ZSTD_e_end : ZSTD_e_continue);
      REQUIRE(!ZSTD_isError(left));
      out.append(chunk.data(), o.pos);
      if (last ? left == 0 : in.pos == in.size) break;
    }
  }
  return out;
}

}  // namespace

TEST_CASE("certify: a header claiming a 1 GiB body costs neither the memory nor the time",
          "[reliability][certificate]") {
  const fs::path d = scratch("bomb");
  std::string bytes = slurp(certificate(d, 5)).substr(0, 80);
  const uint64_t body = uint64_t{1} << 30;
  const std::string packed = zeros_compressed(body);
  put(bytes, 56, body, 8);
  put(bytes, 64, packed.size(), 8);
  bytes += packed;
  mend(bytes);
  const std::string bomb = (d / "bomb.cert").string();
  spit(bomb, bytes);
  const auto r = run_measured("scarney certify " + bomb);
  INFO(r.err);
  CHECK(r.status == 1);
  CHECK(has(r.err, "scarney: " + bomb + ": not valid: at "));
  CHECK(r.seconds < 5);              // was 16.8 s
  CHECK(r.max_rss_kb < 300 * 1024);  // was 1.07 GB
  fs::remove_all(d);
}

// ---- 3: hostile certificate directories ---------------------------------------

TEST_CASE("certify: the list or a certificate as a FIFO or a link to /dev/zero",
          "[reliability][certificate]") {
  const fs::path d = scratch("hostile-certify");
  const std::string top = proof_top(d);
  const fs::path dir = d / "proof", list = dir / "certificates.sha256";
  const std::string listed = slurp(list.string());
  REQUIRE(!listed.empty());

  // The list as a FIFO, then as a link to /dev/zero: not read, the
  // directory is indexed instead, and the proof is found valid.
  fs::remove(list);
  REQUIRE(mkfifo(list.c_str(), 0600) == 0);
  auto r = run_measured("scarney certify " + top);
  INFO(r.err);
  CHECK(r.status == 0);
  CHECK(has(r.err, "certificates.sha256: a FIFO (named pipe), not a regular file: not read"));
  CHECK(r.seconds < 20);
  fs::remove(list);
  fs::create_symlink("/dev/zero", list);
  r = run_measured("scarney certify " + top);
  CHECK(r.status == 0);
  CHECK(has(r.err, "certificates.sha256: a device, not a regular file: not read"));
  CHECK(r.seconds < 20);
  CHECK(r.max_rss_kb < 300 * 1024);

  // A listed certificate swapped for a link to /dev/zero: missing, at once.
  fs::remove(list);
  spit(list, listed);
  const std::string one = frontier_files(dir).front();
  fs::rename(one, d / "away.cert");
  fs::create_symlink("/dev/zero", one);
  r = run_measured("scarney certify " + top);
  CHECK(r.status == 1);
  CHECK(has(r.out, "MISSING"));
  CHECK(r.seconds < 20);
  CHECK(r.max_rss_kb < 300 * 1024);
  fs::remove_all(d);
}

TEST_CASE("prove: a FIFO or a link at a certificate's name is refused, never written through",
          "[reliability][prove]") {
  const fs::path d = scratch("hostile-prove");
  const std::string pos = dealt(d, 8), dir = (d / "proof").string();
  const std::string prove = "scarney prove " + pos + " --frontier 6 --dir " + dir;
  REQUIRE(run_measured(prove).status == 0);
  const std::string name = frontier_files(dir).front();
  const fs::path outside = d / "notes.txt";
  spit(outside, "my notes\n");
  struct Case {
    const char* what;
    std::function<void()> make;
    const char* says;
  };
  const std::vector<Case> cases = {
      {"a FIFO", [&] { REQUIRE(mkfifo(name.c_str(), 0600) == 0); }, "a FIFO (named pipe)"},
      {"a link to /dev/zero", [&] { fs::create_symlink("/dev/zero", name); }, "a symbolic link"},
      {"a link to a file outside", [&] { fs::create_symlink(outside, name); }, "a symbolic link"},
  };
  for (const Case& c : cases) {
    INFO(c.what);
    fs::remove(name);
    c.make();
    const auto r = run_measured(prove, 60);
    INFO(r.err);
    CHECK(r.status == 2);
    CHECK(has(r.err, "scarney: " + name + ": " + c.says + ", not a regular file"));
    CHECK(r.seconds < 20);  // was a hang, or 338 rounds in 20 s
    CHECK(fs::symlink_status(name).type() != fs::file_type::regular);
  }
  CHECK(slurp(outside.string()) == "my notes\n");
  fs::remove_all(d);
}

// ---- 4: full disks ----------------------------------------------------------

TEST_CASE("prove and serve --book-json on a full disk: a message and status 2",
          "[reliability][prove]") {
  const fs::path d = scratch("full");
  // A to place and to win: the frontier one pawn down is one position, its
  // list 200 bytes, its certificate 100 KB, beyond the limit of 8 KB.
  const std::string pos = dealt(d, 10);
  for (const char* threads : {"1", "2"}) {
    INFO("--threads " << threads);
    const std::string dir = (d / (std::string("proof") + threads)).string();
    const auto r = on_full_disk("exec \"" + std::string(scarney::test::binary()) + "\" prove " +
                                    pos + " --frontier 9 --threads " + threads + " --dir " + dir,
                                16);
    INFO(r.out);
    CHECK(has(r.out, "exit 2"));  // was 134: terminate called ...
    CHECK(has(r.out, "scarney: cannot write " + dir + "/p"));
    CHECK(has(r.out, "File too large"));
    CHECK(!has(r.out, "terminate"));
    CHECK(!temporary_left(dir));
  }
  const auto book = run_timed("serve --book-json /dev/full");
  CHECK(book.status == 2);  // was 134
  CHECK(has(book.err, "scarney: cannot write /dev/full: No space left on device"));
  fs::remove_all(d);
}

// ---- 5: Ctrl-C while prove estimates and enumerates the top ---------------------

TEST_CASE("prove: Ctrl-C within a second while it estimates and walks the top",
          "[reliability][prove]") {
  const fs::path d = scratch("sigint-prove");
  const std::string eleven = dealt(d, 11);
  struct Case {
    std::vector<std::string> args;
    int wait_ms;
  };
  const std::vector<Case> cases = {
      // The estimates of an 11-left position (65 s to stop before).
      {{"prove", eleven, "--frontier", "9", "--dir", (d / "a").string()}, 1500},
      // The empty board's top down to 13 left, listed only (ignored before).
      {{"prove", "empty", "--frontier", "13", "--list-only", "--dir", (d / "b").string()}, 3000},
  };
  for (const Case& c : cases) {
    INFO(c.args[1] << " " << c.args[3] << " after " << c.wait_ms << " ms");
    const pid_t pid = scarney::test::start_scarney(d, c.args);
    std::this_thread::sleep_for(std::chrono::milliseconds(c.wait_ms));
    const auto stopped = scarney::test::interrupt_and_wait(pid);
    INFO(slurp((d / "stderr.txt").string()));
    CHECK(stopped.status == 130);
    CHECK(stopped.seconds < 1.0);
    CHECK(has(slurp((d / "stderr.txt").string()), "interrupted"));
  }
  fs::remove_all(d);
}

TEST_CASE("certify: Ctrl-C within a second while it checks, said as interrupted, not NOT VALID",
          "[reliability][certificate]") {
  const fs::path d = scratch("sigint-certify");
  const std::string nine = certificate(d, 9);
  const std::string dir = (d / "proof").string();
  REQUIRE(run_scarney("prove " + dealt(d, 10) + " --frontier 8 --dir " + dir).status == 0);
  // --slow: the plain pass, a millisecond a leaf board, so that the check
  // is still going: the leaf boards of one certificate (7 s), then the 45
  // certificates a top names.
  for (const std::string& file : {nine, dir + "/top.cert"}) {
    INFO(file);
    const pid_t pid = scarney::test::start_scarney(d, {"certify", "--slow", file});
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));
    const auto stopped = scarney::test::interrupt_and_wait(pid);
    const std::string out = slurp((d / "stdout.txt").string());
    const std::string err = slurp((d / "stderr.txt").string());
    INFO(out << err);
    CHECK(stopped.status == 130);
    CHECK(stopped.seconds < 1.0);
    CHECK(has(err, "scarney: " + file + ": interrupted: not checked to the end"));
    CHECK(!has(out + err, "NOT VALID"));
  }
  fs::remove_all(d);
}

// ---- 6: play --save and --record ----------------------------------------------

TEST_CASE("play --save and --record: write errors are errors, the files whole or absent",
          "[reliability][cli]") {
  const fs::path d = scratch("play-full");
  for (const std::string option : {"--save", "--record"}) {
    INFO(option);
    const auto full =
        run_timed("play --game solitaire --seed 1 " + option + " /dev/full", "1\nquit\n");
    CHECK(full.status == 2);  // was 0
    CHECK(has(full.err, "scarney: cannot write /dev/full: No space left on device"));
    // A full disk: no file, not an empty or a half-written one.
    const std::string file = (d / "game.out").string();
    const auto r =
        on_full_disk("printf '1\\n1\\n1\\nquit\\n' | \"" + std::string(scarney::test::binary()) +
                         "\" play --game solitaire --seed 1 " + option + " " + file,
                     0);
    INFO(r.out);
    CHECK(has(r.out, "exit 2"));
    CHECK(has(r.out, "scarney: cannot write " + file + ": File too large"));
    CHECK(!fs::exists(file));
    CHECK(!temporary_left(d));
  }
  fs::remove_all(d);
}

// ---- 7: tablebase build and a link in its tiers' folder ---------------------------

TEST_CASE("tablebase build: a link in its own tiers' folder is never written through",
          "[reliability][cli]") {
  const fs::path d = scratch("tiers-link"), out = d / "tables";
  REQUIRE(
      run_scarney("tablebase build --game solitaire --max-pawns 3 --out " + out.string()).status ==
      0);
  fs::remove(out / "solitaire-4.sctb");
  fs::create_directories(out / "solitaire-4.tiers");
  const fs::path outside = d / "precious.txt", link = out / "solitaire-4.tiers/tier-00000.part";
  spit(outside, "precious\n");
  fs::create_symlink(outside, link);
  const auto r = run_timed("tablebase build --game solitaire --max-pawns 4 --out " + out.string());
  INFO(r.err);
  CHECK(r.status != 0);
  CHECK(has(r.err, link.string() + ": a symbolic link, not a regular file"));
  CHECK(slurp(outside.string()) == "precious\n");  // was overwritten with a tier
  CHECK(fs::is_symlink(link));
  fs::remove_all(d);
}

// ---- 8: the smaller ones -----------------------------------------------------

TEST_CASE("certify: header bytes that must be zero, the count of certificates named",
          "[reliability][certificate]") {
  const fs::path d = scratch("header");
  const std::string five = slurp(certificate(d, 5)), top = slurp(proof_top(d));
  REQUIRE(get(top, 8, 2) == 2);
  struct Change {
    const std::string* file;
    const char* what;
    std::function<void(std::string&)> make;
    int status;
    const char* says;
  };
  const std::vector<Change> changes = {
      {&five, "byte 13", [](std::string& b) { b[13] = 1; }, 1, "header bytes 13 to 15"},
      {&five, "byte 15", [](std::string& b) { b[15] = 0x40; }, 1, "header bytes 13 to 15"},
      {&five, "version 1, byte 20", [](std::string& b) { b[20] = 1; }, 1, "header bytes 18 to 23"},
      {&top, "one certificate named more", [](std::string& b) { put(b, 18, get(b, 18, 6) + 1, 6); },
       1, "certificates named, the body holds"},
      {&top, "one certificate named fewer",
       [](std::string& b) { put(b, 18, get(b, 18, 6) - 1, 6); }, 1,
       "certificates named, the body holds"},
  };
  for (const Change& c : changes) {
    INFO(c.what);
    std::string bytes = *c.file;
    c.make(bytes);
    mend(bytes);
    const std::string changed = (d / "proof" / "changed.cert").string();
    spit(changed, bytes);
    const auto r = run_timed("certify " + changed);
    INFO(r.err);
    CHECK(r.status == c.status);
    CHECK(has(r.err, c.says));
  }
  fs::remove_all(d);
}

TEST_CASE("certify: a file that is no certificate, given first, does not stop the others",
          "[reliability][certificate]") {
  const fs::path d = scratch("first");
  const std::string cert = certificate(d, 5), pos = dealt(d, 6);
  const auto r =
      run_timed("certify " + pos + " /dev/zero " + (d / "missing.cert").string() + " " + cert);
  CHECK(r.status == 2);
  CHECK(has(r.err, "scarney: " + pos + ": not a scarney certificate"));
  CHECK(has(r.err, "scarney: /dev/zero: not a scarney certificate"));
  CHECK(has(r.err, "missing.cert"));
  CHECK(has(r.out, "certificate: " + cert));
  CHECK(has(r.out, "  valid: "));
  fs::remove_all(d);
}

TEST_CASE("stats merge checks --save-json and --plot before the report", "[reliability][cli]") {
  const fs::path d = scratch("merge-json");
  REQUIRE(run_scarney("stats --quiet --game solitaire --exhaustive --shard 7/100000000 --out " +
                      d.string())
              .status == 0);
  for (const char* option : {"--save-json", "--plot"}) {
    INFO(option);
    const auto r = run_timed("stats merge " + d.string() + " " + option + " /nonexistent/x");
    CHECK(r.status == 2);
    CHECK(has(r.err, std::string("scarney: ") + option + " /nonexistent/x: no such directory"));
    CHECK(r.out.empty());  // refused before the report, not after it
  }
  fs::remove_all(d);
}

// ---- 9: titles read back as they were written ---------------------------------

TEST_CASE("a title with a control character is refused where it is, others read back",
          "[reliability][cli]") {
  const fs::path d = scratch("titles");
  const std::string rest = "game: solitaire\nphase: jump\nplacement: R3 on C1, G2 on C2\n";
  for (const std::string& bad : {std::string("ab\x05\x00 cd", 7), std::string("evil \x1b[2J"),
                                 std::string("\xc2\x9b"
                                             "csi"),
                                 std::string("latin \xe9")}) {
    INFO(scarney::printable(bad));
    spit(d / "p.scarney", "title: " + bad + "\n" + rest);
    const auto r = run_timed("show " + (d / "p.scarney").string());
    CHECK(r.status == 2);
    const size_t column = 8 + bad.find_first_of(std::string("\x05\x1b\xc2\xe9", 4));
    CHECK(has(r.err, (d / "p.scarney").string() + ":1:" + std::to_string(column) + ": the title"));
    CHECK(has(r.err, "titles are plain text"));
  }
  // Tabs, UTF-8 and a long run of letters are written back as they are.
  const std::string fine = "a\ttab, café, " + std::string(300, 'x');
  spit(d / "p.scarney", "title: " + fine + "\n" + rest);
  const auto shown = run_timed("show " + (d / "p.scarney").string());
  REQUIRE(shown.status == 0);
  CHECK(has(shown.out, "title: " + fine + "\n"));
  spit(d / "q.scarney", shown.out);
  const auto again = run_timed("show " + (d / "q.scarney").string());
  CHECK(again.out == shown.out);
  fs::remove_all(d);
}
