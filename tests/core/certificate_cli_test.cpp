// `scarney solve --winner-only --certificate FILE` and `scarney certify`.
#include <catch2/catch.hpp>
#include <fstream>

#include "proof/certificate.h"
#include "test_util.h"

using scarney::test::run_scarney;
using scarney::test::scratch_dir;
using scarney::test::slurp;

namespace {

using scarney::test::has;

// Random High-Low placement position `index` of seed 1 with `left` pawns
// left, as `scarney deal --left` writes it, in dir.
std::string position_file(const std::filesystem::path& dir, int left, int index = 0) {
  const auto r = run_scarney("deal --game highlow --left " + std::to_string(left) + " --count " +
                             std::to_string(index + 1) + " --seed 1");
  REQUIRE(r.status == 0);
  // The last position of the output.
  const size_t at = r.out.rfind("title:");
  const std::string path = (dir / ("left-" + std::to_string(left) + ".scarney")).string();
  std::ofstream(path) << r.out.substr(at);
  return path;
}

void write(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}

}  // namespace

TEST_CASE("certificate: solve writes one, certify accepts it", "[cli][certificate]") {
  const auto dir = scratch_dir("certificate", "make");
  const std::string pos = position_file(dir, 7);
  const std::string cert = (dir / "seven.cert").string();
  const auto made = run_scarney("solve --winner-only --certificate " + cert + " " + pos);
  REQUIRE(made.status == 0);
  CHECK(has(made.out, "certificate: " + cert + ": "));
  CHECK(has(made.out, " wins; "));
  CHECK(has(made.out, "leaf boards"));
  const auto checked = run_scarney("certify --threads 2 " + cert);
  CHECK(checked.status == 0);
  CHECK(has(checked.out, "claim: "));
  CHECK(has(checked.out, "7 pawns left"));
  CHECK(has(checked.out, "valid: "));
  CHECK(has(checked.out, "leaf boards"));
  CHECK(checked.err.empty());
  // Written whole under its name: no temporary file is left beside it.
  int files = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir)) files += e.is_regular_file();
  CHECK(files == 2);
  // In shards: each checks the tree and its share of the leaf boards.
  const auto shard = run_scarney("certify --shard 1/2 " + cert);
  CHECK(shard.status == 0);
  CHECK(has(shard.out, "shard 1/2 valid: "));
  CHECK(has(shard.out, "the certificate is valid when every shard is"));
  const auto bad_shard = run_scarney("certify --shard 2/2 " + cert);
  CHECK(bad_shard.status == 2);
  CHECK(has(bad_shard.err, "--shard: expected K/S"));
  // The claim is the one solve printed.
  const bool a = has(made.out, ": A wins;");
  CHECK(has(checked.out, a ? "claim: A wins" : "claim: B wins"));
  std::filesystem::remove_all(dir);
}

TEST_CASE("certificate: 9 pawns left made and certified", "[cli][certificate][slow]") {
  const auto dir = scratch_dir("certificate", "nine");
  const std::string pos = position_file(dir, 9);
  const std::string cert = (dir / "nine.cert").string();
  REQUIRE(run_scarney("solve --winner-only --certificate " + cert + " " + pos).status == 0);
  const auto checked = run_scarney("certify " + cert);
  CHECK(checked.status == 0);
  CHECK(has(checked.out, "9 pawns left"));
  CHECK(has(checked.out, "valid: "));
  std::filesystem::remove_all(dir);
}

TEST_CASE("certificate: damaged files fail the check, other files are bad input",
          "[cli][certificate]") {
  const auto dir = scratch_dir("certificate", "damaged");
  const std::string pos = position_file(dir, 5);
  const std::string cert = (dir / "five.cert").string();
  REQUIRE(run_scarney("solve --winner-only --certificate " + cert + " " + pos).status == 0);
  const std::string good = slurp(cert);
  REQUIRE(good.size() > 80);

  const std::string cut = (dir / "cut.cert").string();
  write(cut, good.substr(0, good.size() - 4));
  auto r = run_scarney("certify " + cut);
  CHECK(r.status == 1);
  CHECK(has(r.err, "scarney: " + cut + ": truncated"));

  const std::string flipped = (dir / "flipped.cert").string();
  std::string bytes = good;
  bytes[bytes.size() / 2 + 40] ^= 0x04;
  write(flipped, bytes);
  r = run_scarney("certify " + flipped);
  CHECK(r.status == 1);
  CHECK(has(r.err, "scarney: " + flipped + ": bad checksum"));

  // The other side claimed, the checksum mended: the proof does not hold.
  const std::string claim = (dir / "claim.cert").string();
  bytes = good;
  bytes[11] ^= 1;
  const uint64_t sum =
      scarney::certificate_checksum(bytes.substr(0, 72), bytes.data() + 80, bytes.size() - 80);
  for (int i = 0; i < 8; ++i) bytes[72 + i] = static_cast<char>(sum >> (8 * i) & 0xFF);
  write(claim, bytes);
  r = run_scarney("certify " + claim);
  CHECK(r.status == 1);
  CHECK(has(r.out, "NOT VALID"));
  CHECK(has(r.err, "scarney: " + claim + ": not valid: at "));

  const std::string longer = (dir / "longer.cert").string();
  write(longer, good + "more");
  r = run_scarney("certify " + longer);
  CHECK(r.status == 1);
  CHECK(has(r.err, "scarney: " + longer + ": more bytes after the body than the header says"));

  // A position file is no certificate, nor a device; a missing file cannot
  // be read.
  r = run_scarney("certify /dev/zero");
  CHECK(r.status == 2);
  CHECK(has(r.err, "scarney: /dev/zero: not a scarney certificate"));
  r = run_scarney("certify " + pos);
  CHECK(r.status == 2);
  CHECK(has(r.err, "scarney: " + pos + ": not a scarney certificate"));
  r = run_scarney("certify " + (dir / "missing.cert").string());
  CHECK(r.status == 2);
  CHECK(has(r.err, "missing.cert"));
  // One bad file among good ones: the others are still checked.
  r = run_scarney("certify " + cut + " " + cert);
  CHECK(r.status == 1);
  CHECK(has(r.out, "valid: "));
  std::filesystem::remove_all(dir);
}

TEST_CASE("certificate: solve --certificate refuses what it cannot prove", "[cli][certificate]") {
  const auto dir = scratch_dir("certificate", "refused");
  const std::string pos = position_file(dir, 4);
  const std::string cert = (dir / "c.cert").string();
  auto r = run_scarney("solve --certificate " + cert + " " + pos);
  CHECK(r.status == 2);
  CHECK(has(r.err, "--certificate needs --winner-only"));
  r = run_scarney("solve --winner-only --certificate " + cert + " " + pos + " " + pos);
  CHECK(r.status == 2);
  CHECK(has(r.err, "--certificate proves one position, and 2 are given"));
  r = run_scarney("solve --winner-only --certificate " + cert + " --depth 1 " + pos);
  CHECK(r.status == 2);
  CHECK(has(r.err, "--certificate needs the exact search"));
  r = run_scarney("solve --winner-only --certificate " + cert + " -",
                  "game: highlow\nphase: placement\n");
  CHECK(r.status == 2);
  CHECK(has(r.err, "before A's colour choice is proven by scarney prove"));
  r = run_scarney("solve --winner-only --certificate " + (dir / "no/such/dir/c.cert").string() +
                  " " + pos);
  CHECK(r.status == 2);
  CHECK(has(r.err, "--certificate"));
  CHECK_FALSE(std::filesystem::exists(cert));
  std::filesystem::remove_all(dir);
}
