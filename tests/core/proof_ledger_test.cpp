// The proof's ledger (placement/proof_ledger.h): lines written and read
// back, bad lines refused with their place, and `prove --ledger` skipping
// what the ledger holds as checked, writing the same top from it alone.
#include "placement/proof_ledger.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "games/position_file.h"
#include "proof/sha256.h"
#include "test_util.h"
#include "util/input_error.h"

using namespace scarney;
using scarney::test::run_scarney;
using scarney::test::scratch_dir;
using scarney::test::slurp;

namespace {

LedgerEntry sample(uint64_t index, const std::string& name) {
  LedgerEntry e;
  e.index = index;
  e.certificate = name;
  e.claim = Side::B;
  e.nodes = 41020017;
  e.leaves = 4092084;
  e.references = 36017297;
  e.bytes = 111295349;
  e.sha256 = std::string(62, 'a') + "0f";
  e.make_cpu = 418.25;
  e.check_cpu = -1;
  e.commit = "ea8919b4a916c4ac39f3b271d26276993c432c36";
  e.checked = true;
  return e;
}

// The files of a small proof: an 8-left High-Low position (cut at 6 it has
// 28 frontier positions), its certificates' directory and its ledger's.
struct SmallProof {
  std::filesystem::path dir;
  std::string pos, certs, ledger;
};
SmallProof small_proof(const std::string& name) {
  SmallProof p{scratch_dir("ledger", name), "", "", ""};
  const auto deal = run_scarney("deal --game highlow --left 8 --count 1 --seed 1");
  REQUIRE(deal.status == 0);
  p.pos = (p.dir / "eight.scarney").string();
  std::ofstream(p.pos) << deal.out;
  p.certs = (p.dir / "certs").string();
  p.ledger = (p.dir / "ledger").string();
  return p;
}

using scarney::test::has;

}  // namespace

TEST_CASE("proof ledger: a line written reads back", "[prove][ledger]") {
  const LedgerEntry e = sample(7, "p3-0421-0000000000500020.cert");
  const std::string line = ledger_line(e);
  CHECK(line == "7\tp3-0421-0000000000500020.cert\tB\t41020017\t4092084\t36017297\t111295349\t" +
                    e.sha256 + "\t418.2\t-\tea8919b4a916c4ac39f3b271d26276993c432c36\tyes");
  const LedgerEntry back = parse_ledger_line(line, "ledger.tsv:3");
  CHECK(ledger_line(back) == line);
  CHECK(back.claim == Side::B);
  CHECK(back.check_cpu < 0);
  CHECK(back.checked);
}

TEST_CASE("proof ledger: bad lines are refused with their line and column", "[prove][ledger]") {
  const std::string good = ledger_line(sample(1, "p3-x.cert"));
  const auto error_of = [](const std::string& line) {
    try {
      parse_ledger_line(line, "data/ledger.tsv:4");
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  CHECK(error_of("1\tp3-x.cert") ==
        "data/ledger.tsv:4:1: a ledger line: expected 12 fields "
        "separated by tabs, found 2");
  std::string claim = good;
  claim.replace(claim.find("\tB\t"), 3, "\tC\t");
  CHECK(error_of(claim) == "data/ledger.tsv:4:13: a ledger line: expected the claim, A or B");
  std::string digest = good;
  digest.replace(digest.find("aaaa"), 4, "AAAA");
  CHECK(has(error_of(digest), "expected a SHA-256 as 64 lower-case hex digits"));
  std::string nodes = good;
  nodes.replace(nodes.find("41020017"), 8, "4102x017");
  CHECK(error_of(nodes) ==
        "data/ledger.tsv:4:15: a ledger line: expected a whole number, found '4102x017'");
  std::string checked = good;
  checked.replace(checked.size() - 3, 3, "maybe");
  CHECK(has(error_of(checked), "expected yes or no"));
}

TEST_CASE("proof ledger: a file kept in order, rewritten whole, read back", "[prove][ledger]") {
  const auto dir = scratch_dir("ledger", "file");
  const std::string path = (dir / "ledger.tsv").string();
  {
    ProofLedger l(path);
    CHECK(l.entries().empty());
    l.record(sample(2, "b.cert"));
    l.record(sample(1, "a.cert"));
    LedgerEntry again = sample(2, "b.cert");
    again.checked = false;
    l.record(again);  // the same certificate: replaced
  }
  const std::string text = slurp(path);
  CHECK(text.find("\na.cert") == std::string::npos);  // the index comes first
  CHECK(text.find("1\ta.cert") < text.find("2\tb.cert"));
  ProofLedger back(path);
  REQUIRE(back.entries().size() == 2);
  CHECK_FALSE(back.find("b.cert")->checked);
  CHECK(back.find("a.cert")->checked);
  CHECK_FALSE(back.find("c.cert"));
  std::ofstream(path, std::ios::app) << "3\tc.cert\tA\n";
  CHECK_THROWS_WITH(ProofLedger(path), Catch::Contains("ledger.tsv:5:1: a ledger line"));
  std::filesystem::remove_all(dir);
}

TEST_CASE("prove --ledger: checked and recorded, then the top from the ledger alone",
          "[cli][prove][ledger]") {
  const SmallProof proof = small_proof("prove");
  const std::string &pos = proof.pos, &certs = proof.certs, &ledger = proof.ledger;
  const auto& dir = proof.dir;
  const auto made =
      run_scarney("prove " + pos + " --frontier 6 --dir " + certs + " --ledger " + ledger);
  REQUIRE(made.status == 0);
  CHECK(has(made.out, "checked, A wins"));
  const ProofLedger l(ledger + "/ledger.tsv");
  REQUIRE(l.entries().size() == 28);
  for (const auto& [name, e] : l.entries()) {
    CHECK(e.checked);
    CHECK(e.commit.size() >= 7);
    CHECK(e.sha256.size() == 64);
    CHECK(e.index >= 1);
    CHECK(e.index <= 28);
  }
  const std::string top = slurp(ledger + "/top.cert");
  REQUIRE_FALSE(top.empty());
  CHECK(slurp(ledger + "/top.cert") == slurp(certs + "/top.cert"));
  CHECK(has(slurp(ledger + "/orders.txt"), "winner A\n"));
  CHECK(has(slurp(ledger + "/frontier.scarney"), "frontier position 28 of 28"));
  // The list reads as a position file, and a line's position remade by
  // `solve` is the ledger's bytes: the re-check docs/highlow-solution.md
  // gives anyone (with the build that made it).
  const auto listed = read_position_file(ledger + "/frontier.scarney");
  REQUIRE(listed.size() == 28);
  for (const auto& [name, e] : l.entries()) {
    if (e.index != 5 && e.index != 28) continue;
    const std::string one = (proof.dir / "one.scarney").string(),
                      cert = (proof.dir / "one.cert").string();
    scarney::test::spit(one, format_position(listed[e.index - 1]));
    REQUIRE(run_scarney("solve --winner-only --certificate " + cert + " " + one).status == 0);
    CHECK(hex(sha256_of_file(cert)) == e.sha256);
  }
  // On a machine without the certificates: nothing to solve, the same top.
  std::filesystem::remove_all(certs);
  const auto again =
      run_scarney("prove " + pos + " --frontier 6 --dir " + certs + " --ledger " + ledger);
  REQUIRE(again.status == 0);
  CHECK(has(again.out, "the guess kept in"));
  CHECK(has(again.out, ": 0 positions to solve"));
  CHECK(slurp(ledger + "/top.cert") == top);
  // A position the ledger holds as not checked is checked again (its file
  // remade, since this directory has none).
  const std::string first = l.entries().begin()->first;
  std::string text = slurp(ledger + "/ledger.tsv");
  const size_t at = text.find(first);
  text.replace(text.find("\tyes", at), 4, "\tno");
  std::ofstream(ledger + "/ledger.tsv") << text;
  const auto redo =
      run_scarney("prove " + pos + " --frontier 6 --dir " + certs + " --ledger " + ledger);
  REQUIRE(redo.status == 0);
  CHECK(has(redo.out, "prove: solved 1, already there 0"));
  CHECK(ProofLedger(ledger + "/ledger.tsv").find(first)->checked);
  CHECK(slurp(ledger + "/top.cert") == top);
  std::filesystem::remove_all(dir);
}

// certify of a proof's top needs every certificate on one machine; a
// machine's files are not kept. --remake-missing makes again what the
// ledger holds and the directory lacks: by the build that made it, the same
// bytes; a line of another build replaced by this one's.
TEST_CASE("prove --remake-missing: the ledger's certificates made again here",
          "[cli][prove][ledger]") {
  const SmallProof proof = small_proof("remake");
  const std::string &pos = proof.pos, &certs = proof.certs, &ledger = proof.ledger;
  const auto& dir = proof.dir;
  const std::string prove = "prove " + pos + " --frontier 6 --dir " + certs + " --ledger " + ledger;
  REQUIRE(run_scarney(prove).status == 0);
  const ProofLedger made(ledger + "/ledger.tsv");
  REQUIRE(made.entries().size() == 28);
  const std::string top = slurp(ledger + "/top.cert");
  auto it = made.entries().begin();
  const LedgerEntry first = it->second, second = (++it)->second;
  std::filesystem::remove(certs + "/" + first.certificate);
  std::filesystem::remove(certs + "/" + second.certificate);
  // Without the flag the top is written and certify misses both.
  REQUIRE(run_scarney(prove).status == 0);
  const auto short_of = run_scarney("certify --dir " + certs + " " + ledger + "/top.cert");
  CHECK(short_of.status == 1);
  CHECK(has(short_of.out + short_of.err, "2 missing"));
  // The second's line as if another build had made other bytes.
  std::string text = slurp(ledger + "/ledger.tsv");
  const size_t at = text.find(second.certificate);
  text.replace(text.find(second.sha256, at), 64, std::string(64, 'e'));
  text.replace(text.find(second.commit, at), second.commit.size(), "0123456");
  std::ofstream(ledger + "/ledger.tsv") << text;
  const auto remade = run_scarney(prove + " --remake-missing");
  REQUIRE(remade.status == 0);
  CHECK(has(remade.out, "prove: 2 certificates the ledger holds as checked are not in"));
  CHECK(has(remade.out, "prove: solved 2, already there 0"));
  const ProofLedger after(ledger + "/ledger.tsv");
  CHECK(after.find(first.certificate)->sha256 == first.sha256);  // the same build: the same bytes
  CHECK(after.find(second.certificate)->sha256 == second.sha256);
  CHECK(after.find(second.certificate)->commit == first.commit);  // this build's line now
  CHECK(after.find(second.certificate)->checked);
  CHECK(slurp(ledger + "/top.cert") == top);
  const auto whole = run_scarney("certify --dir " + certs + " " + ledger + "/top.cert");
  CHECK(whole.status == 0);
  CHECK(has(whole.out, "0 missing, 0 not valid"));
  // Remade by the build the ledger names, other bytes are an error.
  std::filesystem::remove(certs + "/" + first.certificate);
  text = slurp(ledger + "/ledger.tsv");
  text.replace(text.find(first.sha256), 64, std::string(64, 'f'));
  std::ofstream(ledger + "/ledger.tsv") << text;
  const auto other = run_scarney(prove + " --remake-missing");
  CHECK(other.status == 2);
  CHECK(has(other.err, first.certificate + " remade by build " + first.commit));
  CHECK(has(other.err, "the ledger's " + std::string(64, 'f')));
  CHECK(ProofLedger(ledger + "/ledger.tsv").find(first.certificate)->sha256 ==
        std::string(64, 'f'));  // the line kept as it was
  const auto alone =
      run_scarney("prove " + pos + " --frontier 6 --dir " + certs + " --remake-missing");
  CHECK(alone.status == 2);
  CHECK(has(alone.err, "--remake-missing: expected --ledger too"));
  std::filesystem::remove_all(dir);
}

// tools/highlow-proof.sh, the run the proof of the empty board is made by,
// on an 8-left proof cut at 6: the ledger, the top, then certify of the top
// in shares, each share's report kept and not redone; a share that fails
// says so and stops the script.
// [slow]: once, in the Release pass (23 s, mostly waiting); not under the
// sanitizers, whose prove and certify have their own command-line tests.
TEST_CASE("tools/highlow-proof.sh: the proof, then its top certified in shares",
          "[cli][prove][ledger][slow]") {
  namespace fs = std::filesystem;
  const SmallProof proof = small_proof("script");
  const std::string &pos = proof.pos, &certs = proof.certs, &ledger = proof.ledger;
  const auto& dir = proof.dir;
  // The script on this proof, polled every 0.1 s rather than every second
  // (its shares here take a second, not minutes).
  const auto script = [&](int shares, const std::string& binary) {
    return "SCARNEY_PROOF_POLL=0.1 SCARNEY_PROOF_DIR=" + certs + " sh " + SCARNEY_SOURCE_DIR +
           "/tools/highlow-proof.sh --no-commit --frontier 6 --shares " + std::to_string(shares) +
           " --position " + pos + " --ledger " + ledger + " --binary " + binary;
  };
  const std::string run = script(3, scarney::test::binary());
  // Run within this session, the script leaves the session's scheduling
  // group as it was (it renices its own group only when it leads it).
  const std::string group_before = slurp("/proc/self/autogroup");
  const auto first = scarney::test::run_measured(run, 300);
  REQUIRE(first.status == 0);
  CHECK(slurp("/proc/self/autogroup") == group_before);
  CHECK(has(first.out, "prove: proven: A wins"));
  CHECK(has(first.out, "highlow-proof: certified: the top"));
  const std::string top_sha = scarney::hex(scarney::sha256(slurp(ledger + "/top.cert")));
  std::vector<std::string> reports;
  for (int k = 0; k < 3; ++k) {
    const std::string report = ledger + "/certified/top-" + top_sha.substr(0, 12) + "-share-" +
                               std::to_string(k) + "-of-3.txt";
    const std::string text = slurp(report);
    CHECK(has(text, "# scarney certify --shard " + std::to_string(k) + "/3"));
    CHECK(has(text, "# top.cert SHA-256 " + top_sha));
    CHECK(has(text, "; scarney 0.1.0 (build "));  // the build that certified it
    CHECK(has(text, "0 missing, 0 not valid"));
    CHECK(has(text, "\n# exit 0, ended "));
    reports.push_back(text);
  }
  for (const auto& e : fs::directory_iterator(certs)) CHECK(e.path().extension() != ".part");
  const auto sum = run_scarney("ledger " + ledger);
  CHECK(sum.status == 0);
  CHECK(has(sum.out, "28 of the 28 frontier positions checked; A wins in 28, B in 0\n"));
  CHECK_FALSE(has(sum.out, "not yet"));
  CHECK(has(sum.out, "made by 1 build: "));
  CHECK(has(sum.out, "top certificate: " + ledger + "/top.cert, SHA-256 " + top_sha + "\n"));
  CHECK(has(sum.out, "in shares: 3 of 3 shares valid ("));
  // Every share valid: the top's claim proved, and the winner's choice at
  // its root the one `solve --proof` reads from the top.
  CHECK(has(sum.out,
            "  proved: A wins (A to place, 8 pawns left), by the top and every certificate it "
            "names (all 3 shares valid)\n"));
  const std::string solved =
      run_scarney("solve --winner-only --proof " + ledger + "/top.cert " + pos).out;
  const size_t at = solved.find("its choice here: ");
  REQUIRE(at != std::string::npos);
  const std::string choice = solved.substr(at + 17, solved.find('\n', at) - at - 17);
  CHECK(has(choice, "A places "));
  CHECK(has(sum.out, "  the proof's first choice: " + choice + "\n"));
  // Again: nothing to make, no share certified again, and the top (the same
  // bytes) not written again: its list still names the build that wrote it.
  const std::string list_path = ledger + "/certificates.sha256";
  std::string list = slurp(list_path);
  list.replace(list.find("made by build ") + 14, 7, "another");
  scarney::test::spit(list_path, list);
  const auto again = scarney::test::run_measured(run, 300);
  CHECK(slurp(list_path) == list);
  REQUIRE(again.status == 0);
  CHECK(has(again.out, ": 0 positions to solve"));
  CHECK_FALSE(has(again.out, "prove: solved"));
  for (int k = 0; k < 3; ++k)
    CHECK(slurp(ledger + "/certified/top-" + top_sha.substr(0, 12) + "-share-" + std::to_string(k) +
                "-of-3.txt") == reports[static_cast<size_t>(k)]);
  // On a machine without some of the files (another session's), the shares
  // remake them and are valid again.
  for (const auto& e : fs::directory_iterator(ledger + "/certified")) fs::remove(e.path());
  size_t gone = 0;
  for (const auto& e : fs::directory_iterator(certs))
    if (e.path().extension() == ".cert" && e.path().filename() != "top.cert" && gone < 5) {
      fs::remove(e.path());
      ++gone;
    }
  // Two shares at once (--threads 2), each on one thread, the table limit
  // passed on (these searches stay below it: the same bytes).
  const auto elsewhere = scarney::test::run_measured(run + " --threads 2 --table-limit 1000", 300);
  CHECK(elsewhere.status == 0);
  CHECK(has(elsewhere.out, "highlow-proof: certified: the top"));
  std::string remade;
  for (const auto& e : fs::directory_iterator(ledger + "/certified"))
    remade += slurp(e.path().string());
  CHECK(has(remade,
            "# scarney certify --shard 0/3 --threads 1 --remake-missing --table-limit "
            "1000 --dir DIR"));
  CHECK(has(remade, "(the same bytes)"));
  CHECK(has(remade, " leaf boards (remade here)"));
  // One share a certificate: the share whose file is missing comes last,
  // after those whose files are here.
  for (const auto& e : fs::directory_iterator(ledger + "/certified")) fs::remove(e.path());
  const std::string top_cert = ledger + "/top.cert";
  const auto listed =
      run_scarney("certify --list-named --shard 5/28 --dir " + certs + " " + top_cert);
  REQUIRE(listed.status == 0);
  CHECK(has(listed.out, " here\n  named in this share: 1, 1 of them in "));
  const size_t end = listed.out.rfind(" here\n  named");
  const size_t start = listed.out.rfind(' ', end - 1) + 1;
  const std::string name = listed.out.substr(start, end - start);
  REQUIRE(fs::exists(certs + "/" + name));
  fs::remove(certs + "/" + name);
  CHECK(has(run_scarney("certify --list-named --shard 5/28 --dir " + certs + " " + top_cert).out,
            name + " missing\n"));
  const auto ordered = scarney::test::run_measured(script(28, scarney::test::binary()), 300);
  CHECK(ordered.status == 0);
  fs::file_time_type newest = fs::file_time_type::min();
  std::string last;
  for (const auto& e : fs::directory_iterator(ledger + "/certified"))
    if (e.last_write_time() > newest) {
      newest = e.last_write_time();
      last = e.path().filename().string();
    }
  CHECK(has(last, "-share-5-of-28.txt"));
  CHECK(has(slurp(ledger + "/certified/" + last), "(remade here)"));
  // A share's certify ended without a verdict (killed, as by the kernel
  // when memory runs out): no report, committed or failed; its output kept
  // on the machine, and the script's status is the share's.
  for (const auto& e : fs::directory_iterator(ledger + "/certified")) fs::remove(e.path());
  const std::string killed = (dir / "killed.sh").string();
  scarney::test::spit(killed,
                      std::string("#!/bin/sh\ncase \" $* \" in *\" certify \"*) case \" $* \" in "
                                  "*\" --list-named \"*) ;; *) exit 137 ;; esac ;; esac\nexec ") +
                          scarney::test::binary() + " \"$@\"\n");
  fs::permissions(killed, fs::perms::owner_all);
  const auto ended = scarney::test::run_measured(script(3, killed), 300);
  CHECK(ended.status == 137);
  CHECK(has(ended.err, "ended with status 137, no verdict"));
  CHECK(fs::is_empty(ledger + "/certified"));
  CHECK(fs::exists(certs + "/certify-share-0.part.log"));
  // A pool, not batches: beside a slow share 0, shares 1 and 2 run one
  // after the other, so share 2 is reported before share 0 ends.
  for (const auto& e : fs::directory_iterator(ledger + "/certified")) fs::remove(e.path());
  const std::string slow = (dir / "slow.sh").string();
  scarney::test::spit(slow, std::string("#!/bin/sh\ncase \" $* \" in *\" --list-named \"*) ;; "
                                        "*\" --shard 0/3 \"*) sleep 4 ;; esac\nexec ") +
                                scarney::test::binary() + " \"$@\"\n");
  fs::permissions(slow, fs::perms::owner_all);
  const auto pooled = scarney::test::run_measured(script(3, slow) + " --threads 2", 300);
  REQUIRE(pooled.status == 0);
  const auto reported = [&](int k) {
    return fs::last_write_time(ledger + "/certified/top-" + top_sha.substr(0, 12) + "-share-" +
                               std::to_string(k) + "-of-3.txt");
  };
  CHECK(reported(2) < reported(0));
  CHECK(reported(1) < reported(2));
  // A certificate damaged on this machine: its share is not valid, and the
  // script stops with the report kept.
  const ProofLedger l(ledger + "/ledger.tsv");
  const std::string damaged = certs + "/" + l.entries().begin()->first;
  std::string bytes = slurp(damaged);
  bytes[bytes.size() / 2] = static_cast<char>(bytes[bytes.size() / 2] ^ 1);
  scarney::test::spit(damaged, bytes);
  for (const auto& e : fs::directory_iterator(ledger + "/certified")) fs::remove(e.path());
  const auto failed = scarney::test::run_measured(run, 300);
  CHECK(failed.status == 1);
  CHECK(has(failed.err, "of the top's certificates is not valid"));
  int failed_reports = 0;
  for (const auto& e : fs::directory_iterator(ledger + "/certified"))
    if (has(e.path().filename().string(), ".failed.txt")) {
      ++failed_reports;
      CHECK(has(slurp(e.path().string()), "\n# exit 1, ended "));
    }
  CHECK(failed_reports == 1);
  const auto failed_sum = run_scarney("ledger " + ledger);
  CHECK(has(failed_sum.out, " shares valid, 1 FAILED ("));
  CHECK_FALSE(has(failed_sum.out, "proved:"));
  fs::remove_all(dir);
}

// `scarney ledger`: a ledger summed up, the positions not yet checked named,
// and a directory without a ledger or a bad line refused with its place.
TEST_CASE("ledger: a proof's ledger summed up", "[cli][prove][ledger]") {
  const auto dir = scratch_dir("ledger", "sum");
  const std::string d = dir.string();
  {
    ProofLedger l(d + "/ledger.tsv");
    for (uint64_t i : {1, 2, 3, 7}) {
      LedgerEntry e = sample(i, "p" + std::to_string(i) + ".cert");
      e.claim = i == 7 ? Side::B : Side::A;
      e.make_cpu = i == 3 ? -1 : 3600;
      e.check_cpu = 1800;
      e.commit = i == 7 ? "unknown" : e.commit;
      l.record(e);
    }
    LedgerEntry bad = sample(8, "p8.cert");
    bad.checked = false;
    l.record(bad);
  }
  std::string list;
  for (int i = 1; i <= 9; ++i)
    list += (i > 1 ? "---\n" : "") + std::string("game: highlow\nphase: placement\n");
  scarney::test::spit(dir / "frontier.scarney", list);
  const auto r = run_scarney("ledger " + d);
  CHECK(r.status == 0);
  CHECK(
      has(r.out, d + "/ledger.tsv: 4 of the 9 frontier positions checked; A wins in 3, B in 1\n"));
  CHECK(has(r.out, "  not yet: positions 4-6, 8-9\n"));
  CHECK(has(r.out, "  NOT VALID (certify refused them): 1 line\n"));
  CHECK(has(r.out,
            "  certificates checked: 164,080,068 nodes, 16,368,336 leaf boards, "
            "144,069,188 references, 0.45 GB\n"));
  CHECK(has(r.out, "  CPU: 3.0 hours to make (3 measured), 2.0 hours to check (4 measured)\n"));
  CHECK(has(r.out, "  made by 2 builds: ea8919b (3) unknown (1)\n"));
  CHECK(has(r.out, "  top certificate: not written yet"));
  // A top certified in part: the shares not yet valid named, and how long
  // those that remade their certificate took (a failed or a foreign
  // top's report does not count).
  scarney::test::spit(dir / "top.cert", "a top");
  const std::string sha = scarney::hex(scarney::sha256(std::string("a top")));
  std::filesystem::create_directory(dir / "certified");
  const auto report = [&](const std::string& name, const std::string& started,
                          const std::string& body, const std::string& ended) {
    scarney::test::spit(dir / "certified" / name,
                        "# top.cert SHA-256 " + sha + "; started 2026-12-07 " + started + " UTC\n" +
                            body + "# exit 0, ended 2026-12-07 " + ended + " UTC\n");
  };
  const std::string top = "top-" + sha.substr(0, 12) + "-share-";
  report(top + "0-of-6.txt", "23:10:00", "  remade in 1100.0 s\n", "23:30:00");
  report(top + "1-of-6.txt", "19:05:30", "  remade in 2063.9 s\n", "19:56:01");
  report(top + "3-of-6.txt", "12:00:00", "  0 of them remade here\n", "12:02:00");
  report(top + "4-of-6.failed.txt", "12:00:00", "  remade in 60.0 s\n", "14:00:00");
  report("top-000000000000-share-5-of-6.txt", "12:00:00", "  remade in 60.0 s\n", "14:00:00");
  const auto part = run_scarney("ledger " + d);
  CHECK(has(part.out,
            "  certify of the top with every certificate it names, in shares: 3 of 6 "
            "shares valid, 1 FAILED (" +
                d + "/certified)\n"));
  CHECK(has(part.out, "  shares not yet valid: 2, 4-5\n"));
  CHECK_FALSE(has(part.out, "proved:"));
  CHECK(has(part.out,
            "  a share that remade its certificate took 20-51 minutes from start to end "
            "(median 35, 2 shares)\n"));
  const auto none = run_scarney("ledger " + d + "/nowhere");
  CHECK(none.status == 2);
  CHECK(has(none.err, d + "/nowhere/ledger.tsv: no ledger here"));
  std::ofstream(d + "/ledger.tsv", std::ios::app) << "9\tp9.cert\tC\n";
  const auto bad = run_scarney("ledger " + d);
  CHECK(bad.status == 2);
  CHECK(has(bad.err, "ledger.tsv:8:1: a ledger line: expected 12 fields"));
  std::filesystem::remove_all(dir);
}
