// Output files never replace what is not a regular file (docs/hardening.md):
// a symbolic link, dangling or not, has its target written atomically and
// stays a link; a FIFO or a character device is written through. Everything
// happens in a temporary folder: no test renames anything over a real device.
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include "tablebase/table_file.h"
#include "test_util.h"
#include "util/atomic_file.h"

using scarney::test::run_scarney;
using scarney::test::slurp;
namespace fs = std::filesystem;

namespace {

fs::path scratch(const std::string& name) {
  const fs::path d =
      fs::temp_directory_path() / ("scarney-outputs-" + std::to_string(getpid()) + "-" + name);
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

long lines(const std::string& text) { return std::count(text.begin(), text.end(), '\n'); }

// The names in dir besides `keep`: no temporary file may be left.
std::vector<std::string> others(const fs::path& dir, const std::vector<std::string>& keep) {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(dir)) {
    const std::string name = e.path().filename().string();
    if (std::find(keep.begin(), keep.end(), name) == keep.end()) out.push_back(name);
  }
  return out;
}

const std::string kStats = "stats --quiet --game solitaire --deals 3 --seed 2 ";

}  // namespace

TEST_CASE("stats --csv through a symbolic link writes the link's target", "[outputs][cli]") {
  const fs::path dir = scratch("link");
  fs::create_directories(dir / "real");
  std::ofstream(dir / "real" / "deals.csv") << "old\n";
  fs::create_symlink("real/deals.csv", dir / "link.csv");  // relative to the link
  const auto r = run_scarney(kStats + "--csv " + (dir / "link.csv").string());
  INFO(r.err);
  CHECK(r.status == 0);
  CHECK(fs::is_symlink(dir / "link.csv"));
  const std::string text = slurp(dir / "real" / "deals.csv");
  CHECK(lines(text) == 4);  // the header and three deals
  CHECK(text.rfind("old", 0) == std::string::npos);
  CHECK(others(dir, {"link.csv", "real"}).empty());
  CHECK(others(dir / "real", {"deals.csv"}).empty());
  fs::remove_all(dir);
}

TEST_CASE("stats --plot through a dangling link creates its target", "[outputs][cli]") {
  const fs::path dir = scratch("dangling");
  fs::create_directories(dir / "real");
  fs::create_symlink(dir / "real" / "plot.svg", dir / "plot.svg");
  const auto r = run_scarney(kStats + "--plot " + (dir / "plot.svg").string());
  INFO(r.err);
  CHECK(r.status == 0);
  CHECK(fs::is_symlink(dir / "plot.svg"));
  CHECK(slurp(dir / "real" / "plot.svg").find("<svg") != std::string::npos);
  CHECK(others(dir / "real", {"plot.svg"}).empty());
  fs::remove_all(dir);
}

TEST_CASE("stats --csv into a FIFO writes through it to its reader", "[outputs][cli]") {
  const fs::path dir = scratch("fifo");
  const fs::path fifo = dir / "deals.csv";
  REQUIRE(mkfifo(fifo.c_str(), 0600) == 0);
  std::string received;
  // The reader opens the FIFO as the program does; each waits for the other.
  std::thread reader([&] { received = slurp(fifo); });
  const auto r = run_scarney(kStats + "--csv " + fifo.string());
  if (r.status != 0) std::ofstream(fifo) << "";  // free a reader still waiting
  reader.join();
  INFO(r.err);
  CHECK(r.status == 0);
  CHECK(lines(received) == 4);
  CHECK(fs::is_fifo(fifo));
  CHECK(others(dir, {"deals.csv"}).empty());
  fs::remove_all(dir);
}

TEST_CASE("an AtomicFile on a character device writes through it", "[outputs]") {
  const fs::path dir = scratch("device");
  // A private null device in the scratch folder: if it were replaced, only
  // this copy would be lost. Without the right to make one, nothing to test.
  const fs::path null = dir / "null";
  if (mknod(null.c_str(), S_IFCHR | 0666, makedev(1, 3)) != 0) {
    WARN("cannot make a device node here: skipped");
    return;
  }
  scarney::write_file_atomically(null.string(), "into the void\n");
  CHECK(fs::is_character_file(null));
  CHECK(others(dir, {"null"}).empty());
  fs::remove_all(dir);
}

TEST_CASE("an AtomicFile refuses a directory and keeps no temporary file", "[outputs]") {
  const fs::path dir = scratch("directory");
  fs::create_directories(dir / "out");
  CHECK_THROWS_WITH(scarney::write_file_atomically((dir / "out").string(), "x"),
                    Catch::Contains("Is a directory"));
  CHECK(fs::is_directory(dir / "out"));
  CHECK(others(dir, {"out"}).empty());
  fs::remove_all(dir);
}

TEST_CASE("tablebase build writes a table through its link and refuses a FIFO", "[outputs][cli]") {
  using scarney::tablebase::table_file_name;
  using scarney::tablebase::TableKind;
  const fs::path dir = scratch("tables");
  const fs::path out = dir / "tables", elsewhere = dir / "elsewhere";
  fs::create_directories(out);
  fs::create_directories(elsewhere);
  const std::string two = table_file_name(TableKind::Solitaire, 2);
  fs::create_symlink(elsewhere / two, out / two);  // dangling until built
  const auto built =
      run_scarney("tablebase build --game solitaire --max-pawns 2 --out " + out.string());
  INFO(built.err);
  CHECK(built.status == 0);
  CHECK(fs::is_symlink(out / two));
  CHECK_NOTHROW(scarney::tablebase::TableFile((elsewhere / two).string()));
  CHECK(others(elsewhere, {two}).empty());

  // `timeout`: opening a FIFO waits for the other end.
  const std::string three = table_file_name(TableKind::Solitaire, 3);
  REQUIRE(mkfifo((out / three).c_str(), 0600) == 0);
  const std::string err = (dir / "err.txt").string();
  const int raw = std::system(("timeout 120 " + std::string(SCARNEY_BINARY) +
                               " tablebase build --game solitaire --max-pawns 3 --out " +
                               out.string() + " >/dev/null 2>" + err)
                                  .c_str());
  CHECK(WEXITSTATUS(raw) == 2);  // refused: not a table file (issue 26)
  CHECK(slurp(err).find("pipe") != std::string::npos);
  CHECK(fs::is_fifo(out / three));
  fs::remove_all(dir);
}

TEST_CASE("stats --csv /dev/stdout writes after the report, into the redirection",
          "[outputs][cli]") {
  // run_scarney sends standard output to a file: /dev/stdout leads there
  // through /proc's links, and is written, appended to, never replaced.
  const auto r = run_scarney(kStats + "--csv /dev/stdout");
  INFO(r.err);
  CHECK(r.status == 0);
  const size_t report = r.out.find("perfect play"), csv = r.out.find("deal,score");
  CHECK(report != std::string::npos);
  CHECK(csv != std::string::npos);
  CHECK(report < csv);
  CHECK(fs::is_symlink("/dev/stdout"));
}
