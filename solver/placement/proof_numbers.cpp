#include "placement/proof_numbers.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <utility>
#include <vector>

#include "placement/placement_move.h"
#include "placement/placement_symmetry.h"
#include "util/hash_map.h"

namespace scarney {
namespace {
constexpr uint32_t kInfinite = 1u << 30;

uint32_t add(uint32_t a, uint32_t b) { return std::min(a + b, kInfinite); }

struct Numbers {
  uint32_t proof = 1, disproof = 1;
};
}  // namespace

struct ProofNumberSearch::Impl {
  std::function<bool(const Board&)> goal;
  double epsilon;
  HashMap<BoardKey, Numbers, BoardKeyHash> table;
  uint64_t nodes = 0;

  BoardKey key(const PlacementState& s) const {
    return canonical_key(s.board, relabellings_keeping(s.a_colours),
                         static_cast<uint16_t>(s.a_colours));
  }

  // A child as expand() keeps it: its state, and its table key or, for a
  // complete board, its numbers (proven when A reaches the goal there).
  struct Child {
    PlacementState s;
    BoardKey key;
    bool complete = false;
    Numbers settled;
  };
  Child child(const PlacementState& s) {
    Child c{s, {}, s.pawns_left() == 0, {}};
    if (c.complete)
      c.settled = goal(s.board) ? Numbers{0, kInfinite} : Numbers{kInfinite, 0};
    else
      c.key = key(s);
    return c;
  }
  Numbers numbers(const Child& c) const {
    if (c.complete) return c.settled;
    const auto it = table.find(c.key);
    return it == table.end() ? Numbers{} : it->second;
  }

  // Expands s until its proof number reaches max_proof or its disproof
  // number max_disproof (or it is settled).
  void expand(const PlacementState& s, uint32_t max_proof, uint32_t max_disproof) {
    ++nodes;
    const bool or_node = s.to_move() == Placer::A;
    const BoardKey own_key = key(s);
    std::vector<Child> children;
    for (const PlacementMove& m : placement_moves(s)) children.push_back(child(play(s, m)));
    for (;;) {
      // For A: proof = the least child's, disproof = their sum; for B the
      // other way round. "Own" is the number the mover minimises.
      uint32_t own = kInfinite, other = 0, second = kInfinite;
      size_t best = 0;
      uint32_t best_other = 0;
      for (size_t i = 0; i < children.size(); ++i) {
        const Numbers c = numbers(children[i]);
        const uint32_t o = or_node ? c.proof : c.disproof, t = or_node ? c.disproof : c.proof;
        other = add(other, t);
        if (o < own) {
          second = own, own = o, best = i, best_other = t;
        } else if (o < second) {
          second = o;
        }
      }
      const Numbers n = or_node ? Numbers{own, other} : Numbers{other, own};
      table[own_key] = n;
      if (n.proof >= max_proof || n.disproof >= max_disproof) return;
      // The best child until it passes the second best by a factor 1+ε, or
      // this node's own threshold.
      const uint32_t own_limit = or_node ? max_proof : max_disproof;
      const uint32_t other_limit = or_node ? max_disproof : max_proof;
      const double widened = std::ceil(static_cast<double>(second) * (1 + epsilon));
      const uint32_t child_own = std::min<uint32_t>(
          own_limit, widened >= kInfinite ? kInfinite : static_cast<uint32_t>(widened));
      const uint32_t child_other =
          other_limit >= kInfinite ? kInfinite : other_limit - other + best_other;
      const PlacementState& c = children[best].s;
      if (children[best].complete) throw std::logic_error("proof numbers: a settled board chosen");
      if (or_node)
        expand(c, std::max(child_own, own + 1), child_other);
      else
        expand(c, child_other, std::max(child_own, own + 1));
    }
  }
};

ProofNumberSearch::ProofNumberSearch(std::function<bool(const Board&)> goal, double epsilon)
    : impl_(std::make_unique<Impl>()) {
  impl_->goal = std::move(goal);
  impl_->epsilon = epsilon;
}

ProofNumberSearch::~ProofNumberSearch() = default;

bool ProofNumberSearch::proves(const PlacementState& s) {
  if (s.choosing_colours()) throw std::invalid_argument("proof numbers: A's colours not chosen");
  if (s.pawns_left() == 0) return impl_->goal(s.board);
  impl_->expand(s, kInfinite, kInfinite);
  const Numbers n = impl_->numbers(impl_->child(s));
  if (n.proof != 0 && n.disproof != 0) throw std::logic_error("proof numbers: root not settled");
  return n.proof == 0;
}

uint64_t ProofNumberSearch::nodes() const { return impl_->nodes; }

}  // namespace scarney
