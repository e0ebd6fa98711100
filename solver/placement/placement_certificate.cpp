#include "placement/placement_certificate.h"

#include <bit>
#include <chrono>
#include <cstdint>
#include <stdexcept>

#include "placement/placement_symmetry.h"
#include "proof/certificate.h"
#include "util/atomic_file.h"
#include "util/hash_map.h"

namespace scarney {
namespace {

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

class Extractor {
 public:
  Extractor(PlacementSolver& solver, const PlacementState& root, bool a_wins,
            CertificateProgress progress, size_t limit, const std::atomic<bool>* stop)
      : limit_(limit),
        stop_(stop),
        solver_(solver),
        a_wins_(a_wins),
        a_colours_(root.a_colours),
        keeping_(relabellings_keeping(root.a_colours)),
        progress_(std::move(progress)) {}

  void emit(const PlacementState& s) {
    const bool full = s.pawns_left() == 0;
    const BoardKey key =
        full ? canonical_key_all(s.board) : canonical_key(s.board, keeping_, tag());
    if (const auto it = seen_.find(key); it != seen_.end()) {
      const Board written = relabel(board_of_key(key), images(full)[it->second.image]);
      out_.reference(it->second.node, relabelling(written, s.board, full));
      return;
    }
    forget_if_over_limit();
    if ((out_.nodes() & 0xFFF) == 0 && stop_ && stop_->load(std::memory_order_relaxed))
      throw PlacementInterrupted();
    const uint64_t node = out_.node(full);
    if (node > UINT32_MAX) throw std::length_error("certificate: more than 2^32 nodes");
    seen_.emplace(key, Written{static_cast<uint32_t>(node), image_of(key, s.board, full)});
    report();
    if (full) return;
    if ((s.to_move() == Placer::A) == a_wins_) {
      const auto m = solver_.winning_placement(s);
      // The search proved the winner; a node of his without a winning
      // placement would be a bug of the search, not of the position.
      if (!m) throw std::logic_error("certificate: the winner has no winning placement");
      out_.placement(m->pawn, m->circle);
      emit(play(s, *m));
    } else {
      const auto moves = placement_moves(s);
      out_.replies(static_cast<int>(moves.size()));
      for (const PlacementMove& m : moves) emit(play(s, m));
    }
  }

  CertificateBuilder& builder() { return out_; }

 private:
  uint16_t tag() const { return a_colours_; }

  // The relabellings a key stands for: all 48 for a complete board, else
  // the 16 that keep A's colours (a group either way, so the canonical
  // image maps back onto every board of its key).
  const std::vector<Relabel>& images(bool full) const {
    return full ? all_relabellings() : keeping_;
  }

  // The relabelling that takes `from` (a node written) to `to`: one exists,
  // as their canonical keys are equal.
  CertificateRelabel relabelling(const Board& from, const Board& to, bool full) const {
    const auto i = first_relabelling(from, to, images(full));
    if (!i) throw std::logic_error("certificate: equal keys without a relabelling");
    const Relabel& r = images(full)[*i];
    return {static_cast<uint8_t>(r.square), r.colour};
  }

  // Which relabelling of the key's canonical board gives b.
  uint8_t image_of(const BoardKey& key, const Board& b, bool full) const {
    const auto i = first_relabelling(board_of_key(key), b, images(full));
    if (!i) throw std::logic_error("certificate: a board is no image of its canonical key");
    return static_cast<uint8_t>(*i);
  }

  // With a limit: the positions written with the fewest pawns left are
  // forgotten, one number of pawns left at a time (whole classes: the map's
  // order differs from run to run, the certificate must not), until at
  // most half the limit is left. No iterator into seen_ is held across a
  // child's emit, so this may run before any node is written.
  void forget_if_over_limit() {
    if (limit_ == 0 || seen_.size() < limit_) return;
    for (int left = 0; left <= kPawns && seen_.size() > limit_ / 2; ++left)
      forget_pawns_left(seen_, left);
  }

  void report() {
    if (!progress_ || (out_.nodes() & 0xFFF)) return;
    progress_(out_.nodes(), out_.leaves());
  }

  size_t limit_;
  const std::atomic<bool>* stop_;
  PlacementSolver& solver_;
  bool a_wins_;
  Colours a_colours_;
  std::vector<Relabel> keeping_;
  CertificateProgress progress_;
  CertificateBuilder out_;
  // Each position written: its node and, instead of its board (16 bytes),
  // which image of its key's canonical board it is (1 byte): the map holds
  // every node of a proof, 80 million at 13 pawns left.
  struct Written {
    uint32_t node;
    uint8_t image;
  };
  HashMap<BoardKey, Written, BoardKeyHash> seen_;
};

}  // namespace

std::string make_placement_certificate(const PlacementState& s, PlacementOptions options,
                                       CertificateMade* made, const CertificateProgress& written) {
  options.winner_only = true;
  options.depth = -1;
  options.budget = std::chrono::milliseconds{0};
  PlacementSolver solver(options);
  return make_placement_certificate(solver, s, made, written, options.table_limit, options.stop);
}

std::string make_placement_certificate(PlacementSolver& solver, const PlacementState& s,
                                       CertificateMade* made, const CertificateProgress& written,
                                       size_t written_limit, const std::atomic<bool>* stop) {
  if (!traits(s.game).winner_only || s.choosing_colours() || s.pawns_left() == 0)
    throw std::invalid_argument("certificate: a High-Low placement position with colours chosen");
  const auto t0 = std::chrono::steady_clock::now();
  // The mover wins if he has a winning placement.
  const bool mover_wins = solver.winning_placement(s).has_value();
  const bool a_wins = mover_wins == (s.to_move() == Placer::A);
  const double solve_seconds = seconds_since(t0);
  const auto t1 = std::chrono::steady_clock::now();
  Extractor x(solver, s, a_wins, written, written_limit, stop);
  x.emit(s);
  CertificateHeader h;
  h.winner = a_wins ? Side::A : Side::B;
  h.a_colours = s.a_colours;
  h.root = s.board;
  std::string bytes = x.builder().finish(h);
  if (made) {
    made->a_wins = a_wins;
    made->nodes = x.builder().nodes();
    made->leaves = x.builder().leaves();
    made->references = x.builder().references();
    made->body_bytes = x.builder().body_size();
    made->file_bytes = bytes.size();
    made->solve_seconds = solve_seconds;
    made->extract_seconds = seconds_since(t1);
  }
  return bytes;
}

CertificateMade write_placement_certificate(const PlacementState& s, const std::string& path,
                                            PlacementOptions options,
                                            const CertificateProgress& written) {
  CertificateMade made;
  const std::string bytes = make_placement_certificate(s, std::move(options), &made, written);
  write_file_atomically(path, bytes, AtomicFile::Standing::Regular);
  return made;
}

}  // namespace scarney
