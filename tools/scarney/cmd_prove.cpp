// `scarney prove [POSITION] --frontier N --dir DIR`: the proof of who wins
// a High-Low placement position (by default the empty board, before A's
// colour choice) cut at a frontier of positions with N pawns left, each
// proven by a certificate of its own in DIR, and a top certificate (format
// version 2) naming them: placement/proof_top.h. Resumable (what DIR holds
// is not redone) and sharded (--shard K/S) for clusters:
// tools/slurm/prove-highlow.sbatch.
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <iostream>
#include <optional>

#include "build_commit.h"
#include "cli_common.h"
#include "commands.h"
#include "exhaustive/shard.h"
#include "games/position_file.h"
#include "options.h"
#include "placement/frontier_solve.h"
#include "placement/proof_top.h"
#include "proof/sha256.h"
#include "stats/progress.h"
#include "util/atomic_file.h"
#include "util/input_file.h"
#include "util/printable.h"

namespace scarney::cli {
namespace {

struct ProveCommand {
  std::string position;  // a position file, or empty: the empty board
  int frontier = 0;
  std::string dir;
  int threads = 1;
  std::string shard;
  int depth = 2;
  bool list_only = false;
  std::string ledger;                     // the ledger's directory (data/highlow-proof), or empty
  size_t table_limit = kProofTableLimit;  // each frontier certificate's search's
  bool remake_missing = false;            // the ledger's checked certificates not in --dir
};

// The ledger's files in its directory (placement/proof_ledger.h).
std::string ledger_file(const ProveCommand& o) { return o.ledger + "/ledger.tsv"; }
std::string orders_file(const ProveCommand& o) { return o.ledger + "/orders.txt"; }

PlacementState root_of(const ProveCommand& o) {
  if (o.position.empty() || o.position == "empty") return PlacementState{Game::HighLow, {}, 0};
  const auto records = load_positions({o.position});
  if (records.size() != 1)
    bad_input(o.position,
              "prove takes one position, and the file holds " + std::to_string(records.size()));
  const PositionRecord& r = records[0];
  if (!traits(r.position.game).winner_only || r.position.phase != Phase::Placement)
    bad_input(source(r), "prove applies to a High-Low placement position");
  return placement_state(r);
}

// Frontier positions as a positions file anyone can read, each titled by
// its number (`index`) and `what`.
void write_frontier_list(const std::string& path, const std::vector<PlacementState>& forms,
                         const std::function<uint64_t(size_t)>& index, const std::string& what) {
  std::string text;
  for (size_t i = 0; i < forms.size(); ++i) {
    PositionRecord r = record_of(forms[i]);
    r.title = "frontier position " + std::to_string(index(i)) + " " + what;
    text += (i ? "---\n" : "") + format_position(r);  // as every position file
  }
  write_file_atomically(path, text, AtomicFile::Standing::Regular);
}

std::string side(Side w) { return std::string(1, side_letter(w)); }

// Solves this shard's share of the frontier; false when interrupted.
bool solve_share(const std::vector<PlacementState>& mine, const ProveCommand& o, Side winner,
                 const std::atomic<bool>& stop, ProofTop& top, ProofLedger* ledger) {
  FrontierSolveOptions so;
  so.threads = o.threads;
  so.table_limit = o.table_limit;
  so.remake_missing = o.remake_missing;
  so.stop = &stop;
  so.ledger = {ledger, build_commit(),
               [&top](const PlacementState& form) { return top.frontier_index(form); }};
  ProgressBar bar(mine.size(), ::isatty(STDERR_FILENO) != 0, "frontier positions");
  so.progress = [&bar](size_t done, size_t) { bar.update(done); };
  so.solved = [&](const PlacementState& form, const CertificateMade& m) {
    const std::string name = frontier_certificate_path("", form).substr(1);
    if (const auto e = ledger ? ledger->find(name) : std::nullopt) {
      bar.finish();
      std::cout << "prove: frontier position " << top.frontier_index(form) << ", " << name << ": "
                << (e && e->checked ? "checked, " : "NOT VALID, ") << side_letter(e->claim)
                << " wins; " << e->leaves << " leaf boards, " << e->bytes << " bytes; CPU "
                << (e->make_cpu < 0 ? std::string("-") : std::to_string(std::lround(e->make_cpu)))
                << " s to make, " << std::lround(e->check_cpu) << " s to check; recorded in "
                << printable(ledger->path()) << "\n";
      std::cout.flush();
    }
    if (m.a_wins == (winner == Side::A)) return;
    bar.finish();
    std::cout << "prove: the frontier position " << placement_line(form.board)
              << " refutes the guess: " << (m.a_wins ? "A" : "B")
              << " wins there; the next placement above it will be tried\n";
  };
  const FrontierSolved r = solve_frontier(mine, o.dir, so);
  bar.finish();
  std::cout << "prove: solved " << r.solved << ", already there " << r.skipped << "\n";
  if (r.not_valid)
    throw InputError(std::to_string(r.not_valid) +
                     " frontier certificates made here are not valid (see the ledger): a bug of "
                     "the search or of the checker, to be found before the proof goes on");
  return !r.interrupted;
}

void write_top(ProofTop& top, const std::string& dir, const std::string& ledger_dir) {
  const std::string bytes = top.certificate();
  // The list first: certify finds the named certificates by it. The
  // directories are the proof's own: nothing is written through a link.
  constexpr auto own = AtomicFile::Standing::Regular;
  // What the bytes depend on, in a comment that sha256sum -c and certify
  // both pass over: the top is remade byte for byte only by this build.
  const std::string list = std::string(
                               "# the certificates top.cert names, by SHA-256 (sha256sum -c "
                               "checks them); top.cert made by build ") +
                           build_commit() + "\n" + top.certificate_list();
  write_file_atomically(dir + "/certificates.sha256", list, own);
  const std::string path = dir + "/top.cert";
  write_file_atomically(path, bytes, own);
  // The ledger's top written again with the same bytes (a run resumed to
  // its shares) is left as it is, list and all: its "made by" names the
  // build that first wrote it, and nothing changes to commit.
  const std::string ledger_top = ledger_dir + "/top.cert";
  if (!ledger_dir.empty() && !(kind_of(ledger_top) == PathKind::Regular &&
                               read_input_file(ledger_top, bytes.size()) == bytes)) {
    write_file_atomically(ledger_dir + "/certificates.sha256", list, own);
    write_file_atomically(ledger_dir + "/top.cert", bytes, own);
  }
  std::cout << "prove: proven: " << side(top.guessed_winner()) << " wins; top certificate "
            << printable(path) << " (" << bytes.size() << " bytes, SHA-256 " << hex(sha256(bytes))
            << ") names " << top.frontier_size() << " frontier certificates\n";
}

[[noreturn]] void interrupted() {
  std::cerr << "scarney: interrupted: the certificates written are kept; run the same "
               "command again to resume\n";
  throw CLI::RuntimeError(130);
}

// The frontier positions of `pending` by their numbers: a round that leaves
// the same ones pending after solving them found no certificate where it
// wrote them, and would go round for ever.
std::vector<uint64_t> numbers_of(const ProofTop& top, const std::vector<PlacementState>& pending) {
  std::vector<uint64_t> out;
  for (const PlacementState& f : pending) out.push_back(top.frontier_index(f));
  return out;
}

// Once the top is proven, with --remake-missing: the frontier certificates
// of this shard the ledger holds as checked and --dir has not, made again
// and checked, so that certify finds every one the top names here.
void remake_missing(ProofTop& top, const ProveCommand& o, ProofLedger& ledger,
                    exhaustive::ShardId shard, const std::atomic<bool>& stop) {
  std::vector<PlacementState> missing;
  for (const PlacementState& f : top.frontier_met()) {
    const std::string path = frontier_certificate_path(o.dir, f);
    const auto e = ledger.find(path.substr(path.rfind('/') + 1));
    if (e && e->checked && !std::filesystem::exists(path) &&
        in_frontier_shard(f, shard.index, shard.count))
      missing.push_back(f);
  }
  std::cout << "prove: " << missing.size()
            << " certificates the ledger holds as checked are not in " << printable(o.dir)
            << (missing.empty() ? "" : ": made again") << "\n";
  std::cout.flush();
  if (!missing.empty() && !solve_share(missing, o, top.guessed_winner(), stop, top, &ledger))
    interrupted();
}

// Evaluates the top and solves this shard's share of its frontier, round
// after round, until it is proven (the top written), this shard's share is
// solved, or (--list-only) the frontier is listed.
void prove_rounds(ProofTop& top, const ProveCommand& o, ProofLedger* ledger,
                  exhaustive::ShardId shard, const std::atomic<bool>& stop) {
  std::vector<uint64_t> solved_last;
  for (;;) {
    const bool proven = top.evaluate();
    const auto& pending = top.pending();
    std::vector<PlacementState> mine;
    for (const PlacementState& f : pending)
      if (in_frontier_shard(f, shard.index, shard.count)) mine.push_back(f);
    write_frontier_list(
        o.dir + "/frontier.scarney", pending,
        [&](size_t i) { return top.frontier_index(pending[i]); }, "(to solve)");
    if (ledger)
      write_frontier_list(
          o.ledger + "/frontier.scarney", top.frontier_met(), [](size_t i) { return i + 1; },
          "of " + std::to_string(top.frontier_met().size()));
    std::cout << "prove: frontier at " << o.frontier << " pawns left: " << pending.size()
              << " positions to solve (" << mine.size() << " in this shard), " << top.estimates()
              << " estimates made; list in " << printable(o.dir + "/frontier.scarney") << "\n";
    std::cout.flush();
    if (proven && o.remake_missing && ledger) remake_missing(top, o, *ledger, shard, stop);
    if (proven) return write_top(top, o.dir, o.ledger);
    if (o.list_only) return;
    if (mine.empty()) {
      std::cout << "prove: this shard's share is solved; the rest waits for the other shards "
                   "(run prove without --shard to finish)\n";
      return;
    }
    if (numbers_of(top, mine) == solved_last)
      throw InputError(
          "the frontier positions solved in the last round are pending again: their "
          "certificates were not found in --dir " +
          o.dir + " after they were written");
    solved_last = numbers_of(top, mine);
    if (!solve_share(mine, o, top.guessed_winner(), stop, top, ledger)) interrupted();
  }
}

void run(const ProveCommand& o) {
  const PlacementState root = root_of(o);
  const int left = root.pawns_left();
  if (left < 2)
    bad_input(o.position,
              "prove needs a position with at least 2 pawns left to place, and it has " +
                  std::to_string(left) + " (solve --winner-only --certificate proves it)");
  if (o.frontier < 1 || o.frontier >= left)
    bad_input("--frontier " + std::to_string(o.frontier) + ": expected 1 to " +
              std::to_string(left - 1) + " (pawns left at the frontier, fewer than the root's " +
              std::to_string(left) + ")");
  if (o.remake_missing && o.ledger.empty())
    bad_input("--remake-missing: expected --ledger too (it remakes what the ledger holds)");
  prepare_output_directory("--dir", o.dir);
  std::optional<ProofLedger> ledger;
  if (!o.ledger.empty()) {
    prepare_output_directory("--ledger", o.ledger);
    ledger.emplace(ledger_file(o));
  }
  const exhaustive::ShardId shard =
      o.shard.empty() ? exhaustive::ShardId{} : exhaustive::parse_shard_id(o.shard);
  SigintGuard guard;
  ProofTopOptions to;
  to.frontier = o.frontier;
  to.depth = o.depth;
  to.dir = o.dir;
  to.stop = &guard.stop();
  if (ledger) {
    to.ledger = &*ledger;
    to.orders_path = orders_file(o);
  }
  to.note = [](const std::string& s) { std::cout << "prove: " << s << "\n"; };
  // Ctrl-C in the estimates or the walk of the top, as in the solving.
  try {
    ProofTop top(root, to);
    if (top.guess_kept())
      std::cout << "prove: the guess kept in " << printable(orders_file(o)) << ": "
                << side(top.guessed_winner()) << " wins\n";
    else
      std::cout << "prove: the estimate (depth " << o.depth << ") guesses that "
                << side(top.guessed_winner()) << " wins\n";
    prove_rounds(top, o, ledger ? &*ledger : nullptr, shard, guard.stop());
  } catch (const PlacementInterrupted&) {
    interrupted();
  }
}

}  // namespace

void register_prove(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "prove",
      "Prove who wins a High-Low placement position (default: the empty board) through a "
      "frontier of certificates");
  auto o = std::make_shared<ProveCommand>();
  cmd->add_option("position", o->position,
                  "a position file with one High-Low placement position (default, or 'empty': "
                  "the empty board before A's colour choice)");
  cmd->add_option("--frontier", o->frontier, "pawns left at the frontier (each solved exactly)")
      ->required();
  cmd->add_option("--dir", o->dir, "directory of the certificates (resumed if present)")
      ->required();
  add_threads_option(cmd, o->threads);
  cmd->add_option("--shard", o->shard,
                  "solve only shard K of S of the frontier (K/S); then run without --shard to "
                  "write the top");
  cmd->add_option("--depth", o->depth, "depth of the estimates that guess the winner's placements")
      ->capture_default_str()
      ->check(CLI::Range(1, 16));
  cmd->add_option("--ledger", o->ledger,
                  "keep the proof's ledger in this directory (data/highlow-proof): each frontier "
                  "certificate is checked after it is made and recorded with its SHA-256 and "
                  "costs; what the ledger holds as checked is not redone, on any machine; W's "
                  "placement orders are kept there too, and the top certificate at the end");
  cmd->add_option("--table-limit", o->table_limit,
                  "positions each frontier certificate's search and writer remember (0: all; the "
                  "default bounds a 13-left position's memory)")
      ->capture_default_str()
      ->check(whole_number(size_t{0}, size_t{1} << 40));
  cmd->add_flag("--remake-missing", o->remake_missing,
                "with --ledger, once the top is proven: make again (and check) the frontier "
                "certificates the ledger holds as checked that are not in --dir, so that "
                "certify of the top finds every one here; by the build that made one, the same "
                "bytes, else its ledger line replaced");
  cmd->add_flag("--list-only", o->list_only,
                "only enumerate the frontier (written to DIR/frontier.scarney), solve nothing");
  cmd->callback([o] { guarded([&] { run(*o); }); });
}

}  // namespace scarney::cli
