#include "proof/certify.h"

#include <algorithm>
#include <chrono>
#include <thread>
#include <vector>

#include "board/symmetry.h"
#include "proof/plain_highlow.h"
#include "proof/retrograde_highlow.h"

namespace scarney {
namespace {

constexpr uint16_t kAllColours = 15;

uint16_t pawns_of_colours(uint8_t colours) {
  uint16_t out = 0;
  for (int c = 0; c < kColours; ++c)
    if (colours >> c & 1) out |= static_cast<uint16_t>(15u << (4 * c));
  return out;
}

int popcount(unsigned v) { return __builtin_popcount(v); }

std::string step_text(bool a, Pawn p, Circle c) {
  return std::string(a ? "A" : "B") + " places " + pawn_name(p) + " on " + circle_name(c);
}

}  // namespace

std::string colours_named(uint8_t colours) {
  static const char* names[kColours] = {"black", "red", "yellow", "green"};
  std::string out;
  for (int c = 0; c < kColours; ++c)
    if (colours >> c & 1) out += (out.empty() ? "" : " and ") + std::string(names[c]);
  return out;
}

namespace {

bool two_colours(uint8_t colours) { return popcount(colours) == 2 && !(colours & ~kAllColours); }

// The colours of `colours` under a colour map (colour c to colour[c]).
uint8_t colours_image(uint8_t colours, const uint8_t* colour) {
  uint8_t image = 0;
  for (int c = 0; c < kColours; ++c)
    if (colours >> c & 1) image |= static_cast<uint8_t>(1u << colour[c]);
  return image;
}

// A node as the walk keeps it: its board, and how it was reached (to name
// it in a message).
struct Stored {
  uint64_t nibbles;
  uint16_t occupied;
  uint8_t move;   // pawn << 4 | circle from the parent; A's colours after his choice
  uint8_t flags;  // kClosed | A's colours (0 before his choice): 16 bytes a node
  uint32_t parent;
};
constexpr uint8_t kClosed = 0x80;

struct Failure {
  std::string what;
  uint32_t node;  // the node it is about (its path names it)
};
struct Stopped {};  // the stop flag was set during the walk

// With keep_tree, every node met; `current` the one being walked, the
// parent of the next.
struct TreeRecord {
  std::vector<CertifiedNode>* out = nullptr;
  uint32_t current = UINT32_MAX;
};

// Records a node and makes it the current one while it is walked.
class TreeScope {
 public:
  TreeScope(TreeRecord& r, const Board& b, uint8_t a_colours, uint8_t move)
      : r_(r), parent_(r.current) {
    if (!r.out) return;
    r.out->push_back({b, a_colours, move, parent_});
    r.current = static_cast<uint32_t>(r.out->size() - 1);
  }
  ~TreeScope() { r_.current = parent_; }
  TreeScope(const TreeScope&) = delete;
  TreeScope& operator=(const TreeScope&) = delete;

 private:
  TreeRecord& r_;
  uint32_t parent_;
};

// The structure: everything but the leaf boards' winners.
class Walker {
 public:
  Walker(const Certificate& c, const std::atomic<bool>* stop, std::vector<CertifiedNode>* tree)
      : c_(c), body_(c), stop_(stop) {
    tree_.out = tree;
  }

  void run() {
    check_root();
    walk(c_.header.root, c_.header.a_colours, UINT32_MAX, 0);
    uint8_t more = 0;
    if (body_.next(more))
      fail(0, "the body goes on after the end of the tree, at byte " +
                  std::to_string(body_.position() - 1) + " of its " +
                  std::to_string(c_.header.body_size));
    const CertificateHeader& h = c_.header;
    if (h.nodes != nodes_.size() || h.leaves != leaves_.size() || h.references != references_ ||
        h.certificates != certificates_.size())
      fail(0, "the header counts " + counts(h.nodes, h.leaves, h.references, h.certificates) +
                  ", the body holds " +
                  counts(nodes_.size(), leaves_.size(), references_, certificates_.size()));
  }

  // The placements from the root to `node`; "the root" for the root, and
  // for a failure found before any node was read (the header's root).
  std::string path(uint32_t node) const {
    std::vector<std::string> steps;
    if (node >= nodes_.size()) return "the root";
    for (uint32_t n = node; n != UINT32_MAX && nodes_[n].parent != UINT32_MAX;
         n = nodes_[n].parent) {
      const Stored& s = nodes_[n];
      const bool a = popcount(nodes_[s.parent].occupied) % 2 == 0;
      if ((nodes_[s.parent].flags & 15) == 0)
        steps.push_back("A takes " + colours_named(s.move));
      else
        steps.push_back(step_text(a, static_cast<Pawn>(s.move >> 4), s.move & 15));
    }
    if (steps.empty()) return "the root";
    std::string out;
    for (auto it = steps.rbegin(); it != steps.rend(); ++it) out += (out.empty() ? "" : ", ") + *it;
    return out;
  }

  Board board(uint32_t node) const { return make(nodes_[node].nibbles, nodes_[node].occupied); }
  const std::vector<uint32_t>& leaves() const { return leaves_; }
  uint64_t nodes() const { return nodes_.size(); }
  uint64_t references() const { return references_; }
  const std::array<uint64_t, kPawns + 1>& nodes_by_left() const { return by_left_; }
  const std::vector<CertificateReference>& certificates() const { return certificates_; }

 private:
  static std::string counts(uint64_t n, uint64_t l, uint64_t r, uint64_t named) {
    return std::to_string(n) + " nodes, " + std::to_string(l) + " leaves, " + std::to_string(r) +
           " references, " + std::to_string(named) + " certificates named";
  }
  static Board make(uint64_t nibbles, uint16_t occupied) {
    return Board::of_key(nibbles, occupied);
  }
  [[noreturn]] static void fail(uint32_t node, const std::string& what) {
    throw Failure{what, node};
  }

  // A's two colours, and as many pawns of each side on the board as the
  // alternation gives (A places first).
  void check_root() {
    const CertificateHeader& h = c_.header;
    // Version 2 may start before A's colour choice: from the empty board.
    if (h.version >= 2 && h.a_colours == 0 && h.root.pawn_count() == 0) return;
    if (!two_colours(h.a_colours)) fail(0, "A's colours in the header are not two colours");
    const uint16_t mine = pawns_of_colours(h.a_colours), on = h.root.material();
    const int k = h.root.pawn_count();
    if (popcount(on & mine) != (k + 1) / 2 || popcount(on & ~mine) != k / 2)
      fail(0, "the root board does not follow the alternation (A places first, of his colours)");
  }

  uint8_t byte(uint32_t node, const char* what) {
    uint8_t b = 0;
    if (!body_.next(b)) fail(node, std::string("the body ends where ") + what + " should be");
    return b;
  }

  void walk(const Board& b, uint8_t a_colours, uint32_t parent, uint8_t move);
  void colour_choice(uint32_t id);
  void certificate(const Board& b, uint8_t a_colours, uint32_t id);
  void reference(const Board& b, uint8_t a_colours, uint32_t here);
  void check_relabel(const Board& b, uint8_t a_colours, uint64_t k, uint8_t square, uint8_t map,
                     uint32_t here);

  const Certificate& c_;
  CertificateBody body_;
  const std::atomic<bool>* stop_;
  std::vector<Stored> nodes_;
  std::vector<uint32_t> leaves_;
  uint64_t references_ = 0;
  std::array<uint64_t, kPawns + 1> by_left_{};
  std::vector<CertificateReference> certificates_;
  TreeRecord tree_;
};

void Walker::walk(const Board& b, uint8_t a_colours, uint32_t parent, uint8_t move) {
  // Entered before its record is read, so that a message can name it.
  if (nodes_.size() >= UINT32_MAX - 1) fail(0, "more nodes than this checker holds");
  const auto id = static_cast<uint32_t>(nodes_.size());
  // The walk of a large proof takes a minute: Ctrl-C is looked at every
  // 65,536 nodes (a few milliseconds).
  if ((id & 0xFFFF) == 0 && stop_ && stop_->load(std::memory_order_relaxed)) throw Stopped{};
  nodes_.push_back({b.pawn_nibbles(), b.occupied(), move, a_colours, parent});
  const TreeScope recorded(tree_, b, a_colours, move);
  const uint8_t tag = byte(id, "this node's record");
  if (tag == kRecordRef) return reference(b, a_colours, id);
  const bool v2 = c_.header.version >= 2;
  if (tag == kRecordCertificate && v2) return certificate(b, a_colours, id);
  if (tag != kRecordNode)
    fail(id, "an unknown record " + std::to_string(tag) + " at body byte " +
                 std::to_string(body_.position() - 1));
  const int k = b.pawn_count();
  ++by_left_[kPawns - k];
  if (a_colours == 0) return colour_choice(id);
  if (k == kPawns) {
    leaves_.push_back(id);
    nodes_[id].flags |= kClosed;
    return;
  }
  const bool a_places = k % 2 == 0;
  const bool winner_places = a_places == (c_.header.winner == Side::A);
  const uint16_t a_pawns = pawns_of_colours(a_colours);
  const uint16_t hand = (a_places ? a_pawns : ~a_pawns) & ~b.material();
  const Mask empty = b.empty();
  if (winner_places) {
    const uint8_t m = byte(id, "the winner's placement");
    const Pawn p = static_cast<Pawn>(m >> 4);
    const Circle c = m & 15;
    if (!(hand >> p & 1) || !(empty >> c & 1))
      fail(id, "the winner's placement " + step_text(a_places, p, c) + " is not legal here");
    Board child = b;
    child.place(p, c);
    walk(child, a_colours, id, m);
  } else {
    const int count = popcount(hand) * popcount(empty);
    const int given = byte(id, "the number of replies");
    if (given != count)
      fail(id, std::string(a_places ? "A" : "B") + " has " + std::to_string(count) +
                   " placements here, the certificate answers " + std::to_string(given));
    for (Pawn p = 0; p < kPawns; ++p) {
      if (!(hand >> p & 1)) continue;
      for (Circle c : circles(empty)) {
        Board child = b;
        child.place(p, c);
        walk(child, a_colours, id, static_cast<uint8_t>(p << 4 | c));
      }
    }
  }
  nodes_[id].flags |= kClosed;
}

// The empty board before A's choice of two colours (version 2 only: the
// root check lets no other board through with A's colours 0).
void Walker::colour_choice(uint32_t id) {
  const Board empty;
  if (c_.header.winner == Side::A) {
    const uint8_t colours = byte(id, "A's colour choice");
    if (!two_colours(colours))
      fail(id, "A's colour choice " + std::to_string(colours) + " is not two colours");
    walk(empty, colours, id, colours);
  } else {
    const int given = byte(id, "the number of A's colour choices");
    if (given != 6)
      fail(id, "A has 6 colour choices, the certificate answers " + std::to_string(given));
    for (int a = 0; a < kColours; ++a)
      for (int b = a + 1; b < kColours; ++b) {
        const auto colours = static_cast<uint8_t>(1u << a | 1u << b);
        walk(empty, colours, id, colours);
      }
  }
  nodes_[id].flags |= kClosed;
}

// A node proven by another certificate: kept to be checked with it (the
// relabelling's kind here, the rest where the certificate is found).
void Walker::certificate(const Board& b, uint8_t a_colours, uint32_t id) {
  CertificateReference r;
  for (uint8_t& d : r.digest) d = byte(id, "a certificate's digest");
  r.square = byte(id, "a certificate's symmetry");
  r.colour_map = byte(id, "a certificate's colours");
  if (r.square >= kSymmetries)
    fail(id, "names a certificate with symmetry " + std::to_string(r.square));
  uint8_t colour[kColours], seen = 0;
  for (int c = 0; c < kColours; ++c)
    seen |= static_cast<uint8_t>(1u << (colour[c] = r.colour_map >> (2 * c) & 3));
  if (seen != kAllColours || colour[0] != 0)
    fail(id,
         "names a certificate with a change of colours that is not a permutation keeping black");
  if (a_colours == 0) fail(id, "names a certificate for the board before A's colour choice");
  r.board = b;
  r.a_colours = a_colours;
  r.node = id;
  certificates_.push_back(r);
  ++by_left_[kPawns - b.pawn_count()];
  nodes_[id].flags |= kClosed;
}

// A reference is no node of its own: its entry goes once it is checked.
void Walker::reference(const Board& b, uint8_t a_colours, uint32_t here) {
  uint64_t k = 0;
  for (int shift = 0;; shift += 7) {
    const uint8_t v = byte(here, "a reference's node number");
    if (shift > 56) fail(here, "a reference's node number is too long");
    k |= uint64_t{v & 0x7Fu} << shift;
    if (!(v & 0x80)) break;
  }
  const uint8_t square = byte(here, "a reference's symmetry");
  const uint8_t map = byte(here, "a reference's colours");
  check_relabel(b, a_colours, k, square, map, here);
  nodes_.pop_back();
  ++references_;
}

void Walker::check_relabel(const Board& b, uint8_t a_colours, uint64_t k, uint8_t square,
                           uint8_t map, uint32_t here) {
  if (k >= nodes_.size() - 1 || !(nodes_[k].flags & kClosed))
    fail(here, "refers to node " + std::to_string(k) + ", which is not a node checked before");
  if (square >= kSymmetries) fail(here, "refers with symmetry " + std::to_string(square));
  uint8_t colour[kColours], seen = 0;
  for (int c = 0; c < kColours; ++c)
    seen |= static_cast<uint8_t>(1u << (colour[c] = map >> (2 * c) & 3));
  if (seen != kAllColours || colour[0] != 0)
    fail(here, "refers with a change of colours that is not a permutation keeping black");
  // On a partial board the colours each side holds count: the node's A's
  // colours must be the image of the target's (the same set in version 1,
  // where every node has the root's; in version 2 a node after one colour
  // choice may stand for a node after another).
  const uint8_t target_a = nodes_[k].flags & 15;
  if ((target_a == 0) != (a_colours == 0))
    fail(here, "refers to node " + std::to_string(k) + " across A's colour choice");
  if (b.pawn_count() < kPawns && colours_image(target_a, colour) != a_colours)
    fail(here, "refers with a change of colours that does not keep A's colours");
  const Board target = board(static_cast<uint32_t>(k));
  Board image;
  for (Circle c : circles(target.occupied())) {
    const Pawn p = target.pawn_on(c);
    image.place(static_cast<Pawn>(colour[p >> 2] * 4 + (p & 3)), transform(c, square));
  }
  if (!(image == b))
    fail(here, "refers to node " + std::to_string(k) + " (" + path(static_cast<uint32_t>(k)) +
                   "), whose board relabelled is " + placement_line(image) + ", not " +
                   placement_line(b));
}

}  // namespace

namespace {

// The leaf boards' winners, on threads: the first leaf (in the order of
// the tree) whose winner is not the claimed one, or none.
struct LeafCheck {
  const Walker& walker;
  bool a_claimed;
  const CertifyOptions& opt;
  uint64_t first, end;         // the leaves [first, end) are checked
  std::atomic<uint64_t> next;  // the next to start
  std::atomic<uint64_t> done{0}, subsets{0};
  std::atomic<uint64_t> first_bad{UINT64_MAX};
  std::atomic<bool> stopped{false};

  void work() {
    if (opt.plain_leaves)
      work_with<PlainHighLow>();
    else
      work_with<RetrogradeHighLow>();
  }

  // Solver: PlainHighLow or RetrogradeHighLow (the same answers, tested).
  template <class Solver>
  void work_with() {
    Solver plain;
    const auto& leaves = walker.leaves();
    for (uint64_t i; (i = next.fetch_add(1)) < end;) {
      if (opt.stop && opt.stop->load(std::memory_order_relaxed)) {
        stopped = true;
        return;
      }
      // A removes first on a complete board.
      const bool a_wins = plain.wins(walker.board(leaves[i]));
      subsets += plain.settled();
      if (a_wins != a_claimed) {
        uint64_t seen = first_bad.load();
        while (i < seen && !first_bad.compare_exchange_weak(seen, i)) {
        }
      }
      ++done;
    }
  }

  void run() {
    const int n = std::max(1, opt.threads);
    std::vector<std::thread> pool;
    for (int t = 1; t < n; ++t) pool.emplace_back([this] { work(); });
    std::thread progress;
    std::atomic<bool> finished{false};
    if (opt.progress)
      progress = std::thread([&] {
        while (!finished) {
          for (int k = 0; k < 10 && !finished; ++k)
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
          if (!finished) opt.progress(done.load(), end - first);
        }
      });
    work();
    for (auto& t : pool) t.join();
    finished = true;
    if (progress.joinable()) progress.join();
  }
};

}  // namespace

CertifyReport certify(const Certificate& c, const CertifyOptions& opt) {
  CertifyReport r;
  Walker walker(c, opt.stop, opt.keep_tree ? &r.tree : nullptr);
  const auto failed = [&](const std::string& what, uint32_t node) {
    r.failure = what;
    r.node = walker.path(node);
    r.nodes = walker.nodes();
    r.leaves = walker.leaves().size();
    r.references = walker.references();
    return r;
  };
  try {
    walker.run();
  } catch (const Failure& f) {
    return failed(f.what, f.node);
  } catch (const CertificateDamaged& e) {
    // The body does not decompress: at the last node read.
    return failed(e.message(), static_cast<uint32_t>(walker.nodes() - 1));
  } catch (const Stopped&) {
    r.interrupted = true;
    return failed("interrupted before the tree was walked", 0);
  }
  r.nodes = walker.nodes();
  r.leaves = walker.leaves().size();
  r.references = walker.references();
  r.nodes_by_left = walker.nodes_by_left();
  r.certificates = walker.certificates();
  for (CertificateReference& x : r.certificates) x.path = walker.path(x.node);
  const bool a_claimed = c.header.winner == Side::A;
  // This shard's leaves: a contiguous range (128-bit products: no overflow).
  const uint64_t shards = std::max<uint64_t>(opt.shards, 1), n = r.leaves;
  const auto at = [&](uint64_t k) {
    return static_cast<uint64_t>(static_cast<unsigned __int128>(k) * n / shards);
  };
  r.first_leaf = at(std::min(opt.shard, shards - 1));
  r.end_leaf = at(std::min(opt.shard, shards - 1) + 1);
  LeafCheck leaves{walker, a_claimed, opt, r.first_leaf, r.end_leaf, r.first_leaf};
  leaves.run();
  r.subsets = leaves.subsets;
  if (leaves.stopped) {
    r.interrupted = true;
    r.failure = "interrupted before every leaf board was solved";
    return r;
  }
  if (leaves.first_bad != UINT64_MAX) {
    const uint32_t leaf = walker.leaves()[leaves.first_bad];
    r.failure = std::string("this leaf board is won by ") + (a_claimed ? "B" : "A") + ", not by " +
                (a_claimed ? "A" : "B") + " as claimed: " + placement_line(walker.board(leaf));
    r.node = walker.path(leaf);
    return r;
  }
  r.valid = true;
  return r;
}

std::string certificate_position_text(const CertificateHeader& h) {
  if (h.a_colours == 0) return "placement: empty board, before A's colour choice\n";
  std::string hands;
  const uint16_t a_pawns = pawns_of_colours(h.a_colours);
  for (int side = 0; side < 2; ++side) {
    hands += side == 0 ? "A=" : " B=";
    std::string pawns;
    for (Pawn p = 0; p < kPawns; ++p)
      if (((side == 0) == ((a_pawns >> p & 1) != 0)) && !(h.root.material() >> p & 1))
        pawns += (pawns.empty() ? "" : " ") + pawn_name(p);
    hands += pawns;
  }
  return "placement: " + placement_line(h.root) + "\nhands: " + hands + "\n";
}

std::string certificate_claim_text(const CertificateHeader& h) {
  const int k = h.root.pawn_count();
  if (h.a_colours == 0)
    return std::string(1, side_letter(h.winner)) + " wins (A to choose his colours)";
  return std::string(1, side_letter(h.winner)) + " wins (" + (k % 2 == 0 ? "A" : "B") +
         " to place, " + std::to_string(kPawns - k) + " pawns left)";
}

}  // namespace scarney
