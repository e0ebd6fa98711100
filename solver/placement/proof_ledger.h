// The ledger of a proof cut at a frontier (proof_top.h): a small text file
// kept in the repository (data/highlow-proof/ledger.tsv), since no
// machine's files are kept from one working stretch to the next while the
// certificates themselves (about 200 MB each at 13 pawns left) stay on the
// machine that made them. One line per frontier position solved:
//
//   index  certificate                      claim  nodes  leaf_boards  references  bytes  sha256
//   make_cpu_s  check_cpu_s  commit  checked 3      p3-0421-0000000000500020.cert    A      ...
//   (hex)   412.5       251.0        4c386fb...  yes
//
// - index: the position's number in the frontier list when it was solved;
// - certificate: the file's name, the position's canonical form (it is the
//   key: a line per name, the last written wins);
// - claim: the side the certificate proves wins there, A or B;
// - the certificate's counts, its size and the SHA-256 of its bytes;
// - the CPU seconds to make it and to check it (certify, every leaf board);
//   "-" when not measured here (a certificate found already made);
// - commit: the build that made it (a certificate is remade byte for byte
//   only by the same build: re-check with that commit), "unknown" for a
//   file found already made;
// - checked: "yes" once certify found it valid, else "no".
// Lines starting with '#' are comments. The file is rewritten whole and
// atomically at each change.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "games/game.h"

namespace scarney {

struct LedgerEntry {
  uint64_t index = 0;
  std::string certificate;  // file name, the key
  Side claim = Side::A;     // written A or B
  uint64_t nodes = 0, leaves = 0, references = 0, bytes = 0;
  std::string sha256;                    // 64 hex digits
  double make_cpu = -1, check_cpu = -1;  // seconds; negative: not measured
  std::string commit;
  bool checked = false;
};

class ProofLedger {
 public:
  // No file: an empty ledger that record() creates. A file that does not
  // read as a ledger throws InputError naming the line and column.
  explicit ProofLedger(std::string path);

  const std::string& path() const { return path_; }
  std::optional<LedgerEntry> find(const std::string& certificate) const;
  const std::map<std::string, LedgerEntry>& entries() const { return entries_; }
  // Adds or replaces the entry and rewrites the file atomically.
  void record(const LedgerEntry& e);

 private:
  void save() const;
  std::string path_;
  std::map<std::string, LedgerEntry> entries_;
};

// What a ledger holds, in sum (`scarney ledger`): the counts and sizes of
// the certificates checked, the CPU measured, the builds that made them.
struct LedgerSummary {
  size_t lines = 0, checked = 0;
  size_t a_wins = 0, b_wins = 0;                              // claims of the checked
  uint64_t nodes = 0, leaves = 0, references = 0, bytes = 0;  // of the checked
  double make_cpu = 0, check_cpu = 0;                         // seconds, where measured
  size_t make_measured = 0, check_measured = 0;
  std::map<std::string, size_t> builds;   // commit: certificates checked it made
  std::vector<uint64_t> checked_indices;  // in increasing order
};
LedgerSummary summarise(const ProofLedger& ledger);

// An entry as its line in the file, and back (the error names `where`,
// "FILE:LINE", with the column).
std::string ledger_line(const LedgerEntry& e);
LedgerEntry parse_ledger_line(const std::string& line, const std::string& where);

}  // namespace scarney
