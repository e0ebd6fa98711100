// Certificates that name others (format version 2, record 0x02): a proof
// cut into a top and many frontier certificates, each a file of its own,
// named by the SHA-256 of its bytes. The top is valid when its tree is and
// every certificate it names is found, proves what the node needs (the
// same claim, its root the node's position up to a valid relabelling) and
// is valid itself (its own references in turn).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "proof/certify.h"

namespace scarney {

// Every *.cert file of a directory by the SHA-256 of its bytes; only
// regular files (a FIFO would hang the hashing, a link to /dev/zero never
// end it). Throws InputError when the directory cannot be read. Once
// *stop is set, returns what it has.
std::map<Sha256Digest, std::string> index_certificates(const std::string& dir,
                                                       const std::atomic<bool>* stop = nullptr);

// Where the certificate of a digest is in a directory: first by the list
// `DIR/certificates.sha256` (sha256sum's format, written by `scarney
// prove`), the file named there hashed to confirm it; else by indexing the
// whole directory once. The list only saves reading every file of a large
// directory in every shard: a wrong line is found out and ignored. A list
// that is not a regular file, or larger than kMaxCertificateListBytes, is
// not read (warning() says why) and the directory is indexed instead.
inline constexpr size_t kMaxCertificateListBytes = size_t{64} << 20;  // 600,000 lines
class CertificateLocator {
 public:
  explicit CertificateLocator(std::string dir, const std::atomic<bool>* stop = nullptr);
  std::optional<std::string> find(const Sha256Digest& d);
  // Why the list was not read ("DIR/certificates.sha256: a FIFO ..."), or empty.
  const std::string& warning() const { return warning_; }

 private:
  void read_list(const std::string& text);
  std::string dir_;
  const std::atomic<bool>* stop_;
  std::string warning_;
  std::map<Sha256Digest, std::string> listed_;
  std::optional<std::map<Sha256Digest, std::string>> all_;
};
// The list's text: one line "<hex>  <file name>" per certificate.
std::string certificate_list_line(const Sha256Digest& d, const std::string& name);

// What is wrong with `h` as the certificate named at node `r` of a proof
// claiming `winner`, or nothing: it must claim the same
// winner, and its root relabelled by the record's relabelling must be the
// node's board with the node's A's colours.
std::optional<std::string> reference_mismatch(const CertificateHeader& h,
                                              const CertificateReference& r, Side winner);

// One certificate named, as checked.
struct ReferenceCheck {
  enum class Outcome { Valid, Missing, Invalid, Interrupted } outcome = Outcome::Missing;
  std::string digest;   // hex
  std::string file;     // where it was found (empty when missing)
  std::string at;       // the node naming it: its path from the top's root
  std::string failure;  // when not valid: what, and where
  CertifyReport report;
  double seconds = 0;
};

struct ReferenceOptions {
  CertifyOptions certify;  // threads and stop flag for each (no leaf shards)
  // Shard K of S of the certificates named (the i-th distinct digest in the
  // tree's order when i % S == K); the top's tree is walked in each.
  uint64_t shard = 0, shards = 1;
  // Called after each certificate checked.
  std::function<void(const ReferenceCheck&, size_t done, size_t total)> checked;
};

// The certificates of shard K of S that `top` names itself: its distinct
// digests in the tree's order, the i-th when i % S == K (all when S <= 1).
std::vector<CertificateReference> named_in_shard(const CertifyReport& top, uint64_t shard,
                                                 uint64_t shards);

// Checks the certificates `top` names, found by `locate`, and theirs in
// turn (each digest once). Returns one entry per digest checked.
using Locate = std::function<std::optional<std::string>(const Sha256Digest&)>;
std::vector<ReferenceCheck> check_references(const CertifyReport& top, Side winner,
                                             const Locate& locate, const ReferenceOptions& options);
// The same with every certificate of a directory's index.
std::vector<ReferenceCheck> check_references(const CertifyReport& top, Side winner,
                                             const std::map<Sha256Digest, std::string>& index,
                                             const ReferenceOptions& options);

}  // namespace scarney
