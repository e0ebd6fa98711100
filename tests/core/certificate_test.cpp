// Certificates of who wins High-Low placement positions: the plain leaf
// solver against the reference search, certificates made and checked, and
// damaged or dishonest certificates refused (docs/highlow-solution.md).
#include "proof/certificate.h"

#include <catch2/catch.hpp>
#include <functional>
#include <map>
#include <vector>

#include "games/deal.h"
#include "games/rules.h"
#include "highlow_oracles.h"
#include "placement/placement_certificate.h"
#include "placement/random_placement.h"
#include "proof/certify.h"
#include "proof/plain_highlow.h"

using namespace scarney;
using scarney::test::reference_wins;
using scarney::test::rules_wins;

namespace {

// What a hand-made certificate does wrong.
struct Tamper {
  bool false_claim = false;    // claims the loser wins, who places his first placement
  bool drop_reply = false;     // the first node of the loser's answers one placement fewer
  bool wrong_relabel = false;  // the first reference names a symmetry that does not fit
};

// A certificate written here rather than by placement_certificate.h, so
// that it can be made wrong: transpositions refer to the node written
// before under the identity, the winner's placement is the search's.
std::string hand_made(const PlacementState& root, const Tamper& t, bool* tampered) {
  PlacementOptions o;
  o.winner_only = true;
  PlacementSolver solver(o);
  const bool mover_wins = solver.winning_placement(root).has_value();
  const bool a_wins = (mover_wins == (root.to_move() == Placer::A)) != t.false_claim;
  CertificateBuilder out;
  std::map<std::pair<uint64_t, Mask>, uint64_t> seen;
  *tampered = false;
  std::function<void(const PlacementState&)> emit = [&](const PlacementState& s) {
    const std::pair key{s.board.pawn_nibbles(), s.board.occupied()};
    if (const auto it = seen.find(key); it != seen.end()) {
      CertificateRelabel r;
      if (t.wrong_relabel && !*tampered) r.square = 1, *tampered = true;
      out.reference(it->second, r);
      return;
    }
    seen[key] = out.node(s.pawns_left() == 0);
    if (s.pawns_left() == 0) return;
    if ((s.to_move() == Placer::A) == a_wins) {
      const PlacementMove m =
          t.false_claim ? placement_moves(s).front() : *solver.winning_placement(s);
      out.placement(m.pawn, m.circle);
      emit(play(s, m));
      return;
    }
    auto moves = placement_moves(s);
    if (t.drop_reply && !*tampered) moves.pop_back(), *tampered = true;
    out.replies(static_cast<int>(moves.size()));
    for (const PlacementMove& m : moves) emit(play(s, m));
  };
  emit(root);
  if (t.false_claim) *tampered = true;
  CertificateHeader h;
  h.winner = a_wins ? Side::A : Side::B;
  h.a_colours = root.a_colours;
  h.root = root.board;
  return out.finish(h);
}

CertifyReport check(const std::string& bytes) {
  return certify(parse_certificate(bytes, "test.cert"));
}

}  // namespace

TEST_CASE("plain High-Low solver: agrees with the reference search", "[proof][cross-check][long]") {
  SplitMix64 rng(23);
  PlainHighLow plain;
  int wins = 0;
  for (int i = 0; i < 3000; ++i) {
    const Board b = random_board(rng, 1 + static_cast<int>(rng.below(10)));
    const bool w = plain.wins(b);
    CHECK(w == reference_wins(b));
    wins += w;
  }
  // Both outcomes are tested.
  CHECK(wins > 500);
  CHECK(wins < 2500);
}

TEST_CASE("plain High-Low solver: agrees with the reference on complete boards",
          "[proof][cross-check][slow]") {
  SplitMix64 rng(29);
  PlainHighLow plain;
  for (int i = 0; i < 4; ++i) {
    const Board b = random_deal(rng);
    CHECK(plain.wins(b) == reference_wins(b));
  }
}

TEST_CASE("plain High-Low solver: agrees with a search on the rules on complete boards",
          "[proof][cross-check][slow]") {
  SplitMix64 rng(31);
  PlainHighLow plain;
  int wins = 0;
  for (int i = 0; i < 500; ++i) {
    const Board b = random_deal(rng);
    const bool w = plain.wins(b);
    CHECK(w == rules_wins(b));
    wins += w;
  }
  CHECK(wins > 50);
  CHECK(wins < 450);
}

namespace {

// Certificates for positions `first` .. `last` pawns left of seed 7 (three
// of each up to 6 left, one beyond), made, read back and certified; the
// claims made, A's and B's, are counted.
void make_and_certify(int first, int last, int& a_wins, int& b_wins) {
  for (int left = first; left <= last; ++left)
    for (uint64_t index = 0; index < (left <= 6 ? 3u : 1u); ++index) {
      const PlacementState s = random_placement(Game::HighLow, left, 7, index);
      CAPTURE(left, index);
      PlacementOptions o;
      o.winner_only = true;
      PlacementSolver solver(o);
      const bool mover_wins = *solver.solve(s).to_move_wins;
      CertificateMade made;
      const std::string bytes = make_placement_certificate(s, o, &made);
      // The claim is the search's answer.
      CHECK(made.a_wins == (mover_wins == (s.to_move() == Placer::A)));
      made.a_wins ? ++a_wins : ++b_wins;
      const Certificate c = parse_certificate(bytes, "test.cert");
      CHECK(c.header.winner == (made.a_wins ? Side::A : Side::B));
      CHECK(c.header.root == s.board);
      const CertifyReport r = certify(c);
      CHECK(r.valid);
      CHECK(r.failure.empty());
      CHECK(r.nodes == made.nodes);
      CHECK(r.leaves == made.leaves);
      CHECK(r.references == made.references);
      CHECK(r.leaves >= 1);
      // One root; the leaves are the nodes with nothing left to place.
      CHECK(r.nodes_by_left[left] == 1);
      CHECK(r.nodes_by_left[0] == r.leaves);
    }
}

}  // namespace

TEST_CASE("certificates: made for 1 to 8 pawns left and certified", "[proof][certificate]") {
  int a_wins = 0, b_wins = 0;
  make_and_certify(1, 8, a_wins, b_wins);
  // Both claims are made.
  CHECK(a_wins > 0);
  CHECK(b_wins > 0);
}

// In bounded memory (PlacementOptions::table_limit): the search and the
// writer forget the positions nearest the end beyond the limit. The
// certificate is then larger (positions met again are written again), the
// same from one run to the next, and still proves the same claim.
TEST_CASE("certificates: made in bounded memory, valid and the same each time",
          "[proof][certificate]") {
  for (uint64_t index = 0; index < 2; ++index) {
    const PlacementState s = random_placement(Game::HighLow, 8, 9, index);
    CAPTURE(index);
    CertificateMade all, bounded, again;
    const std::string whole = make_placement_certificate(s, {}, &all);
    PlacementOptions o;
    o.table_limit = 2000;  // far below the positions this proof meets
    const std::string small = make_placement_certificate(s, o, &bounded);
    CHECK(make_placement_certificate(s, o, &again) == small);
    CHECK(bounded.a_wins == all.a_wins);
    CHECK(bounded.nodes > all.nodes);  // the limit was reached: some positions written twice
    const CertifyReport r = certify(parse_certificate(small, "bounded.cert"));
    CHECK(r.valid);
    CHECK(r.nodes == bounded.nodes);
    CHECK(r.leaves == bounded.leaves);
  }
}

TEST_CASE("certificates: checked on threads as on one", "[proof][certificate]") {
  const PlacementState s = random_placement(Game::HighLow, 6, 3, 0);
  const Certificate c = parse_certificate(make_placement_certificate(s, {}), "t.cert");
  CertifyOptions one, four;
  four.threads = 4;
  const CertifyReport a = certify(c, one), b = certify(c, four);
  CHECK(a.valid);
  CHECK(b.valid);
  CHECK(a.leaves == b.leaves);
  CHECK(a.subsets == b.subsets);
}

TEST_CASE("certificates: shards re-solve every leaf board once between them",
          "[proof][certificate]") {
  const Certificate c = parse_certificate(
      make_placement_certificate(random_placement(Game::HighLow, 6, 5, 0), {}), "t.cert");
  CertifyOptions o;
  o.shards = 4;
  uint64_t next = 0;
  for (o.shard = 0; o.shard < o.shards; ++o.shard) {
    const CertifyReport r = certify(c, o);
    CHECK(r.valid);
    CHECK(r.first_leaf == next);
    next = r.end_leaf;
  }
  CHECK(next == certify(c).leaves);
  // A false claim is refused by the shard that holds a leaf it loses, and
  // by no shard wrongly: some shard refuses it.
  bool tampered = false;
  Tamper t;
  t.false_claim = true;
  const Certificate bad = parse_certificate(
      hand_made(random_placement(Game::HighLow, 5, 1, 0), t, &tampered), "bad.cert");
  int refused = 0;
  for (o.shard = 0; o.shard < o.shards; ++o.shard) refused += !certify(bad, o).valid;
  CHECK(refused >= 1);
}

TEST_CASE("certificates: an honest hand-made certificate passes", "[proof][certificate]") {
  bool tampered = false;
  const CertifyReport r = check(hand_made(random_placement(Game::HighLow, 5, 1, 0), {}, &tampered));
  CHECK(r.valid);
  CHECK(r.references > 0);  // transpositions, under the identity
}

TEST_CASE("certificates: a false claim is refused at a leaf it loses", "[proof][certificate]") {
  for (uint64_t index = 0; index < 3; ++index) {
    bool tampered = false;
    Tamper t;
    t.false_claim = true;
    const CertifyReport r =
        check(hand_made(random_placement(Game::HighLow, 5, 1, index), t, &tampered));
    CHECK_FALSE(r.valid);
    CHECK(r.failure.find("this leaf board is won by") != std::string::npos);
    CHECK(r.node.find(" places ") != std::string::npos);  // the path to the leaf
  }
}

TEST_CASE("certificates: a missing reply is refused at its node", "[proof][certificate]") {
  bool tampered = false;
  Tamper t;
  t.drop_reply = true;
  const CertifyReport r = check(hand_made(random_placement(Game::HighLow, 5, 1, 0), t, &tampered));
  REQUIRE(tampered);
  CHECK_FALSE(r.valid);
  CHECK(r.failure.find("placements here, the certificate answers") != std::string::npos);
}

TEST_CASE("certificates: a wrong relabelling is refused at the reference", "[proof][certificate]") {
  bool tampered = false;
  Tamper t;
  t.wrong_relabel = true;
  const CertifyReport r = check(hand_made(random_placement(Game::HighLow, 5, 1, 0), t, &tampered));
  REQUIRE(tampered);
  CHECK_FALSE(r.valid);
  CHECK(r.failure.find("whose board relabelled is") != std::string::npos);
  CHECK(r.node.find(" places ") != std::string::npos);
}

TEST_CASE("certificates: damaged files are refused saying how", "[proof][certificate]") {
  const std::string good = make_placement_certificate(random_placement(Game::HighLow, 5, 1, 0), {});
  const auto refused = [](const std::string& bytes, const std::string& words) {
    try {
      parse_certificate(bytes, "c.cert");
    } catch (const InputError& e) {
      CHECK(std::string(e.what()).rfind("c.cert: ", 0) == 0);
      return std::string(e.what()).find(words) != std::string::npos;
    }
    return false;
  };
  CHECK(refused(good.substr(0, good.size() - 3), "truncated: the body has"));
  CHECK(refused(good.substr(0, 40), "truncated: 40 bytes"));
  CHECK(refused("game: highlow\n", "not a scarney certificate"));
  CHECK(refused("", "not a scarney certificate"));
  std::string flipped = good;
  flipped[flipped.size() - 5] ^= 0x10;
  CHECK(refused(flipped, "bad checksum"));
  std::string claim = good;
  claim[11] ^= 1;  // the claim, without mending the checksum
  CHECK(refused(claim, "bad checksum"));
  std::string version = good;
  version[8] = 9;
  CHECK(refused(version, "format version 9"));
  CHECK(refused(good + "x", "1 byte after the body"));
}

TEST_CASE("certificates: a flipped claim with its checksum mended is refused",
          "[proof][certificate]") {
  std::string bytes = make_placement_certificate(random_placement(Game::HighLow, 6, 1, 0), {});
  bytes[11] ^= 1;  // the other side claimed to win
  const uint64_t sum =
      certificate_checksum(bytes.substr(0, 72), bytes.data() + 80, bytes.size() - 80);
  for (int i = 0; i < 8; ++i) bytes[72 + i] = static_cast<char>(sum >> (8 * i) & 0xFF);
  const CertifyReport r = check(bytes);
  CHECK_FALSE(r.valid);
  CHECK_FALSE(r.failure.empty());
}

TEST_CASE("certificates: a claim that names no side is refused", "[proof][certificate]") {
  std::string bytes = make_placement_certificate(random_placement(Game::HighLow, 6, 1, 0), {});
  bytes[11] = 2;  // neither 0 (A) nor 1 (B), the checksum mended
  const uint64_t sum =
      certificate_checksum(bytes.substr(0, 72), bytes.data() + 80, bytes.size() - 80);
  for (int i = 0; i < 8; ++i) bytes[72 + i] = static_cast<char>(sum >> (8 * i) & 0xFF);
  try {
    parse_certificate(bytes, "c.cert");
    FAIL("a claim of side 2 was read");
  } catch (const InputError& e) {
    CHECK(std::string(e.what()) == "c.cert: the claim names no side (2)");
  }
}

TEST_CASE("certificates: a changed body never crashes the checker", "[proof][certificate]") {
  const Certificate good = parse_certificate(
      make_placement_certificate(random_placement(Game::HighLow, 6, 2, 0), {}), "t.cert");
  REQUIRE(certify(good).valid);
  std::string good_body;
  CertificateBody reader(good);
  for (uint8_t b = 0; reader.next(b);) good_body.push_back(static_cast<char>(b));
  SplitMix64 rng(41);
  int refused = 0;
  const int tries = 300;
  for (int i = 0; i < tries; ++i) {
    std::string body = good_body;
    const size_t at = rng.below(body.size());
    switch (rng.below(3)) {
      case 0:  // a byte changed
        body[at] = static_cast<char>(body[at] ^ (1 + rng.below(255)));
        break;
      case 1:  // cut short
        body.resize(at);
        break;
      default:  // a byte inserted
        body.insert(body.begin() + static_cast<long>(at), static_cast<char>(rng.below(256)));
    }
    const CertifyReport r = certify(certificate_with_body(good.header, body));
    if (!r.valid) {
      ++refused;
      CHECK_FALSE(r.failure.empty());
      CHECK_FALSE(r.node.empty());
    }
  }
  // A change may leave a valid proof (another winning placement, another
  // fitting relabelling, ...), but few do.
  CHECK(refused > tries * 9 / 10);
}
