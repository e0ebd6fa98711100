// Certificate format version 2: the colour choice at the top and the nodes
// proven by other certificates (named by SHA-256), made by ProofTop and
// checked by certify and check_references; and tampered with.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "placement/frontier_solve.h"
#include "placement/placement_certificate.h"
#include "placement/proof_top.h"
#include "placement/random_placement.h"
#include "proof/certificate.h"
#include "proof/certify.h"
#include "proof/certify_references.h"
#include "test_util.h"

using namespace scarney;
using scarney::test::scratch_dir;

namespace {

using scarney::test::has;

Certificate parsed(const std::string& bytes) { return parse_certificate(bytes, "test"); }

// A proof of a 7-left position cut at 5 left, made in dir.
std::string proven_top(const std::string& dir) {
  const PlacementState root = random_placement(Game::HighLow, 7, 1, 0);
  ProofTopOptions o;
  o.frontier = 5;
  o.dir = dir;
  ProofTop top(root, o);
  for (int round = 0; !top.evaluate(); ++round) {
    REQUIRE(round < 10);
    solve_frontier(top.pending(), dir, {});
  }
  const std::string bytes = top.certificate();
  std::ofstream(dir + "/top.cert", std::ios::binary) << bytes;
  return bytes;
}

std::vector<ReferenceCheck> check_all(const std::string& bytes, const std::string& dir) {
  const Certificate c = parsed(bytes);
  const CertifyReport r = certify(c);
  REQUIRE(r.valid);
  return check_references(r, c.header.winner, index_certificates(dir), {});
}

size_t count(const std::vector<ReferenceCheck>& v, ReferenceCheck::Outcome o) {
  size_t n = 0;
  for (const auto& c : v) n += c.outcome == o;
  return n;
}

}  // namespace

TEST_CASE("certificate v2: a proof top names its frontier, all valid", "[proof][certificate][v2]") {
  const auto dir = scratch_dir("certificate-v2", "top").string();
  const std::string bytes = proven_top(dir);
  const Certificate c = parsed(bytes);
  CHECK(c.header.version == 2);
  CHECK(c.header.certificates > 0);
  const auto checks = check_all(bytes, dir);
  CHECK(checks.size() == c.header.certificates);
  CHECK(count(checks, ReferenceCheck::Outcome::Valid) == checks.size());
  std::filesystem::remove_all(dir);
}

TEST_CASE("certificate v2: a missing or changed frontier certificate is named",
          "[proof][certificate][v2]") {
  const auto dir = scratch_dir("certificate-v2", "missing").string();
  const std::string bytes = proven_top(dir);
  const Certificate c = parsed(bytes);
  const CertifyReport top = certify(c);
  REQUIRE(top.certificates.size() >= 2);
  // One removed, another remade with a byte more: its hash no longer fits.
  const auto path_of = [&](size_t i) {
    return index_certificates(dir).at(top.certificates[i].digest);
  };
  const std::string changed = path_of(1);
  std::filesystem::remove(path_of(0));
  std::ofstream(changed, std::ios::app | std::ios::binary) << '\0';
  const auto checks = check_references(top, c.header.winner, index_certificates(dir), {});
  CHECK(count(checks, ReferenceCheck::Outcome::Missing) == 2);
  CHECK(has(checks[0].failure, "no certificate with SHA-256 " + hex(top.certificates[0].digest)));
  CHECK(has(checks[0].at, " places "));
  std::filesystem::remove_all(dir);
}

TEST_CASE("certificate v2: a named certificate of another claim or position is refused",
          "[proof][certificate][v2]") {
  const auto dir = scratch_dir("certificate-v2", "mismatch").string();
  // A certificate of one position, named at a node of another.
  const PlacementState p = random_placement(Game::HighLow, 5, 1, 0);
  const PlacementState q = random_placement(Game::HighLow, 5, 1, 1);
  CertificateMade made;
  const std::string cert = make_placement_certificate(p, {}, &made);
  std::ofstream(dir + "/p.cert", std::ios::binary) << cert;
  const auto top_of = [&](const PlacementState& root, Side winner) {
    CertificateBuilder b;
    b.certificate(sha256(cert), CertificateRelabel{});
    CertificateHeader h;
    h.winner = winner;
    h.a_colours = root.a_colours;
    h.root = root.board;
    return b.finish(h);
  };
  const Side w = made.a_wins ? Side::A : Side::B;
  const auto same = check_all(top_of(p, w), dir);
  REQUIRE(same.size() == 1);
  CHECK(same[0].outcome == ReferenceCheck::Outcome::Valid);
  const auto other_claim = check_all(top_of(p, other(w)), dir);
  CHECK(other_claim[0].outcome == ReferenceCheck::Outcome::Invalid);
  CHECK(has(other_claim[0].failure, "does not prove the node: it claims"));
  const auto other_position = check_all(top_of(q, w), dir);
  CHECK(other_position[0].outcome == ReferenceCheck::Outcome::Invalid);
  CHECK(has(other_position[0].failure, "its root relabelled is"));
  std::filesystem::remove_all(dir);
}

namespace {

// A top from the empty board: the colour choice, then records 0x02 (or
// references) below it; the names are not looked up here.
std::string choice_top(Side winner, const std::function<void(CertificateBuilder&)>& body) {
  CertificateBuilder b;
  b.node(false);
  body(b);
  CertificateHeader h;
  h.winner = winner;
  return b.finish(h);
}

CertificateRelabel swap_red_yellow() {
  CertificateRelabel r;
  r.colour = {0, 2, 1, 3};
  return r;
}

}  // namespace

TEST_CASE("certificate v2: the colour choice at the top", "[proof][certificate][v2]") {
  // A wins: one choice.
  const CertifyReport a = certify(parsed(choice_top(Side::A, [](CertificateBuilder& b) {
    b.colour_choice(3);
    b.certificate(Sha256Digest{}, {});
  })));
  CHECK(a.valid);
  REQUIRE(a.certificates.size() == 1);
  CHECK(a.certificates[0].a_colours == 3);
  CHECK(a.certificates[0].path == "A takes black and red");
  // Not two colours.
  const CertifyReport bad = certify(parsed(choice_top(Side::A, [](CertificateBuilder& b) {
    b.colour_choice(7);
    b.certificate(Sha256Digest{}, {});
  })));
  CHECK_FALSE(bad.valid);
  CHECK(has(bad.failure, "is not two colours"));
  // B wins: all six, the second (black and yellow) by the first relabelled.
  const auto six = [](bool good) {
    return choice_top(Side::B, [good](CertificateBuilder& b) {
      b.choices(6);
      b.certificate(Sha256Digest{}, {});
      b.reference(1, good ? swap_red_yellow() : CertificateRelabel{});
      for (int i = 0; i < 4; ++i) b.certificate(Sha256Digest{}, {});
    });
  };
  const CertifyReport b = certify(parsed(six(true)));
  CHECK(b.valid);
  CHECK(b.certificates.size() == 5);
  CHECK(b.references == 1);
  const CertifyReport wrong = certify(parsed(six(false)));
  CHECK_FALSE(wrong.valid);
  CHECK(has(wrong.failure, "does not keep A's colours"));
  // Five choices answered.
  const CertifyReport five = certify(parsed(choice_top(Side::B, [](CertificateBuilder& b) {
    b.choices(5);
    for (int i = 0; i < 5; ++i) b.certificate(Sha256Digest{}, {});
  })));
  CHECK_FALSE(five.valid);
  CHECK(has(five.failure, "A has 6 colour choices, the certificate answers 5"));
}

TEST_CASE("certificate v2: version 1 files hold no version 2 records", "[proof][certificate][v2]") {
  // A proof without them is written as version 1, byte for byte as before.
  const std::string v1 = make_placement_certificate(random_placement(Game::HighLow, 4, 1, 0), {});
  CHECK(parsed(v1).header.version == 1);
  CHECK(certify(parsed(v1)).valid);
}

TEST_CASE("certificate v2: the list certificates.sha256 locates, a wrong line is ignored",
          "[proof][certificate][v2]") {
  const auto dir = scratch_dir("certificate-v2", "list").string();
  const PlacementState root = random_placement(Game::HighLow, 7, 1, 0);
  ProofTopOptions o;
  o.frontier = 5;
  o.dir = dir;
  ProofTop top(root, o);
  while (!top.evaluate()) solve_frontier(top.pending(), dir, {});
  const CertifyReport r = certify(parsed(top.certificate()));
  REQUIRE(r.certificates.size() >= 2);
  const auto index = index_certificates(dir);
  // Every named certificate on the list, under its file name.
  for (const CertificateReference& c : r.certificates)
    CHECK(has(top.certificate_list(),
              certificate_list_line(
                  c.digest, std::filesystem::path(index.at(c.digest)).filename().string())));
  // A list whose first line names the wrong file: found all the same.
  const Sha256Digest first = r.certificates[0].digest, second = r.certificates[1].digest;
  std::ofstream(dir + "/certificates.sha256")
      << certificate_list_line(first, std::filesystem::path(index.at(second)).filename().string());
  CertificateLocator locate(dir);
  CHECK(locate.find(first) == index.at(first));
  CHECK(locate.find(second) == index.at(second));
  CHECK_FALSE(locate.find(Sha256Digest{}).has_value());
  std::filesystem::remove_all(dir);
}
