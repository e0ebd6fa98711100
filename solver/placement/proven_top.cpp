#include "placement/proven_top.h"

#include <vector>

#include "proof/certificate.h"
#include "proof/certify.h"

namespace scarney {
namespace {

// Does the claimed winner make the next choice at s (A's colours, or a
// placement)? A chooses his colours and makes the odd-numbered placements.
bool winner_turn(const PlacementState& s, Side winner) {
  const Side mover = s.to_move() == Placer::A ? Side::A : Side::B;
  return mover == winner;
}

PlacementMove move_of(const CertifiedNode& parent, uint8_t move) {
  if (parent.a_colours == 0) return PlacementMove::take(move);
  return PlacementMove::place(static_cast<Pawn>(move >> 4), move & 15);
}

// Embedded by solver/CMakeLists.txt from data/highlow-proof/top.cert when
// the build finds it (a trailing 0, so that the array is never empty).
constexpr unsigned char kCommittedTop[] = {
#include "placement/highlow_proof_top.inc"
    0};

}  // namespace

ProvenTop ProvenTop::from_certificate(const Certificate& top) {
  if (top.header.game != 3) throw InputError(top.name + ": not a High-Low certificate");
  CertifyOptions o;
  o.keep_tree = true;
  const CertifyReport r = certify(top, o);
  if (!r.valid)
    throw InputError(top.name + ": not a valid proof (" + r.failure + ", at " + r.node + ")");
  ProvenTop out;
  out.winner_ = top.header.winner;
  // Each node's state, then the winner's choice at his turns: the move to
  // his node's only child.
  std::vector<Node> nodes;
  nodes.reserve(r.tree.size());
  for (const CertifiedNode& n : r.tree)
    nodes.push_back({{Game::HighLow, n.board, n.a_colours}, {}});
  for (size_t i = 0; i < r.tree.size(); ++i) {
    const uint32_t p = r.tree[i].parent;
    if (p != UINT32_MAX && winner_turn(nodes[p].state, out.winner_))
      nodes[p].winning = move_of(r.tree[p], r.tree[i].move);
  }
  // One node a canonical form; a reference or a frontier node (no choice
  // below it) gives way to the node that has one.
  for (Node& n : nodes) {
    auto [it, fresh] = out.nodes_.try_emplace(canonical_state_key(n.state), n);
    if (!fresh && !it->second.winning && n.winning) it->second = n;
  }
  return out;
}

ProvenTop ProvenTop::from_file(const std::string& path) {
  return from_certificate(read_certificate(path));
}

std::optional<ProvenPosition> ProvenTop::find(const PlacementState& s) const {
  if (s.game != Game::HighLow) return std::nullopt;
  const auto it = nodes_.find(canonical_state_key(s));
  if (it == nodes_.end()) return std::nullopt;
  ProvenPosition out{winner_, std::nullopt};
  const Node& n = it->second;
  if (n.winning)
    if (const auto r = relabelling_between(n.state, s)) out.winning = relabel(*n.winning, *r);
  return out;
}

std::optional<ProvedText> proved_text(const ProofLookup& proof, const PlacementState& s) {
  const auto proved = proof.find(s);
  if (!proved) return std::nullopt;
  ProvedText out{proved->winner, std::nullopt};
  if (proved->winning) out.placement = placement_text(s, *proved->winning);
  return out;
}

std::vector<PlacementState> ProvenTop::images() const {
  std::map<BoardKey, PlacementState> seen;
  for (const auto& [key, n] : nodes_)
    for (const Relabel& r : all_relabellings()) {
      const PlacementState t = relabel(n.state, r);
      seen.try_emplace(state_key(t), t);
    }
  std::vector<PlacementState> out;
  out.reserve(seen.size());
  for (auto& [key, t] : seen) out.push_back(t);
  return out;
}

const ProvenTop* committed_proof() {
  static const std::optional<ProvenTop> top = []() -> std::optional<ProvenTop> {
    constexpr size_t size = sizeof kCommittedTop - 1;
    if (size == 0) return std::nullopt;
    const std::string bytes(reinterpret_cast<const char*>(kCommittedTop), size);
    return ProvenTop::from_certificate(
        parse_certificate(bytes, "data/highlow-proof/top.cert (compiled in)"));
  }();
  return top ? &*top : nullptr;
}

}  // namespace scarney
