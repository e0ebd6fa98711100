#include "placement/proof_ledger.h"

#include <sys/stat.h>

#include <algorithm>
#include <cstdio>
#include <sstream>
#include <vector>

#include "util/atomic_file.h"
#include "util/input_error.h"
#include "util/input_file.h"

namespace scarney {
namespace {

constexpr const char* kHeader =
    "# The ledger of the High-Low proof: a line per frontier position solved "
    "(solver/placement/proof_ledger.h).\n"
    "# index\tcertificate\tclaim\tnodes\tleaf_boards\treferences\tbytes\tsha256\tmake_cpu_s\t"
    "check_cpu_s\tcommit\tchecked\n";
constexpr int kFields = 12;
constexpr size_t kMaxLedger = size_t{64} << 20;  // far beyond any frontier's

std::string seconds(double s) {
  if (s < 0) return "-";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", s);
  return buf;
}

bool is_hex(const std::string& s) {
  return s.find_first_not_of("0123456789abcdef") == std::string::npos;
}

// The fields of a line with the column each starts at.
std::vector<std::pair<std::string, int>> fields_of(const std::string& line) {
  std::vector<std::pair<std::string, int>> out;
  size_t start = 0;
  for (;;) {
    const size_t tab = line.find('\t', start);
    out.emplace_back(line.substr(start, tab - start), static_cast<int>(start) + 1);
    if (tab == std::string::npos) return out;
    start = tab + 1;
  }
}

}  // namespace

std::string ledger_line(const LedgerEntry& e) {
  std::ostringstream s;
  s << e.index << '\t' << e.certificate << '\t' << side_letter(e.claim) << '\t' << e.nodes << '\t'
    << e.leaves << '\t' << e.references << '\t' << e.bytes << '\t' << e.sha256 << '\t'
    << seconds(e.make_cpu) << '\t' << seconds(e.check_cpu) << '\t' << e.commit << '\t'
    << (e.checked ? "yes" : "no");
  return s.str();
}

LedgerEntry parse_ledger_line(const std::string& line, const std::string& where) {
  const auto f = fields_of(line);
  const auto fail = [&](int column, const std::string& what) -> void {
    const size_t colon = where.rfind(':');
    throw InputError({where.substr(0, colon), std::stoi(where.substr(colon + 1)), column},
                     "a ledger line: " + what);
  };
  if (f.size() != kFields)
    fail(1, "expected " + std::to_string(kFields) + " fields separated by tabs, found " +
                std::to_string(f.size()));
  const auto number = [&](int i) -> uint64_t {
    const std::string& t = f[static_cast<size_t>(i)].first;
    if (t.empty() || t.size() > 19 || t.find_first_not_of("0123456789") != std::string::npos)
      fail(f[static_cast<size_t>(i)].second, "expected a whole number, found '" + t + "'");
    return std::stoull(t);
  };
  const auto secs = [&](int i) -> double {
    const std::string& t = f[static_cast<size_t>(i)].first;
    if (t == "-") return -1;
    if (t.empty() || t.size() > 15 || t.find_first_not_of("0123456789.") != std::string::npos)
      fail(f[static_cast<size_t>(i)].second, "expected seconds or '-', found '" + t + "'");
    return std::stod(t);
  };
  LedgerEntry e;
  e.index = number(0);
  e.certificate = f[1].first;
  if (e.certificate.empty() || e.certificate.find('/') != std::string::npos)
    fail(f[1].second, "expected a certificate's file name");
  if (f[2].first != "A" && f[2].first != "B") fail(f[2].second, "expected the claim, A or B");
  e.claim = f[2].first == "A" ? Side::A : Side::B;
  e.nodes = number(3);
  e.leaves = number(4);
  e.references = number(5);
  e.bytes = number(6);
  e.sha256 = f[7].first;
  if (e.sha256.size() != 64 || !is_hex(e.sha256))
    fail(f[7].second, "expected a SHA-256 as 64 lower-case hex digits");
  e.make_cpu = secs(8);
  e.check_cpu = secs(9);
  e.commit = f[10].first;
  if (e.commit.empty()) fail(f[10].second, "expected the commit that made the certificate");
  if (f[11].first != "yes" && f[11].first != "no") fail(f[11].second, "expected yes or no");
  e.checked = f[11].first == "yes";
  return e;
}

ProofLedger::ProofLedger(std::string path) : path_(std::move(path)) {
  struct stat st {};
  if (::stat(path_.c_str(), &st) != 0) return;  // none yet
  std::istringstream in(read_input_file(path_, kMaxLedger));
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    if (line.empty() || line[0] == '#') continue;
    LedgerEntry e = parse_ledger_line(line, path_ + ":" + std::to_string(n));
    entries_[e.certificate] = std::move(e);
  }
}

std::optional<LedgerEntry> ProofLedger::find(const std::string& certificate) const {
  const auto it = entries_.find(certificate);
  if (it == entries_.end()) return std::nullopt;
  return it->second;
}

void ProofLedger::record(const LedgerEntry& e) {
  entries_[e.certificate] = e;
  save();
}

// In the order of the index, then the name: the order the positions were
// listed in, whatever order they were solved in.
void ProofLedger::save() const {
  std::vector<const LedgerEntry*> rows;
  for (const auto& [name, e] : entries_) rows.push_back(&e);
  std::stable_sort(rows.begin(), rows.end(),
                   [](const LedgerEntry* a, const LedgerEntry* b) { return a->index < b->index; });
  std::string text = kHeader;
  for (const LedgerEntry* e : rows) text += ledger_line(*e) + "\n";
  write_file_atomically(path_, text, AtomicFile::Standing::Regular);
}

LedgerSummary summarise(const ProofLedger& ledger) {
  LedgerSummary out;
  for (const auto& [name, e] : ledger.entries()) {
    ++out.lines;
    if (!e.checked) continue;
    ++out.checked;
    ++(e.claim == Side::A ? out.a_wins : out.b_wins);
    out.nodes += e.nodes;
    out.leaves += e.leaves;
    out.references += e.references;
    out.bytes += e.bytes;
    if (e.make_cpu >= 0) out.make_cpu += e.make_cpu, ++out.make_measured;
    if (e.check_cpu >= 0) out.check_cpu += e.check_cpu, ++out.check_measured;
    ++out.builds[e.commit];
    out.checked_indices.push_back(e.index);
  }
  std::sort(out.checked_indices.begin(), out.checked_indices.end());
  return out;
}

}  // namespace scarney
