// `scarney certify FILE...`: checks certificates of who wins High-Low
// placement positions (made by `scarney solve --winner-only --certificate`)
// without the search that made them: proof/certify.h.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <iostream>

#include "cli_common.h"
#include "commands.h"
#include "exhaustive/shard.h"
#include "options.h"
#include "proof/certify.h"
#include "proof/certify_references.h"
#include "util/printable.h"

namespace scarney::cli {
namespace {

struct CertifyCommand {
  std::vector<std::string> files;
  int threads = 1;
  std::string shard;  // K/S, or empty: every leaf board
  std::string dir;    // where named certificates are looked for (default: the file's)
  bool slow = false;  // the leaf boards by the first, plain pass
};

// The leaf boards' progress on a terminal, wiped when done.
struct LeafProgress {
  bool shown = false;
  void attach(CertifyOptions& o) {
    if (!::isatty(STDERR_FILENO)) return;
    o.progress = [this](uint64_t solved, uint64_t leaves) {
      shown = true;
      std::fprintf(stderr, "\rcertify: %llu of %llu leaf boards solved   ",
                   static_cast<unsigned long long>(solved),
                   static_cast<unsigned long long>(leaves));
    };
  }
  void wipe() {
    if (shown) std::fprintf(stderr, "\r%60s\r", "");
  }
};

std::string claim_text(const CertificateHeader& h) {
  const int k = h.root.pawn_count();
  if (h.a_colours == 0)
    return std::string(1, side_letter(h.winner)) + " wins (A to choose his colours)";
  return std::string(1, side_letter(h.winner)) + " wins (" + (k % 2 == 0 ? "A" : "B") +
         " to place, " + std::to_string(kPawns - k) + " pawns left)";
}

std::string directory_of(const std::string& path) {
  const size_t slash = path.rfind('/');
  return slash == std::string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash);
}

// Version 2: the certificates the top names, found by their SHA-256 in
// `dir`, each checked whole (and theirs in turn). True when all are there
// and valid; each missing or invalid one is named on stderr.
bool check_named(const std::string& path, const CertifyReport& top, Side winner,
                 const std::string& dir, const CertifyOptions& each) {
  if (top.certificates.empty()) return true;
  CertificateLocator locator(dir, each.stop);
  if (!locator.warning().empty())
    std::cerr << "scarney: warning: " << printable(locator.warning()) << "\n";
  const Locate locate = [&locator](const Sha256Digest& d) { return locator.find(d); };
  ReferenceOptions o;
  o.certify = each;
  o.certify.shard = 0;
  o.certify.shards = 1;
  o.certify.progress = nullptr;
  o.shard = each.shard;
  o.shards = each.shards;
  o.checked = [](const ReferenceCheck& c, size_t done, size_t total) {
    using Outcome = ReferenceCheck::Outcome;
    const std::string verdict =
        c.outcome == Outcome::Valid
            ? printable(c.file) + " valid, " + std::to_string(c.report.leaves) + " leaf boards"
        : c.outcome == Outcome::Missing     ? "MISSING"
        : c.outcome == Outcome::Interrupted ? "interrupted: not checked to the end"
                                            : "NOT VALID";
    std::printf("  named %zu of %zu: %s: %s\n", done, total, c.digest.substr(0, 16).c_str(),
                verdict.c_str());
    std::fflush(stdout);
  };
  const auto checks = check_references(top, winner, locate, o);
  size_t missing = 0, invalid = 0;
  for (const ReferenceCheck& c : checks) {
    if (c.outcome == ReferenceCheck::Outcome::Interrupted) {
      std::cerr << "scarney: " << printable(path) << ": interrupted: not checked to the end\n";
      throw CLI::RuntimeError(130);
    }
    if (c.outcome == ReferenceCheck::Outcome::Valid) continue;
    ++(c.outcome == ReferenceCheck::Outcome::Missing ? missing : invalid);
    std::cerr << "scarney: " << printable(path) << ": at " << c.at << ": the certificate named "
              << c.digest << (c.file.empty() ? "" : " (" + printable(c.file) + ")") << ": "
              << c.failure << "\n";
  }
  std::cout << "  certificates named: " << checks.size() << " checked in " << printable(dir)
            << (each.shards > 1 ? " (this shard's share)" : "") << ", " << missing << " missing, "
            << invalid << " not valid\n";
  return missing == 0 && invalid == 0;
}

// What became of one file.
enum class Verdict { Valid, NotValid, NotACertificate };

// Checks one file. A damaged or invalid certificate is reported on stderr
// as `scarney: FILE: ...`, and so is a file that is no certificate (or
// cannot be read): the files after it are checked all the same.
Verdict certify_one(const std::string& path, const CertifyCommand& cmd, exhaustive::ShardId shard,
                    const std::atomic<bool>& stop) {
  const int threads = cmd.threads;
  const std::string& dir = cmd.dir;
  const auto t0 = std::chrono::steady_clock::now();
  Certificate c;
  try {
    c = read_certificate(path);
  } catch (const CertificateDamaged& e) {
    std::cerr << "scarney: " << e.what() << "\n";
    return Verdict::NotValid;
  } catch (const InputError& e) {
    std::cerr << "scarney: " << e.what() << "\n";
    return Verdict::NotACertificate;
  }
  std::cout << "certificate: " << printable(path) << "\n"
            << indent("game: highlow\nphase: placement\n" + certificate_position_text(c.header),
                      "  ")
            << "  claim: " << claim_text(c.header) << "\n";
  CertifyOptions o;
  o.threads = threads;
  o.shard = shard.index;
  o.shards = shard.count;
  o.plain_leaves = cmd.slow;
  o.stop = &stop;
  LeafProgress progress;
  progress.attach(o);
  const CertifyReport r = certify(c, o);
  progress.wipe();
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (r.interrupted) {
    std::cerr << "scarney: " << printable(path) << ": interrupted: not checked to the end\n";
    throw CLI::RuntimeError(130);
  }
  if (!r.valid) {
    std::cout << "  NOT VALID\n";
    std::cerr << "scarney: " << printable(path) << ": not valid: at " << r.node << ": " << r.failure
              << "\n";
    return Verdict::NotValid;
  }
  // A shard says so: the certificate is valid when every shard is.
  const std::string verdict = shard.count > 1 ? "shard " + std::to_string(shard.index) + "/" +
                                                    std::to_string(shard.count) + " valid"
                                              : "valid";
  char line[300];
  std::snprintf(line, sizeof line,
                "  %s: %llu nodes, %llu leaf boards, %llu references; checked in %.2f s "
                "(%d thread%s)\n",
                verdict.c_str(), static_cast<unsigned long long>(r.nodes),
                static_cast<unsigned long long>(r.leaves),
                static_cast<unsigned long long>(r.references), secs, threads,
                threads == 1 ? "" : "s");
  std::cout << line;
  if (shard.count > 1 && r.first_leaf == r.end_leaf)
    std::cout << "  no leaf board in this shard (" << r.leaves << " in all)\n";
  else if (shard.count > 1)
    std::cout << "  leaf boards " << r.first_leaf << " to " << r.end_leaf - 1 << " of " << r.leaves
              << " re-solved here (numbered from 0 in the tree's order): the certificate is "
                 "valid when every shard is\n";
  // From the root's pawns left down to the leaves.
  const int top = kPawns - c.header.root.pawn_count();
  std::cout << "  nodes by pawns left (" << top << " to 0):";
  for (int left = top; left >= 0; --left)
    std::cout << (left == top ? " " : ", ") << r.nodes_by_left[left];
  std::cout << "\n";
  if (!r.certificates.empty())
    std::cout << "  names " << r.certificates.size() << " certificates ("
              << printable(dir.empty() ? directory_of(path) : dir) << ")\n";
  o.progress = nullptr;
  return check_named(path, r, c.header.winner, dir.empty() ? directory_of(path) : dir, o)
             ? Verdict::Valid
             : Verdict::NotValid;
}

}  // namespace

void register_certify(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "certify",
      "Check certificates of who wins High-Low placement positions, independently of the search");
  auto o = std::make_shared<CertifyCommand>();
  cmd->add_option("files", o->files, "certificate files (solve --winner-only --certificate FILE)")
      ->required();
  add_threads_option(cmd, o->threads);
  cmd->add_option("--shard", o->shard,
                  "check the tree and shard K of S of the leaf boards (K/S, 0 <= K < S): the "
                  "certificate is valid when every shard is");
  cmd->add_option("--dir", o->dir,
                  "where the certificates a top certificate names (by SHA-256) are looked for "
                  "(default: its own directory)");
  cmd->add_flag("--slow", o->slow,
                "re-solve the leaf boards with the first, plain pass (a subset at a time, about "
                "ten times slower) instead of the word-parallel one: a second, independent check");
  cmd->callback([o] {
    bool all_valid = true, all_certificates = true;
    guarded([&] {
      const exhaustive::ShardId shard =
          o->shard.empty() ? exhaustive::ShardId{} : exhaustive::parse_shard_id(o->shard);
      // One guard for the whole run: a Ctrl-C while a file is read counts.
      SigintGuard guard;
      for (const std::string& f : o->files) {
        const Verdict v = certify_one(f, *o, shard, guard.stop());
        all_valid = all_valid && v == Verdict::Valid;
        all_certificates = all_certificates && v != Verdict::NotACertificate;
      }
    });
    // A file that is no certificate is bad input (2), as when it is alone.
    if (!all_certificates) throw CLI::RuntimeError(kExitBadInput);
    if (!all_valid) throw CLI::RuntimeError(kExitCheckFailed);
  });
}

}  // namespace scarney::cli
