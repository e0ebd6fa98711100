// `scarney certify FILE...`: checks certificates of who wins High-Low
// placement positions (made by `scarney solve --winner-only --certificate`)
// without the search that made them: proof/certify.h.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <set>

#include "cli_common.h"
#include "commands.h"
#include "exhaustive/shard.h"
#include "games/deal.h"
#include "options.h"
#include "placement/frontier_solve.h"
#include "placement/proof_top.h"
#include "placement/relabelled_state.h"
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
  // --sample K: K of the certificates a top names, remade and checked.
  uint64_t sample = 0, seed = 1;
  std::string remake_dir;
  size_t table_limit = kProofTableLimit;
  // --remake-missing: the certificates of this shard that --dir lacks are
  // remade there by this build's search, then checked as named.
  bool remake_missing = false;
  // --list-named: which certificates this shard needs, and which the
  // directory has (by name), without checking them.
  bool list_named = false;
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

std::string directory_of(const std::string& path) {
  const size_t slash = path.rfind('/');
  return slash == std::string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash);
}

// The canonical form of the node that names `r`: the position `prove`
// made its certificate of, and the certificate's file name.
PlacementState node_form(const CertificateReference& r) {
  return canonical_state({Game::HighLow, r.board, r.a_colours}).form;
}

// --remake-missing: the certificates of this shard the top names itself
// that `dir` lacks, made there by this build's search as `prove` makes them
// (--threads at once, --table-limit), so that a machine without the
// proof's files checks its share whole. A remade file is taken for the
// digest that named its node; check_references then checks that it proves
// that node and is valid, whatever its bytes (the same only from the build
// and limit that made the named one). Returns digest -> remade file.
std::map<Sha256Digest, std::string> remake_missing(const CertifyReport& top,
                                                   const CertifyCommand& cmd,
                                                   const CertifyOptions& each,
                                                   const std::string& dir,
                                                   CertificateLocator& locator) {
  const std::atomic<bool>& stop = *each.stop;
  std::vector<CertificateReference> missing;
  for (const CertificateReference& r : named_in_shard(top, each.shard, each.shards))
    if (!locator.find(r.digest)) missing.push_back(r);
  std::cout << "  remaking " << missing.size() << " certificate" << (missing.size() == 1 ? "" : "s")
            << " of this share that " << printable(dir) << " lacks, with this build\n";
  std::cout.flush();
  std::vector<PlacementState> forms;
  std::vector<bool> there;  // a file of its name already: taken as it is (solve_frontier)
  for (const CertificateReference& r : missing) {
    forms.push_back(node_form(r));
    std::error_code ec;
    there.push_back(std::filesystem::exists(frontier_certificate_path(dir, forms.back()), ec));
  }
  FrontierSolveOptions so;
  so.threads = cmd.threads;
  so.table_limit = cmd.table_limit;
  so.stop = &stop;
  bool shown = false;  // on a terminal, how many are made, wiped when done
  if (::isatty(STDERR_FILENO))
    so.progress = [&shown](size_t done, size_t total) {
      shown = true;
      std::fprintf(stderr, "\rcertify: %zu of %zu certificates remade   ", done, total);
    };
  const auto t0 = std::chrono::steady_clock::now();
  const bool interrupted = solve_frontier(forms, dir, so).interrupted || stop.load();
  if (shown) std::fprintf(stderr, "\r%60s\r", "");
  if (interrupted) throw CLI::RuntimeError(130);
  std::map<Sha256Digest, std::string> remade;
  for (size_t i = 0; i < missing.size(); ++i) {
    const std::string file = frontier_certificate_path(dir, forms[i]);
    const bool same = sha256_of_file(file) == missing[i].digest;
    std::printf("  %s %s: %s (%s)\n", there[i] ? "found under its name, not remade" : "remade",
                hex(missing[i].digest).substr(0, 16).c_str(), printable(file).c_str(),
                same ? "the same bytes" : "other bytes than those named");
    remade.emplace(missing[i].digest, file);
  }
  if (!missing.empty())
    std::printf("  remade in %.1f s\n",
                std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  std::fflush(stdout);
  return remade;
}

// --list-named: the certificates of this shard the top names itself, one
// line each, "<SHA-256> <file name> here|missing": whether `dir` has a file
// of that name (the node's canonical form, as `prove` names it), not
// whether its bytes are those named. For the proof's script, which
// certifies first the shares whose files are here, and for a cluster
// user copying the files a task needs.
void list_named(const CertifyReport& top, const CertifyOptions& each, const std::string& dir) {
  size_t here = 0;
  const auto mine = named_in_shard(top, each.shard, each.shards);
  for (const CertificateReference& r : mine) {
    const PlacementState form = node_form(r);
    const std::string file = frontier_certificate_path(dir, form);
    std::error_code ec;
    const bool there = std::filesystem::is_regular_file(file, ec);
    here += there;
    std::cout << "  " << hex(r.digest) << " " << printable(file.substr(file.rfind('/') + 1))
              << (there ? " here\n" : " missing\n");
  }
  std::cout << "  named in this share: " << mine.size() << ", " << here << " of them in "
            << printable(dir) << "\n";
}

// Version 2: the certificates the top names, found by their SHA-256 in
// `dir`, each checked whole (and theirs in turn). True when all are there
// and valid; each missing or invalid one is named on stderr.
bool check_named(const std::string& path, const CertifyReport& top, Side winner,
                 const std::string& dir, const CertifyOptions& each, const CertifyCommand& cmd) {
  if (top.certificates.empty()) return true;
  CertificateLocator locator(dir, each.stop);
  if (!locator.warning().empty())
    std::cerr << "scarney: warning: " << printable(locator.warning()) << "\n";
  const std::map<Sha256Digest, std::string> remade =
      cmd.remake_missing ? remake_missing(top, cmd, each, dir, locator)
                         : std::map<Sha256Digest, std::string>{};
  const Locate locate = [&](const Sha256Digest& d) -> std::optional<std::string> {
    if (const auto it = remade.find(d); it != remade.end()) return it->second;
    return locator.find(d);
  };
  ReferenceOptions o;
  o.certify = each;
  o.certify.shard = 0;
  o.certify.shards = 1;
  o.certify.progress = nullptr;
  o.shard = each.shard;
  o.shards = each.shards;
  o.checked = [&remade](const ReferenceCheck& c, size_t done, size_t total) {
    using Outcome = ReferenceCheck::Outcome;
    const bool here = std::any_of(remade.begin(), remade.end(),
                                  [&c](const auto& m) { return hex(m.first) == c.digest; });
    const std::string verdict =
        c.outcome == Outcome::Valid
            ? printable(c.file) + " valid, " + std::to_string(c.report.leaves) + " leaf boards" +
                  (here ? " (remade here)" : "")
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
            << (each.shards > 1 ? " (this shard's share)" : "");
  if (cmd.remake_missing) std::cout << ", " << remade.size() << " of them remade here";
  std::cout << ", " << missing << " missing, " << invalid << " not valid\n";
  return missing == 0 && invalid == 0;
}

// One certificate of the sample remade by this build's search (the
// frontier's solving, as `prove` makes it) and checked whole: it must prove
// the node that names it. Returns whether it does.
bool remake_one(const CertificateReference& r, Side winner, const CertifyCommand& cmd,
                const std::atomic<bool>& stop, const std::string& what) {
  const PlacementState form = node_form(r);
  FrontierSolveOptions so;
  so.table_limit = cmd.table_limit;
  so.stop = &stop;
  const auto t0 = std::chrono::steady_clock::now();
  if (solve_frontier({form}, cmd.remake_dir, so).interrupted) throw CLI::RuntimeError(130);
  const std::string file = frontier_certificate_path(cmd.remake_dir, form);
  const Certificate c = read_certificate(file);
  const bool same = sha256_of_file(file) == r.digest;
  CertifyOptions o;
  o.threads = cmd.threads;
  o.plain_leaves = cmd.slow;
  o.stop = &stop;
  const CertifyReport checked = certify(c, o);
  if (checked.interrupted) throw CLI::RuntimeError(130);
  const auto mismatch = reference_mismatch(c.header, r, winner);
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const bool good = checked.valid && !mismatch;
  std::printf("  %s: %s: remade as %s (%s), %s, %llu leaf boards; %.2f s\n", what.c_str(),
              hex(r.digest).substr(0, 16).c_str(), printable(file).c_str(),
              same ? "the same bytes" : "other bytes than those named",
              good ? "valid" : "NOT VALID", static_cast<unsigned long long>(checked.leaves), secs);
  std::fflush(stdout);
  if (!good)
    std::cerr << "scarney: the certificate remade for " << r.path << ": "
              << (mismatch ? *mismatch : checked.failure) << "\n";
  return good;
}

// --sample K: K of the certificates the top names (distinct ones, chosen by
// the seed), each remade and checked: a re-check of part of a proof
// without its files. True when every one proves its node.
bool check_sample(const CertifyReport& top, Side winner, const CertifyCommand& cmd,
                  const std::atomic<bool>& stop) {
  std::vector<const CertificateReference*> named;
  std::set<Sha256Digest> seen;
  for (const CertificateReference& r : top.certificates)
    if (seen.insert(r.digest).second) named.push_back(&r);
  std::error_code made;
  std::filesystem::create_directories(cmd.remake_dir, made);
  if (made) bad_input("--remake-dir " + cmd.remake_dir, made.message());
  SplitMix64 rng(cmd.seed);  // a partial shuffle: the first K
  const size_t k = std::min<size_t>(cmd.sample, named.size());
  for (size_t i = 0; i < k; ++i) std::swap(named[i], named[i + rng.below(named.size() - i)]);
  std::cout << "  sample: " << k << " of the " << named.size() << " certificates named (seed "
            << cmd.seed << "), remade in " << printable(cmd.remake_dir) << "\n";
  size_t good = 0;
  for (size_t i = 0; i < k; ++i)
    good += remake_one(*named[i], winner, cmd, stop,
                       "sample " + std::to_string(i + 1) + " of " + std::to_string(k));
  std::cout << "  sample: " << good << " of " << k << " remade and valid\n";
  return good == k;
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
            << "  claim: " << certificate_claim_text(c.header) << "\n";
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
  if (cmd.list_named) {
    list_named(r, o, dir.empty() ? directory_of(path) : dir);
    return Verdict::Valid;
  }
  if (cmd.sample > 0)
    return check_sample(r, c.header.winner, cmd, stop) ? Verdict::Valid : Verdict::NotValid;
  return check_named(path, r, c.header.winner, dir.empty() ? directory_of(path) : dir, o, cmd)
             ? Verdict::Valid
             : Verdict::NotValid;
}

}  // namespace

// The options that go together, refused with what was expected when not;
// --remake-missing's directory made.
void check_options(const CertifyCommand& o, CLI::App* cmd) {
  if (o.sample > 0 && o.remake_dir.empty())
    bad_input("--sample", "needs --remake-dir DIR, where the remade certificates go");
  if (o.remake_missing && o.dir.empty())
    bad_input("--remake-missing",
              "needs --dir DIR, where the certificates are looked for and the missing ones "
              "remade");
  if (o.list_named && (o.sample > 0 || o.remake_missing))
    bad_input("--list-named", "lists only: not with --sample or --remake-missing");
  if (o.sample > 0 && o.remake_missing)
    bad_input("--remake-missing", "not with --sample, which remakes into --remake-dir");
  if (o.sample == 0)
    for (const char* only : {"--seed", "--remake-dir"})
      refuse_if_given(cmd, only, "applies with --sample only");
  if (o.sample == 0 && !o.remake_missing)
    refuse_if_given(cmd, "--table-limit", "applies with --sample or --remake-missing only");
  if (o.remake_missing) {
    std::error_code made;
    std::filesystem::create_directories(o.dir, made);
    if (made) bad_input("--dir " + o.dir, made.message());
  }
}

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
  cmd->add_option("--sample", o->sample,
                  "a top certificate: instead of looking for the certificates it names, remake K "
                  "of them (chosen by --seed) with this build's search into --remake-dir and "
                  "check each whole (the same bytes only from the build that made them)")
      ->check(whole_number(uint64_t{1}, uint64_t{1} << 20));
  cmd->add_option("--seed", o->seed, "--sample: which certificates")->capture_default_str();
  cmd->add_option("--remake-dir", o->remake_dir,
                  "--sample: where the remade certificates are written (one already there is "
                  "taken as it is: a rerun resumes)");
  cmd->add_flag("--remake-missing", o->remake_missing,
                "a top certificate: the certificates of this shard it names that --dir lacks are "
                "first remade there with this build's search, as `prove` makes them (--threads at "
                "once), then checked as named: a machine without the proof's files checks its "
                "share whole");
  cmd->add_flag("--list-named", o->list_named,
                "a top certificate: list the certificates of this shard it names, each with its "
                "file name and whether --dir has it (by name), without checking them");
  cmd->add_option("--table-limit", o->table_limit,
                  "--sample, --remake-missing: positions each remade certificate's search "
                  "remembers, as "
                  "`prove --table-limit` (the same limit remakes the same bytes)")
      ->check(whole_number(size_t{1000}, size_t{1} << 40))
      ->capture_default_str();
  cmd->add_flag("--slow", o->slow,
                "re-solve the leaf boards with the first, plain pass (a subset at a time, about "
                "ten times slower) instead of the word-parallel one: a second, independent check");
  cmd->callback([o, cmd] {
    bool all_valid = true, all_certificates = true;
    guarded([&] {
      const exhaustive::ShardId shard =
          o->shard.empty() ? exhaustive::ShardId{} : exhaustive::parse_shard_id(o->shard);
      check_options(*o, cmd);
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
