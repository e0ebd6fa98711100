// `scarney ledger [DIR]`: what a proof's ledger holds, in sum (the
// directory `scarney prove --ledger` writes, data/highlow-proof by
// default): the frontier positions checked of how many, and which are not
// yet, the claims, the certificates' sizes, the CPU they took, the builds
// that made them, and the top certificate with the shares of it certified
// so far (tools/highlow-proof.sh). Reads only; nothing is checked again.
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <set>

#include "cli_common.h"
#include "commands.h"
#include "games/position_file.h"
#include "options.h"
#include "placement/proof_ledger.h"
#include "proof/sha256.h"
#include "util/printable.h"

namespace scarney::cli {
namespace {

struct LedgerCommand {
  std::string dir = "data/highlow-proof";
};

std::string fixed(double v, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, v);
  return buf;
}

// "22, 24-36": numbers 1 to n not in `done`.
std::string not_in(size_t n, const std::vector<uint64_t>& done) {
  const std::set<uint64_t> have(done.begin(), done.end());
  std::string out;
  for (uint64_t i = 1; i <= n; ++i) {
    if (have.count(i)) continue;
    uint64_t j = i;
    while (j + 1 <= n && !have.count(j + 1)) ++j;
    out += (out.empty() ? "" : ", ") + std::to_string(i) + (j > i ? "-" + std::to_string(j) : "");
    i = j;
  }
  return out;
}

// The shares of the top that tools/highlow-proof.sh certified: reports
// named top-<its SHA-256's first 12 digits>-share-K-of-S.txt in
// DIR/certified (a failed share's ends in .failed.txt).
struct Shares {
  size_t valid = 0, failed = 0, of = 0;
};
Shares shares_certified(const std::string& dir, const std::string& top_sha) {
  namespace fs = std::filesystem;
  Shares out;
  const std::string prefix = "top-" + top_sha.substr(0, 12) + "-share-";
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir + "/certified", ec)) {
    const std::string name = e.path().filename().string();
    unsigned k = 0, s = 0;
    char tail[16] = {};
    if (!e.is_regular_file(ec) || name.rfind(prefix, 0) != 0 ||
        std::sscanf(name.c_str() + prefix.size(), "%u-of-%u%15s", &k, &s, tail) != 3)
      continue;
    if (std::string(tail) == ".txt") ++out.valid;
    if (std::string(tail) == ".failed.txt") ++out.failed;
    out.of = s;
  }
  return out;
}

void print_top(const std::string& dir) {
  const std::string top = dir + "/top.cert";
  if (!std::filesystem::is_regular_file(top)) {
    std::cout << "  top certificate: not written yet (prove writes it once every frontier "
                 "position is checked)\n";
    return;
  }
  const std::string sha = hex(sha256_of_file(top));
  const Shares sh = shares_certified(dir, sha);
  std::cout << "  top certificate: " << printable(top) << ", SHA-256 " << sha << "\n";
  std::cout << "  certify of the top with every certificate it names, in shares: ";
  if (sh.of == 0)
    std::cout << "not run yet (tools/highlow-proof.sh runs it in shares)\n";
  else
    std::cout << sh.valid << " of " << sh.of << " shares valid"
              << (sh.failed ? ", " + std::to_string(sh.failed) + " FAILED" : "") << " ("
              << printable(dir + "/certified") << ")\n";
}

void run(const LedgerCommand& o) {
  const std::string path = o.dir + "/ledger.tsv";
  if (!std::filesystem::is_regular_file(path))
    bad_input(path,
              "no ledger here (expected the directory `scarney prove --ledger DIR` writes, "
              "e.g. data/highlow-proof)");
  const LedgerSummary s = summarise(ProofLedger(path));
  const std::string list = o.dir + "/frontier.scarney";
  const size_t frontier =
      std::filesystem::is_regular_file(list) ? read_position_file(list).size() : 0;
  std::cout << printable(path) << ": " << s.checked << " of the "
            << (frontier ? std::to_string(frontier) : std::string("?"))
            << " frontier positions checked; A wins in " << s.a_wins << ", B in " << s.b_wins
            << "\n";
  if (frontier && s.checked < frontier)
    std::cout << "  not yet: " << (frontier - s.checked == 1 ? "position " : "positions ")
              << not_in(frontier, s.checked_indices) << "\n";
  if (const size_t bad = s.lines - s.checked)
    std::cout << "  NOT VALID (certify refused them): " << bad << (bad == 1 ? " line" : " lines")
              << "\n";
  std::cout << "  certificates checked: " << grouped(s.nodes) << " nodes, " << grouped(s.leaves)
            << " leaf boards, " << grouped(s.references) << " references, "
            << fixed(static_cast<double>(s.bytes) / 1e9, 2) << " GB\n";
  std::cout << "  CPU: " << fixed(s.make_cpu / 3600, 1) << " hours to make (" << s.make_measured
            << " measured), " << fixed(s.check_cpu / 3600, 1) << " hours to check ("
            << s.check_measured << " measured)\n";
  std::cout << "  made by " << s.builds.size() << (s.builds.size() == 1 ? " build:" : " builds:");
  for (const auto& [commit, n] : s.builds)
    std::cout << " " << commit.substr(0, 7) << " (" << n << ")";
  std::cout << "\n";
  print_top(o.dir);
}

}  // namespace

void register_ledger(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "ledger",
      "Sum up a proof's ledger (scarney prove --ledger): positions checked, sizes, CPU, the "
      "top and its certified shares");
  auto o = std::make_shared<LedgerCommand>();
  cmd->add_option("dir", o->dir, "the ledger's directory")->capture_default_str();
  cmd->callback([o] { guarded([&] { run(*o); }); });
}

}  // namespace scarney::cli
