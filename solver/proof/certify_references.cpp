#include "proof/certify_references.h"

#include <dirent.h>
#include <sys/stat.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <deque>
#include <set>
#include <sstream>

#include "board/symmetry.h"
#include "util/input_error.h"
#include "util/input_file.h"

namespace scarney {

std::map<Sha256Digest, std::string> index_certificates(const std::string& dir,
                                                       const std::atomic<bool>* stop) {
  DIR* d = ::opendir(dir.c_str());
  if (!d) throw InputError("cannot read the directory " + dir + ": " + std::strerror(errno));
  std::vector<std::string> names;
  while (const dirent* e = ::readdir(d)) {
    const std::string name = e->d_name;
    if (name.size() > 5 && name.compare(name.size() - 5, 5, ".cert") == 0) names.push_back(name);
  }
  ::closedir(d);
  std::map<Sha256Digest, std::string> out;
  for (const std::string& name : names) {
    if (stop && stop->load()) break;
    const std::string path = dir + "/" + name;
    if (kind_of(path) != PathKind::Regular) continue;
    try {
      out.emplace(sha256_of_file(path, stop), path);
    } catch (const InputError&) {
      // swapped for something else since: not a certificate of this index
    }
  }
  return out;
}

CertificateLocator::CertificateLocator(std::string dir, const std::atomic<bool>* stop)
    : dir_(std::move(dir)), stop_(stop) {
  const std::string list = dir_ + "/certificates.sha256";
  const PathKind kind = kind_of(list);
  if (kind == PathKind::Missing) return;
  std::string text;
  try {
    if (kind != PathKind::Regular) throw InputError(kind_words(kind) + ", not a regular file");
    text = read_input_file(list, kMaxCertificateListBytes);
    if (text.size() > kMaxCertificateListBytes)
      throw InputError("larger than " + std::to_string(kMaxCertificateListBytes) + " bytes");
  } catch (const InputError& e) {
    warning_ = list + ": " + e.message() + ": not read, the directory is indexed instead";
    return;
  }
  read_list(text);
}

void CertificateLocator::read_list(const std::string& text) {
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    // "<64 hex digits>  <name>", the name without a slash.
    if (line.size() < 67 || line.compare(64, 2, "  ") != 0) continue;
    Sha256Digest d{};
    bool ok = true;
    for (size_t i = 0; i < 32 && ok; ++i) {
      const auto nibble = [&](char c) {
        if (c >= '0' && c <= '9') return c - '0';
        if (c >= 'a' && c <= 'f') return c - 'a' + 10;
        ok = false;
        return 0;
      };
      d[i] = static_cast<uint8_t>(nibble(line[2 * i]) << 4 | nibble(line[2 * i + 1]));
    }
    const std::string name = line.substr(66);
    if (ok && name.find('/') == std::string::npos) listed_.emplace(d, dir_ + "/" + name);
  }
}

std::optional<std::string> CertificateLocator::find(const Sha256Digest& d) {
  if (const auto it = listed_.find(d); it != listed_.end()) {
    try {
      if (kind_of(it->second) == PathKind::Regular && sha256_of_file(it->second, stop_) == d)
        return it->second;
    } catch (const InputError&) {
      // listed but gone: the directory's index decides
    }
  }
  if (stop_ && stop_->load()) return std::nullopt;  // the caller looks at the flag
  if (!all_) all_ = index_certificates(dir_, stop_);
  if (const auto it = all_->find(d); it != all_->end()) return it->second;
  return std::nullopt;
}

std::string certificate_list_line(const Sha256Digest& d, const std::string& name) {
  return hex(d) + "  " + name + "\n";
}

std::optional<std::string> reference_mismatch(const CertificateHeader& h,
                                              const CertificateReference& r, Side winner) {
  if (h.winner != winner)
    return std::string("it claims ") + side_letter(h.winner) + " wins, the node needs " +
           side_letter(winner);
  uint8_t colour[kColours];
  for (int c = 0; c < kColours; ++c) colour[c] = r.colour_map >> (2 * c) & 3;
  uint8_t image_a = 0;
  for (int c = 0; c < kColours; ++c)
    if (h.a_colours >> c & 1) image_a |= static_cast<uint8_t>(1u << colour[c]);
  Board image;
  for (Circle c : circles(h.root.occupied())) {
    const Pawn p = h.root.pawn_on(c);
    image.place(static_cast<Pawn>(colour[p >> 2] * 4 + (p & 3)), transform(c, r.square));
  }
  if (!(image == r.board) || image_a != r.a_colours)
    return "its root relabelled is " + placement_line(image) + " with A holding " +
           colours_named(image_a) + ", the node's is " + placement_line(r.board) +
           " with A holding " + colours_named(r.a_colours);
  return std::nullopt;
}

namespace {

using Outcome = ReferenceCheck::Outcome;

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// One named certificate: found, matching its node, valid.
ReferenceCheck check_one(const CertificateReference& r, Side winner, const Locate& locate,
                         const CertifyOptions& options) {
  ReferenceCheck out;
  out.digest = hex(r.digest);
  out.at = r.path;
  const auto found = locate(r.digest);
  if (options.stop && options.stop->load()) {
    out.outcome = Outcome::Interrupted;
    out.failure = "interrupted";
    return out;
  }
  if (!found) {
    out.failure = "no certificate with SHA-256 " + out.digest + " in the directory";
    return out;
  }
  out.file = *found;
  const auto t0 = std::chrono::steady_clock::now();
  out.outcome = Outcome::Invalid;
  try {
    const Certificate c = read_certificate(out.file);
    if (const auto why = reference_mismatch(c.header, r, winner)) {
      out.failure = "does not prove the node: " + *why;
      return out;
    }
    out.report = certify(c, options);
  } catch (const InputError& e) {
    out.failure = e.what();
    return out;
  }
  out.seconds = seconds_since(t0);
  if (out.report.interrupted) {
    out.outcome = Outcome::Interrupted;
    out.failure = "interrupted: not checked to the end";
  } else if (out.report.valid) {
    out.outcome = Outcome::Valid;
  } else {
    out.failure = "not valid: at " + out.report.node + ": " + out.report.failure;
  }
  return out;
}

}  // namespace

std::vector<ReferenceCheck> check_references(const CertifyReport& top, Side winner,
                                             const std::map<Sha256Digest, std::string>& index,
                                             const ReferenceOptions& options) {
  const Locate locate = [&index](const Sha256Digest& d) -> std::optional<std::string> {
    const auto it = index.find(d);
    if (it == index.end()) return std::nullopt;
    return it->second;
  };
  return check_references(top, winner, locate, options);
}

std::vector<CertificateReference> named_in_shard(const CertifyReport& top, uint64_t shard,
                                                 uint64_t shards) {
  std::vector<CertificateReference> mine;
  std::set<Sha256Digest> seen;
  shards = std::max<uint64_t>(shards, 1);
  uint64_t i = 0;
  for (const CertificateReference& r : top.certificates)
    if (seen.insert(r.digest).second && i++ % shards == shard) mine.push_back(r);
  return mine;
}

std::vector<ReferenceCheck> check_references(const CertifyReport& top, Side winner,
                                             const Locate& locate,
                                             const ReferenceOptions& options) {
  // The top's own references are sharded; what they name in turn is
  // checked by the shard that checks them.
  std::set<Sha256Digest> seen;
  for (const CertificateReference& r : top.certificates) seen.insert(r.digest);
  const auto mine = named_in_shard(top, options.shard, options.shards);
  std::deque<CertificateReference> todo(mine.begin(), mine.end());
  std::vector<ReferenceCheck> out;
  size_t total = todo.size();
  while (!todo.empty()) {
    const CertificateReference r = todo.front();
    todo.pop_front();
    out.push_back(check_one(r, winner, locate, options.certify));
    for (const CertificateReference& next : out.back().report.certificates)
      if (seen.insert(next.digest).second) {
        todo.push_back(next);
        ++total;
      }
    if (options.checked) options.checked(out.back(), out.size(), total);
    if (out.back().outcome == Outcome::Interrupted) break;
  }
  return out;
}

}  // namespace scarney
