// `scarney ledger [DIR]`: what a proof's ledger holds, in sum (the
// directory `scarney prove --ledger` writes, data/highlow-proof by
// default): the frontier positions checked of how many, and which are not
// yet, the claims, the certificates' sizes, the CPU they took, the builds
// that made them, and the top certificate with the shares of it certified
// so far (tools/highlow-proof.sh). Reads only; nothing is checked again.
#include <algorithm>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <set>

#include "cli_common.h"
#include "commands.h"
#include "games/position_file.h"
#include "options.h"
#include "placement/proof_ledger.h"
#include "placement/proven_top.h"
#include "proof/certificate.h"
#include "proof/certify.h"
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

// "22, 24-36": the numbers first to last not in `done`.
std::string not_in(uint64_t first, uint64_t last, const std::vector<uint64_t>& done) {
  const std::set<uint64_t> have(done.begin(), done.end());
  std::string out;
  for (uint64_t i = first; i <= last; ++i) {
    if (have.count(i)) continue;
    uint64_t j = i;
    while (j + 1 <= last && !have.count(j + 1)) ++j;
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
  std::vector<uint64_t> valid_k;
  // Minutes from start to end of the valid shares that remade a
  // certificate (the pace of what is left on a machine without the files).
  std::vector<double> remade_minutes;
};

// Seconds since 1970 of "... started|ended YYYY-MM-DD HH:MM:SS UTC" in a
// report (the script's header and last line), or nothing.
std::optional<int64_t> report_time(const std::string& text, const std::string& word) {
  const size_t at = text.find(word + " ");
  std::tm t{};
  if (at == std::string::npos ||
      std::sscanf(text.c_str() + at + word.size() + 1, "%d-%d-%d %d:%d:%d UTC", &t.tm_year,
                  &t.tm_mon, &t.tm_mday, &t.tm_hour, &t.tm_min, &t.tm_sec) != 6)
    return std::nullopt;
  t.tm_year -= 1900;
  t.tm_mon -= 1;
  return static_cast<int64_t>(timegm(&t));
}

void add_pace(Shares& out, const std::filesystem::path& report) {
  std::ifstream in(report, std::ios::binary);
  const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  const auto started = report_time(text, "started"), ended = report_time(text, "ended");
  if (started && ended && *ended >= *started && text.find("  remade in ") != std::string::npos)
    out.remade_minutes.push_back(static_cast<double>(*ended - *started) / 60);
}

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
    if (std::string(tail) == ".txt") {
      ++out.valid;
      out.valid_k.push_back(k);
      add_pace(out, e.path());
    }
    if (std::string(tail) == ".failed.txt") ++out.failed;
    out.of = s;
  }
  return out;
}

// How long the shares that remade their certificate took, start to end
// (wall time, however many ran at once): what a share left will take.
void print_pace(std::vector<double> minutes) {
  if (minutes.empty()) return;
  std::sort(minutes.begin(), minutes.end());
  const size_t n = minutes.size();
  const double median = n % 2 ? minutes[n / 2] : (minutes[n / 2 - 1] + minutes[n / 2]) / 2;
  std::cout << "  a share that remade its certificate took " << fixed(minutes.front(), 0) << "-"
            << fixed(minutes.back(), 0) << " minutes from start to end (median " << fixed(median, 0)
            << ", " << n << (n == 1 ? " share" : " shares") << ")\n";
}

// Once every share is valid: what the top proves, and the winner's
// choices on it while the turn is his (from the empty board: his colours,
// then his first placement).
void print_proved(const std::string& top, size_t shares) {
  const Certificate c = read_certificate(top);
  std::cout << "  proved: " << certificate_claim_text(c.header) << ", by the top and every "
            << "certificate it names (all " << shares << " shares valid)\n";
  const ProvenTop proof = ProvenTop::from_certificate(c);
  PlacementState s{Game::HighLow, c.header.root, c.header.a_colours};
  std::string line;
  for (auto p = proof.find(s); p && p->winning; p = proof.find(s)) {
    line += (line.empty() ? "" : ", then ") + placement_text(s, *p->winning);
    const bool choice = s.choosing_colours();
    s = play(s, *p->winning);
    if (!choice) break;  // after a placement the other side places
  }
  if (!line.empty()) std::cout << "  the proof's first choice: " << line << "\n";
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
  if (sh.of != 0 && sh.valid == sh.of && sh.failed == 0) print_proved(top, sh.of);
  if (sh.of == 0 || sh.valid == sh.of) return;
  std::cout << "  shares not yet valid: " << not_in(0, sh.of - 1, sh.valid_k) << "\n";
  print_pace(sh.remade_minutes);
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
              << not_in(1, frontier, s.checked_indices) << "\n";
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
