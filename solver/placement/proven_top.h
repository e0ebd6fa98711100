// What a checked High-Low proof says about the positions on its top: the
// winner, and at the winner's turns the placement (or colour choice) the
// proof gives him. A proof's top (placement/proof_top.h) is a certificate
// of a few hundred nodes from the empty board down to the frontier; every
// node of it is a position won by the claimed winner once the top and the
// frontier certificates it names are checked (docs/highlow-solution.md).
//
// The positions are matched up to the 48 relabellings (relabelled_state.h):
// a position that is the image of a node is proven as that node is, its
// winning placement the image of the node's.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "placement/placement_move.h"
#include "placement/relabelled_state.h"

namespace scarney {

struct Certificate;

struct ProvenPosition {
  Side winner = Side::A;
  // At the winner's turns, his placement (or colour choice) in the
  // position's own frame; none at the loser's turns (every placement of
  // his loses) and at the frontier (its certificate holds the rest).
  std::optional<PlacementMove> winning;
};

// What a proof says of a position, as the analysis asks it: the narrow
// interface (the WebAssembly module links no proof).
class ProofLookup {
 public:
  virtual ~ProofLookup() = default;
  // What the proof says about a High-Low placement state, if it is on it.
  virtual std::optional<ProvenPosition> find(const PlacementState& s) const = 0;
};

// What the board, `solve` and the API say of s where the proof holds it:
// the winner, and at his turns his placement as text ("A places B4 on C3")
// or colour choice.
struct ProvedText {
  Side winner = Side::A;
  std::optional<std::string> placement;
};
std::optional<ProvedText> proved_text(const ProofLookup& proof, const PlacementState& s);

class ProvenTop : public ProofLookup {
 public:
  // The top's tree walked by the checker (proof/certify.h), its leaf
  // boards and named certificates not re-checked here. Throws InputError
  // naming the certificate when it is not a valid High-Low proof top.
  static ProvenTop from_certificate(const Certificate& top);
  static ProvenTop from_file(const std::string& path);

  std::optional<ProvenPosition> find(const PlacementState& s) const override;
  // Every position find() answers, each once: each node under the 48
  // relabellings (the static site's table, which its page looks positions
  // up in by their text: `scarney serve --proof-json`).
  std::vector<PlacementState> images() const;
  Side winner() const { return winner_; }
  size_t positions() const { return nodes_.size(); }

 private:
  struct Node {
    PlacementState state;
    std::optional<PlacementMove> winning;  // in state's frame
  };
  Side winner_ = Side::A;
  std::map<BoardKey, Node> nodes_;  // by canonical form
};

// The High-Low proof of this repository (data/highlow-proof/top.cert,
// compiled in when the build finds it: it is written only once every
// frontier certificate is checked), or nullptr while the proof is not
// complete.
const ProvenTop* committed_proof();

}  // namespace scarney
