// The top certificate (format version 2) of a proven ProofTop: its tree
// from the root down to the frontier, where each node names the frontier
// position's certificate by the SHA-256 of its file.
#include <map>
#include <stdexcept>

#include "placement/proof_top.h"
#include "placement/relabelled_state.h"
#include "proof/certificate.h"
#include "proof/certify_references.h"
#include "proof/sha256.h"

namespace scarney {
namespace {

CertificateRelabel certificate_relabel(const Relabel& r) {
  return {static_cast<uint8_t>(r.square), r.colour};
}

struct TopWriter {
  const std::map<BoardKey, PlacementMove>& chosen;
  int frontier;
  const std::string& dir;
  const ProofLedger* ledger;
  bool a_wins;
  CertificateBuilder out;
  std::map<BoardKey, std::pair<uint64_t, PlacementState>> seen;  // nodes written
  size_t named = 0;
  std::string list;  // DIR/certificates.sha256

  // The frontier certificate's SHA-256: the ledger's, when there is one
  // (the file may be on another machine), else the file's.
  Sha256Digest digest_of(const std::string& path) const {
    if (!ledger) return sha256_of_file(path);
    const auto e = ledger->find(path.substr(path.rfind('/') + 1));
    if (!e) throw std::logic_error("proof top: a frontier position not in the ledger");
    Sha256Digest d{};
    for (size_t i = 0; i < d.size(); ++i)
      d[i] = static_cast<uint8_t>(std::stoi(e->sha256.substr(2 * i, 2), nullptr, 16));
    return d;
  }

  // W's move at s: the one chosen at its canonical form, carried back.
  PlacementMove winner_move(const CanonicalState& cs) const {
    const auto it = chosen.find(state_key(cs.form));
    if (it == chosen.end()) throw std::logic_error("proof top: no placement chosen");
    return relabel(it->second, cs.back);
  }

  void emit(const PlacementState& s) {
    const CanonicalState cs = canonical_state(s);
    const BoardKey key = state_key(cs.form);
    if (const auto it = seen.find(key); it != seen.end()) {
      const auto r = relabelling_between(it->second.second, s);
      out.reference(it->second.first, certificate_relabel(*r));
      return;
    }
    if (!s.choosing_colours() && s.pawns_left() <= frontier) {
      const std::string path = frontier_certificate_path(dir, cs.form);
      const Sha256Digest d = digest_of(path);
      seen.emplace(key, std::pair{out.certificate(d, certificate_relabel(cs.back)), s});
      ++named;
      list += certificate_list_line(d, path.substr(path.rfind('/') + 1));
      return;
    }
    seen.emplace(key, std::pair{out.node(false), s});
    const bool a_moves = s.choosing_colours() || s.to_move() == Placer::A;
    if (a_moves == a_wins) {
      const PlacementMove m = winner_move(cs);
      if (m.is_choice())
        out.colour_choice(m.colours);
      else
        out.placement(m.pawn, m.circle);
      return emit(play(s, m));
    }
    const auto moves = placement_moves(s);
    if (s.choosing_colours())
      out.choices(static_cast<int>(moves.size()));
    else
      out.replies(static_cast<int>(moves.size()));
    for (const PlacementMove& m : moves) emit(play(s, m));
  }
};

}  // namespace

std::string ProofTop::certificate() {
  TopWriter w{chosen_, opt_.frontier, opt_.dir, opt_.ledger, winner_ == Side::A, {}, {}, 0, {}};
  w.emit(root_);
  named_ = w.named;
  list_ = w.list;
  CertificateHeader h;
  h.winner = winner_;
  h.a_colours = root_.a_colours;
  h.root = root_.board;
  return w.out.finish(h);
}

}  // namespace scarney
