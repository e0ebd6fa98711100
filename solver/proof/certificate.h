// A certificate: the proof of who wins a High-Low placement position, in a
// file that anyone can check (proof/certify.h) without the search that
// made it.
//
// The proof is an AND/OR tree over partial boards: at the winner's turns
// one placement, at the loser's turns every placement, down to complete
// boards (the leaves), where the winner of the game played on the board is
// re-solved by the checker. A node equal to one written before, up to a
// relabelling (a symmetry of the square and a change of colours that keeps
// black, and on a partial board A's colours), refers to it instead of
// repeating it.
//
// The file (all integers little-endian):
//
//    offset  size
//         0     8   magic "SCNYCERT"
//         8     2   format version (1, or 2 when the body holds a colour
//                     choice or a record 0x02)
//        10     1   game (3: High-Low)
//        11     1   the claim: the winner, 0 = A, 1 = B
//        12     1   A's colours (bit c for colour c: 1 black, 2 red, 4 yellow, 8 green)
//        13     3   zero
//        16     2   the root's occupied circles (bit c for circle C(c+1))
//        18     6   version 2: records 0x02 (certificates referred to); 1: zero
//        24     8   the root's pawns, a nibble per circle (board/board.h's layout)
//        32     8   nodes written (records 0x00)
//        40     8   of which complete boards (the leaves)
//        48     8   references (records 0x01)
//        56     8   body size, uncompressed
//        64     8   body size, compressed
//        72     8   checksum: FNV-1a 64 of bytes 0..71 and the compressed body
//        80         the body: one zstd frame
//
// The body is the tree in depth-first order from the root, one record per
// node:
//   0x00                a node, numbered in order of appearance (the root
//                       is 0); then, by what the board says:
//                         colour choice    (version 2: the empty board, A's
//                                          colours 0) the winner A: 1 byte,
//                                          his two colours, then the child's
//                                          record; the loser A: 1 byte, 6,
//                                          then the six children's records,
//                                          in placement_moves' order
//                         complete board   nothing (a leaf)
//                         winner to place  1 byte: pawn << 4 | circle (0-based),
//                                          then the child's record
//                         loser to place   1 byte: the number of his placements,
//                                          then the records of every child in
//                                          order: pawn ascending, then circle
//   0x01 k s m          this node is node k (LEB128) relabelled: circle c
//                       goes to symmetry s's image of c (board/symmetry.h,
//                       1 byte), colour c to colour (m >> 2c) & 3 (1 byte)
//   0x02 d s m          (version 2) a node proven by another certificate:
//                       d the SHA-256 of its file (32 bytes), whose root
//                       relabelled by s and m (as for 0x01) is this node's
//                       board and A's colours, and whose claim is this one.
//                       It takes a number as a 0x00 node does.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "board/board.h"
#include "games/game.h"
#include "proof/sha256.h"
#include "util/input_error.h"

struct ZSTD_CCtx_s;  // zstd's compression context (zstd.h stays in the source)
struct ZSTD_DCtx_s;  // and its decompression context

namespace scarney {

inline constexpr char kCertificateMagic[8] = {'S', 'C', 'N', 'Y', 'C', 'E', 'R', 'T'};
// The newest version written; every version from 1 up to it is read.
inline constexpr uint16_t kCertificateVersion = 2;
inline constexpr size_t kCertificateHeaderSize = 80;
inline constexpr uint8_t kRecordNode = 0x00, kRecordRef = 0x01, kRecordCertificate = 0x02;

struct CertificateHeader {
  uint16_t version = kCertificateVersion;
  uint8_t game = 3;
  Side winner = Side::A;  // the claim (byte 11: 0 for A, 1 for B)
  uint8_t a_colours = 0;  // the root's; 0 (version 2): before A's colour choice
  Board root;
  uint64_t nodes = 0, leaves = 0, references = 0;
  uint64_t certificates = 0;  // version 2: records 0x02
  uint64_t body_size = 0, packed_size = 0;
  uint64_t checksum = 0;
};

// A relabelling as a certificate records it.
struct CertificateRelabel {
  uint8_t square = 0;  // a symmetry of board/symmetry.h
  std::array<uint8_t, 4> colour{0, 1, 2, 3};
  uint8_t colour_byte() const {
    return static_cast<uint8_t>(colour[0] | colour[1] << 2 | colour[2] << 4 | colour[3] << 6);
  }
};

// Writes the body record by record, compressing it as it goes (a proof of
// 13 pawns left has a body of several hundred megabytes: it is never held
// whole), and the whole file at the end.
class CertificateBuilder {
 public:
  CertificateBuilder() : CertificateBuilder(9) {}
  explicit CertificateBuilder(int level);  // zstd's level

  // Returns the new node's number.
  uint64_t node(bool leaf);
  // After a node where the winner places: his placement.
  void placement(Pawn p, Circle c);
  // After a node where the loser places: how many placements he has.
  void replies(int count);
  void reference(uint64_t node, const CertificateRelabel& r);
  // Version 2. After the node of the empty board before the colour choice:
  // the winner A's two colours, or (the loser A) the count of his six
  // choices, the children following.
  void colour_choice(uint8_t colours);
  void choices(int count);
  // A node proven by the certificate of this digest, whose root relabelled
  // by r is this node's position. Returns the node's number.
  uint64_t certificate(const Sha256Digest& digest, const CertificateRelabel& r);
  // The file's bytes: header (with `header`'s claim and root, the counts
  // filled in), compressed body, checksum. Once: it ends the body.
  std::string finish(CertificateHeader header);
  uint64_t nodes() const { return nodes_; }
  uint64_t leaves() const { return leaves_; }
  uint64_t references() const { return references_; }
  uint64_t certificates() const { return certificates_; }
  uint64_t body_size() const { return compressed_ + body_.size(); }

 private:
  // Compresses what body_ holds into packed_ (`end`: and ends the frame).
  void spill(bool end);
  void spill_if_large() {
    if (body_.size() >= kSpillBytes) spill(false);
  }
  static constexpr size_t kSpillBytes = size_t{4} << 20;

  std::string body_;         // written, not compressed yet
  std::string packed_;       // the compressed body so far
  uint64_t compressed_ = 0;  // body bytes in packed_
  int level_;
  std::unique_ptr<ZSTD_CCtx_s, void (*)(ZSTD_CCtx_s*)> zstd_;
  uint64_t nodes_ = 0, leaves_ = 0, references_ = 0, certificates_ = 0;
  // Version 1 unless a record of version 2 is written: a proof without
  // them is byte for byte what version 1 wrote.
  uint16_t version_ = 1;
};

// A certificate read back: the header checked (magic, version, checksum,
// sizes, the bytes that must be zero) and the compressed body kept as it
// is: certify() decompresses it as it walks the tree (CertificateBody), so
// that the body's size in the header, a claim until the bytes are there,
// never decides how much memory is taken, and a body of 13 pawns left
// (several hundred megabytes) is never held whole. Throws InputError
// "FILE: ..." when the file is not a certificate (or of another version),
// CertificateDamaged when it is one but truncated or damaged: a check that
// fails.
struct CertificateDamaged : InputError {
  using InputError::InputError;
};
struct Certificate {
  CertificateHeader header;
  std::string packed;  // the compressed body, as in the file
  std::string name;    // the file's name, for messages
};
Certificate read_certificate(const std::string& path);
// The same from the file's bytes; `name` locates the errors.
Certificate parse_certificate(std::string bytes, const std::string& name);
// A certificate of `header`'s claim and root around the body `body`,
// compressed here, the header's sizes and checksum set (tests that change
// a body byte by byte).
Certificate certificate_with_body(CertificateHeader header, const std::string& body);

// The body of a certificate, read a byte at a time while zstd decompresses
// it a chunk (128 KB) at a time. A body that does not decompress, or is
// longer or shorter than the header says, throws CertificateDamaged naming
// the file and the body's byte.
class CertificateBody {
 public:
  explicit CertificateBody(const Certificate& c);
  ~CertificateBody();
  CertificateBody(const CertificateBody&) = delete;
  CertificateBody& operator=(const CertificateBody&) = delete;

  // The next byte; false at the end of the body.
  bool next(uint8_t& byte) {
    if (at_ == size_ && !refill()) return false;
    byte = static_cast<uint8_t>(chunk_[at_++]);
    return true;
  }
  // The bytes read so far.
  uint64_t position() const { return done_ + at_; }

 private:
  bool refill();
  [[noreturn]] void damaged(const std::string& what) const;
  const Certificate& c_;
  ::ZSTD_DCtx_s* zstd_ = nullptr;
  size_t in_pos_ = 0;  // of c_.packed
  std::string chunk_;
  size_t at_ = 0, size_ = 0;  // chunk_[at_, size_) is still to read
  uint64_t done_ = 0;         // bytes of the body before the chunk
  bool ended_ = false;        // the frame is complete
};

// The checksum of the header's first 72 bytes and the compressed body.
uint64_t certificate_checksum(const std::string& header72, const char* packed, size_t size);

}  // namespace scarney
