#include "placement/proof_top.h"

#include <cstdio>
#include <cstring>
#include <set>
#include <sstream>
#include <stdexcept>

#include "proof/certificate.h"
#include "proof/sha256.h"
#include "util/atomic_file.h"
#include "util/input_error.h"
#include "util/input_file.h"

namespace scarney {
namespace {

BoardKey key_of(const PlacementState& s) {
  return {s.board.pawn_nibbles(),
          static_cast<uint32_t>(s.board.occupied()) | static_cast<uint32_t>(s.a_colours) << 16};
}

std::string side(Side w) { return std::string(1, side_letter(w)); }

// The orders' file holds a line per turn of W's in the top: a few thousand.
constexpr size_t kMaxOrdersBytes = size_t{64} << 20;

}  // namespace

std::string frontier_certificate_path(const std::string& dir, const PlacementState& form) {
  char name[64];
  std::snprintf(name, sizeof name, "p%x-%04x-%016llx.cert", form.a_colours, form.board.occupied(),
                static_cast<unsigned long long>(form.board.pawn_nibbles()));
  return dir + "/" + name;
}

std::optional<Side> frontier_claim(const std::string& path) {
  // A FIFO at the name would hang the read, a link to /dev/zero be read and
  // written through forever: only a regular file is a certificate here.
  require_regular_or_nothing(path);
  if (kind_of(path) == PathKind::Missing) return std::nullopt;
  const std::string head = read_input_file(path, 11);
  if (head.size() < 12 ||
      std::memcmp(head.data(), kCertificateMagic, sizeof kCertificateMagic) != 0)
    return std::nullopt;
  const auto winner = static_cast<uint8_t>(head[11]);
  if (winner > 1) return std::nullopt;
  return winner == 0 ? Side::A : Side::B;
}

uint64_t ProofTop::frontier_index(const PlacementState& form) const {
  const auto it = frontier_index_.find(key_of(form));
  return it == frontier_index_.end() ? 0 : it->second;
}

ProofTop::ProofTop(const PlacementState& root, ProofTopOptions options)
    : root_(root), opt_(std::move(options)), estimate_([&] {
        PlacementOptions o;
        o.depth = std::max(1, opt_.depth);
        o.samples = opt_.samples;
        o.winner_only = true;  // who wins is all the guess needs, and 300 times cheaper
        // Each board's own completions, as when the proof's guesses and
        // orders (data/highlow-proof) were made: a proof's walk must not
        // change with the engine.
        o.shared_completions = false;
        o.stop = opt_.stop;
        return o;
      }()) {
  read_orders();
  if (guessed_) return;  // the guess kept with the orders
  // The guess: the side the estimate says wins at the root.
  const PlacementAnswer a = estimate_.analyse(root_, false);
  const bool mover_wins = a.solution.to_move_wins.value_or(true);
  const bool a_moves = root_.choosing_colours() || root_.to_move() == Placer::A;
  winner_ = mover_wins == a_moves ? Side::A : Side::B;
}

bool ProofTop::winner_to_move(const PlacementState& s) const {
  const bool a_moves = s.choosing_colours() || s.to_move() == Placer::A;
  return a_moves == (winner_ == Side::A);
}

bool ProofTop::evaluate() {
  for (int attempt = 0; attempt < 2; ++attempt) {
    memo_.clear();
    chosen_.clear();
    pending_.clear();
    const Status st = eval(root_);
    if (st != Status::Refuted) return st == Status::Proven;
    if (opt_.note)
      opt_.note("every placement of " + side(winner_) +
                " at the root is refuted by the frontier: guessing that " + side(other(winner_)) +
                " wins");
    winner_ = other(winner_);
    write_orders();
  }
  throw std::logic_error("proof top: both sides refuted at the root");
}

ProofTop::Status ProofTop::eval(const PlacementState& s) {
  if (opt_.stop && opt_.stop->load(std::memory_order_relaxed)) throw PlacementInterrupted();
  const CanonicalState cs = canonical_state(s);
  const BoardKey key = key_of(cs.form);
  if (const auto it = memo_.find(key); it != memo_.end()) return it->second;
  Status st;
  if (!cs.form.choosing_colours() && cs.form.pawns_left() <= opt_.frontier)
    st = frontier(cs.form);
  else if (winner_to_move(cs.form))
    st = winner_turn(cs.form, key);
  else
    st = loser_turn(cs.form);
  memo_[key] = st;
  return st;
}

// W's placements in the estimate's order: the first not refuted decides.
ProofTop::Status ProofTop::winner_turn(const PlacementState& form, const BoardKey& key) {
  const auto& moves = ordered(form, key);
  for (size_t i = 0; i < moves.size(); ++i) {
    const Status st = eval(play(form, moves[i]));
    if (st == Status::Proven) chosen_[key] = moves[i];
    if (st != Status::Refuted) return st;
    if (opt_.note && noted_.insert({key, i}).second)
      opt_.note("refuted: " + placement_text(form, moves[i]) + " at " +
                (form.board.pawn_count() ? placement_line(form.board) : "the empty board") +
                (i + 1 < moves.size() ? "; trying " + placement_text(form, moves[i + 1])
                                      : "; no placement left there"));
  }
  return Status::Refuted;
}

ProofTop::Status ProofTop::loser_turn(const PlacementState& form) {
  Status out = Status::Proven;
  std::set<BoardKey> seen;
  for (const PlacementMove& m : placement_moves(form)) {
    const PlacementState child = play(form, m);
    if (!seen.insert(canonical_state_key(child)).second) continue;
    const Status st = eval(child);
    if (st == Status::Refuted) return st;
    if (st == Status::Pending) out = st;
  }
  return out;
}

ProofTop::Status ProofTop::frontier(const PlacementState& form) {
  if (frontier_index_.emplace(key_of(form), frontier_index_.size() + 1).second)
    frontier_met_.push_back(form);
  const std::string path = frontier_certificate_path(opt_.dir, form);
  std::optional<Side> claim;
  if (!opt_.ledger) {
    claim = frontier_claim(path);
  } else if (const auto e = opt_.ledger->find(path.substr(path.rfind('/') + 1)); e && e->checked) {
    claim = e->claim;
  }
  if (!claim) {
    pending_.push_back(form);
    return Status::Pending;
  }
  return *claim == winner_ ? Status::Proven : Status::Refuted;
}

// Best guess first, one placement per canonical child.
const std::vector<PlacementMove>& ProofTop::ordered(const PlacementState& form,
                                                    const BoardKey& key) {
  if (const auto it = order_.find(key); it != order_.end()) return it->second;
  std::vector<PlacementMove> out;
  std::set<BoardKey> seen;
  for (const PlacementMoveValue& mv : estimate_.moves(form))
    if (seen.insert(canonical_state_key(play(form, mv.move))).second) out.push_back(mv.move);
  order_[key] = std::move(out);
  write_orders();
  return order_[key];
}

namespace {

std::string order_key_text(const BoardKey& k) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%016llx-%06x", static_cast<unsigned long long>(k.nibbles),
                k.rest);
  return buf;
}

}  // namespace

void ProofTop::read_orders() {
  if (opt_.orders_path.empty() || kind_of(opt_.orders_path) == PathKind::Missing) return;
  require_regular_or_nothing(opt_.orders_path);
  std::istringstream in(read_input_file(opt_.orders_path, kMaxOrdersBytes));
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    if (line.empty() || line[0] == '#') continue;
    const auto bad = [&](const std::string& what) {
      throw InputError({opt_.orders_path, n, 1}, "an order of placements: " + what);
    };
    std::istringstream f(line);
    std::string key, move;
    unsigned long long nibbles = 0;
    unsigned rest = 0;
    if (line.rfind("winner", 0) == 0) {
      if (line != "winner A" && line != "winner B") bad("expected 'winner A' or 'winner B'");
      winner_ = line.back() == 'A' ? Side::A : Side::B;
      guessed_ = true;
      continue;
    }
    if (!(f >> key) || std::sscanf(key.c_str(), "%16llx-%6x", &nibbles, &rest) != 2)
      bad("expected the position's key, 16 and 6 hex digits");
    std::vector<PlacementMove>& moves = order_[BoardKey{nibbles, rest}];
    while (f >> move) {
      unsigned v = 0;
      if (move.size() != 2 || std::sscanf(move.c_str() + (move[0] == 't'), "%x", &v) != 1)
        bad("expected a placement as two hex digits, found '" + move + "'");
      moves.push_back(move[0] == 't' ? PlacementMove::take(static_cast<Colours>(v))
                                     : PlacementMove::place(static_cast<Pawn>(v >> 4),
                                                            static_cast<Circle>(v & 15)));
    }
  }
}

void ProofTop::write_orders() const {
  if (opt_.orders_path.empty()) return;
  std::string text =
      "# W's placements in the estimate's order at each of his turns in the proof's top "
      "(solver/placement/proof_top.h)\n";
  char buf[8];
  text += std::string("winner ") + side_letter(winner_) + "\n";
  for (const auto& [key, moves] : order_) {
    text += order_key_text(key);
    for (const PlacementMove& m : moves) {
      if (m.is_choice())
        std::snprintf(buf, sizeof buf, " t%x", m.colours);
      else
        std::snprintf(buf, sizeof buf, " %x%x", m.pawn, m.circle);
      text += buf;
    }
    text += "\n";
  }
  write_file_atomically(opt_.orders_path, text, AtomicFile::Standing::Regular);
}

}  // namespace scarney
