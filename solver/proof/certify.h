// Checking a certificate (proof/certificate.h) independently of the search
// that made it: the tree is walked from the root position in the header,
// and
//   - at the winner's turns the placement given is legal;
//   - at the loser's turns every placement he has is answered, in order;
//   - each reference names a node already checked whose board, under the
//     relabelling recorded, is this node's board, by a relabelling that
//     keeps every value (a symmetry of the square, a change of colours
//     that keeps black and, on a partial board, A's colours);
//   - every leaf board is won by the claimed winner when A removes first,
//     re-solved by RetrogradeHighLow (proof/retrograde_highlow.h; or, on
//     request, the slower PlainHighLow of proof/plain_highlow.h), never by
//     the fast solvers;
//   - the counts in the header are the counts found, and nothing follows.
// The leaf boards, the cost, are solved on several threads.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "proof/certificate.h"

namespace scarney {

// A node proven by another certificate (a record 0x02, version 2): what the
// certificate it names must prove (proof/certify_references.h checks it).
struct CertificateReference {
  Sha256Digest digest{};
  uint8_t square = 0, colour_map = 0;  // the relabelling from its root to this node
  Board board;                         // this node's board and A's colours
  uint8_t a_colours = 0;
  uint32_t node = 0;
  std::string path;  // the placements from the root that reach it
};

// A node of the tree as the walk met it (CertifyOptions::keep_tree): every
// node, a reference or a node proven by another certificate included, each
// proven won by the claimed winner once the certificate is valid.
struct CertifiedNode {
  Board board;
  uint8_t a_colours = 0;  // 0 before A's colour choice
  // How it was reached from its parent: pawn << 4 | circle, or A's colours
  // after his choice; 0 for the root.
  uint8_t move = 0;
  uint32_t parent = UINT32_MAX;  // its index in the list; UINT32_MAX for the root
};

struct CertifyOptions {
  int threads = 1;
  // Shard `shard` of `shards`: the whole tree is walked, and only the leaf
  // boards of this shard (a contiguous range of them, in the tree's order)
  // are re-solved. A certificate is valid when every shard is.
  uint64_t shard = 0, shards = 1;
  // Set (by Ctrl-C): the check stops and reports itself interrupted.
  const std::atomic<bool>* stop = nullptr;
  // Re-solve the leaf boards with PlainHighLow, the first pass (a subset
  // at a time, about 10 times slower), instead of RetrogradeHighLow.
  bool plain_leaves = false;
  // Called about once a second while the leaf boards are solved.
  std::function<void(uint64_t solved, uint64_t leaves)> progress;
  // Keep every node of the tree in the report (a proof's top: a few
  // hundred nodes; not for a frontier's, which has millions).
  bool keep_tree = false;
};

struct CertifyReport {
  bool valid = false;
  bool interrupted = false;
  // When not valid: what is wrong, and at which node: the placements from
  // the root that reach it ("the root" when none).
  std::string failure;
  std::string node;
  uint64_t nodes = 0, leaves = 0, references = 0;  // as found (up to a failure)
  // Nodes by the pawns left to place on their board (the leaves at 0): how
  // the proof grows with depth, for planning larger ones.
  std::array<uint64_t, kPawns + 1> nodes_by_left{};
  uint64_t subsets = 0;  // leaf positions settled by the leaf pass
  // The leaf boards re-solved: [first_leaf, end_leaf) of the leaves, in
  // the tree's order (all of them without shards).
  uint64_t first_leaf = 0, end_leaf = 0;
  // Version 2: the nodes proven by other certificates, in the tree's order.
  // This certificate is valid when it is and every one of them is.
  std::vector<CertificateReference> certificates;
  // With keep_tree: the nodes in the order the walk met them (depth first).
  std::vector<CertifiedNode> tree;
};

CertifyReport certify(const Certificate& c, const CertifyOptions& options = {});

// A set of colours named: "black and red".
std::string colours_named(uint8_t colours);

// The position a certificate is about, as a position file's lines would
// give it ("placement: ..." and "hands: ...").
std::string certificate_position_text(const CertificateHeader& h);

// What a certificate claims: "A wins (B to place, 9 pawns left)", or "A
// wins (A to choose his colours)" from the empty board.
std::string certificate_claim_text(const CertificateHeader& h);

}  // namespace scarney
