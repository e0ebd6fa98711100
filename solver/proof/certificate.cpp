#include "proof/certificate.h"

#include <unistd.h>
#include <zstd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <memory>
#include <new>
#include <stdexcept>

#include "util/input_error.h"
#include "util/input_file.h"

namespace scarney {
namespace {

void put(std::string& out, uint64_t v, int bytes) {
  for (int i = 0; i < bytes; ++i) out.push_back(static_cast<char>(v >> (8 * i) & 0xFF));
}

uint64_t get(const std::string& in, size_t at, int bytes) {
  uint64_t v = 0;
  for (int i = 0; i < bytes; ++i) v |= uint64_t{static_cast<uint8_t>(in[at + i])} << (8 * i);
  return v;
}

std::string header_bytes(const CertificateHeader& h) {
  std::string out(kCertificateMagic, sizeof kCertificateMagic);
  put(out, h.version, 2);
  put(out, h.game, 1);
  put(out, side_index(h.winner), 1);
  put(out, h.a_colours, 1);
  put(out, 0, 3);
  put(out, h.root.occupied(), 2);
  put(out, h.version >= 2 ? h.certificates : 0, 6);
  put(out, h.root.pawn_nibbles(), 8);
  for (uint64_t v : {h.nodes, h.leaves, h.references, h.body_size, h.packed_size}) put(out, v, 8);
  return out;  // 72 bytes: the checksum follows
}

[[noreturn]] void bad(const std::string& name, const std::string& what) {
  throw CertificateDamaged(SourceLocation{name, 0, 0}, what);
}
[[noreturn]] void not_one(const std::string& name, const std::string& what) {
  throw InputError(SourceLocation{name, 0, 0}, what);
}

// The root board of a header: every occupied circle holds a pawn, no pawn
// twice, empty circles hold nibble 0.
Board root_of(uint16_t occupied, uint64_t nibbles, const std::string& name) {
  uint16_t seen = 0;
  for (Circle c = 0; c < kCircles; ++c) {
    const Pawn p = static_cast<Pawn>(nibbles >> (4 * c) & 15);
    if (!(occupied >> c & 1)) {
      if (p != 0)
        bad(name, "not a valid certificate: the root board has a pawn on an empty circle");
      continue;
    }
    if (seen >> p & 1)
      bad(name, "not a valid certificate: the root board holds " + pawn_name(p) + " twice");
    seen |= static_cast<uint16_t>(1u << p);
  }
  return Board::of_key(nibbles, occupied);
}

}  // namespace

uint64_t certificate_checksum(const std::string& header72, const char* packed, size_t size) {
  uint64_t h = 0xcbf29ce484222325ull;
  const auto mix = [&h](const char* p, size_t n) {
    for (size_t i = 0; i < n; ++i) {
      h ^= static_cast<uint8_t>(p[i]);
      h *= 0x100000001b3ull;
    }
  };
  mix(header72.data(), header72.size());
  mix(packed, size);
  return h;
}

CertificateBuilder::CertificateBuilder(int level)
    : level_(level), zstd_(nullptr, [](ZSTD_CCtx* c) { ZSTD_freeCCtx(c); }) {}

uint64_t CertificateBuilder::node(bool leaf) {
  spill_if_large();
  body_.push_back(static_cast<char>(kRecordNode));
  if (leaf) ++leaves_;
  return nodes_++;
}

void CertificateBuilder::placement(Pawn p, Circle c) {
  body_.push_back(static_cast<char>(p << 4 | c));
}

void CertificateBuilder::replies(int count) { body_.push_back(static_cast<char>(count)); }

void CertificateBuilder::colour_choice(uint8_t colours) {
  body_.push_back(static_cast<char>(colours));
  version_ = 2;
}

void CertificateBuilder::choices(int count) {
  body_.push_back(static_cast<char>(count));
  version_ = 2;
}

uint64_t CertificateBuilder::certificate(const Sha256Digest& digest, const CertificateRelabel& r) {
  body_.push_back(static_cast<char>(kRecordCertificate));
  body_.append(reinterpret_cast<const char*>(digest.data()), digest.size());
  body_.push_back(static_cast<char>(r.square));
  body_.push_back(static_cast<char>(r.colour_byte()));
  version_ = 2;
  ++certificates_;
  return nodes_++;
}

void CertificateBuilder::reference(uint64_t node, const CertificateRelabel& r) {
  spill_if_large();
  body_.push_back(static_cast<char>(kRecordRef));
  do {  // LEB128
    const uint8_t low = node & 0x7F;
    node >>= 7;
    body_.push_back(static_cast<char>(node ? low | 0x80 : low));
  } while (node);
  body_.push_back(static_cast<char>(r.square));
  body_.push_back(static_cast<char>(r.colour_byte()));
  ++references_;
}

// The stream's chunks are cut where records begin, at fixed sizes: the
// bytes are the same from one run to the next.
void CertificateBuilder::spill(bool end) {
  if (!zstd_) {
    zstd_.reset(ZSTD_createCCtx());
    if (!zstd_) throw std::bad_alloc();
    ZSTD_CCtx_setParameter(zstd_.get(), ZSTD_c_compressionLevel, level_);
  }
  ZSTD_inBuffer in{body_.data(), body_.size(), 0};
  for (;;) {
    const size_t at = packed_.size();
    packed_.resize(at + ZSTD_CStreamOutSize());
    ZSTD_outBuffer out{packed_.data() + at, ZSTD_CStreamOutSize(), 0};
    const size_t left =
        ZSTD_compressStream2(zstd_.get(), &out, &in, end ? ZSTD_e_end : ZSTD_e_continue);
    packed_.resize(at + out.pos);
    if (ZSTD_isError(left))
      throw std::runtime_error(std::string("zstd: ") + ZSTD_getErrorName(left));
    if (end ? left == 0 : in.pos == in.size) break;
  }
  compressed_ += body_.size();
  body_.clear();
}

std::string CertificateBuilder::finish(CertificateHeader h) {
  const uint64_t body_bytes = body_size();
  spill(true);
  zstd_.reset();
  h.nodes = nodes_;
  h.leaves = leaves_;
  h.references = references_;
  h.certificates = certificates_;
  h.version = version_;
  h.body_size = body_bytes;
  h.packed_size = packed_.size();
  std::string out = header_bytes(h);
  put(out, certificate_checksum(out, packed_.data(), packed_.size()), 8);
  // The header put before the body in place: one copy of the file in memory.
  packed_.insert(0, out);
  return std::move(packed_);
}

namespace {

// The header's fields, checked against each other and against the bytes
// that follow it (`have` of them): everything but the body's contents.
CertificateHeader parse_header(const std::string& bytes, uint64_t have, const std::string& name) {
  CertificateHeader h;
  h.version = static_cast<uint16_t>(get(bytes, 8, 2));
  if (h.version < 1 || h.version > kCertificateVersion)
    not_one(name, "certificate format version " + std::to_string(h.version) +
                      ", this program reads versions 1 to " + std::to_string(kCertificateVersion));
  h.game = static_cast<uint8_t>(get(bytes, 10, 1));
  const uint64_t winner = get(bytes, 11, 1);  // checked after the checksum
  h.a_colours = static_cast<uint8_t>(get(bytes, 12, 1));
  h.certificates = get(bytes, 18, 6);
  h.nodes = get(bytes, 32, 8);
  h.leaves = get(bytes, 40, 8);
  h.references = get(bytes, 48, 8);
  h.body_size = get(bytes, 56, 8);
  h.packed_size = get(bytes, 64, 8);
  h.checksum = get(bytes, 72, 8);
  if (have < h.packed_size)
    bad(name, "truncated: the body has " + std::to_string(have) + " of its " +
                  std::to_string(h.packed_size) + " bytes");
  if (have > h.packed_size)
    bad(name, std::to_string(have - h.packed_size) +
                  (have - h.packed_size == 1 ? " byte" : " bytes") + " after the body");
  const char* packed = bytes.data() + kCertificateHeaderSize;
  if (certificate_checksum(bytes.substr(0, 72), packed, h.packed_size) != h.checksum)
    bad(name, "bad checksum: the file was changed or damaged after it was written");
  if (h.game != 3) bad(name, "not a High-Low certificate (game " + std::to_string(h.game) + ")");
  if (winner > 1) bad(name, "the claim names no side (" + std::to_string(winner) + ")");
  h.winner = winner == 0 ? Side::A : Side::B;
  // What the format keeps zero is zero: a writer that put something there
  // is not one this program knows.
  if (get(bytes, 13, 3) != 0) bad(name, "header bytes 13 to 15 are not zero");
  if (h.version < 2 && h.certificates != 0)
    bad(name, "header bytes 18 to 23 are not zero (version 1 names no certificate)");
  h.root = root_of(static_cast<uint16_t>(get(bytes, 16, 2)), get(bytes, 24, 8), name);
  return h;
}

}  // namespace

Certificate parse_certificate(std::string bytes, const std::string& name) {
  if (bytes.size() < sizeof kCertificateMagic ||
      std::memcmp(bytes.data(), kCertificateMagic, sizeof kCertificateMagic) != 0)
    not_one(name, "not a scarney certificate (it does not begin with SCNYCERT)");
  if (bytes.size() < kCertificateHeaderSize)
    bad(name, "truncated: " + std::to_string(bytes.size()) + " bytes, shorter than the " +
                  std::to_string(kCertificateHeaderSize) + "-byte header");
  Certificate c;
  c.header = parse_header(bytes, bytes.size() - kCertificateHeaderSize, name);
  c.name = name;
  // The body in place of the file's bytes: one copy in memory.
  bytes.erase(0, kCertificateHeaderSize);
  c.packed = std::move(bytes);
  return c;
}

Certificate certificate_with_body(CertificateHeader h, const std::string& body) {
  std::string packed(ZSTD_compressBound(body.size()), '\0');
  const size_t n = ZSTD_compress(packed.data(), packed.size(), body.data(), body.size(), 1);
  if (ZSTD_isError(n)) throw std::runtime_error(std::string("zstd: ") + ZSTD_getErrorName(n));
  packed.resize(n);
  h.body_size = body.size();
  h.packed_size = n;
  const std::string head = header_bytes(h);
  h.checksum = certificate_checksum(head, packed.data(), packed.size());
  return Certificate{h, std::move(packed), "test.cert"};
}

CertificateBody::CertificateBody(const Certificate& c)
    : c_(c), zstd_(ZSTD_createDCtx()), chunk_(ZSTD_DStreamOutSize(), '\0') {
  if (!zstd_) throw std::bad_alloc();
}

CertificateBody::~CertificateBody() { ZSTD_freeDCtx(zstd_); }

void CertificateBody::damaged(const std::string& what) const {
  throw CertificateDamaged(SourceLocation{c_.name, 0, 0},
                           "damaged body at byte " + std::to_string(position()) + ": " + what);
}

// The next chunk of the body; false at its end, once checked against the
// header's size and the frame's end.
bool CertificateBody::refill() {
  done_ += size_;
  at_ = size_ = 0;
  while (size_ == 0 && !ended_) {
    ZSTD_inBuffer in{c_.packed.data(), c_.packed.size(), in_pos_};
    ZSTD_outBuffer out{chunk_.data(), chunk_.size(), 0};
    const size_t r = ZSTD_decompressStream(zstd_, &out, &in);
    in_pos_ = in.pos;
    if (ZSTD_isError(r)) damaged(ZSTD_getErrorName(r));
    size_ = out.pos;
    // Never more than the header says, however the body was made.
    if (done_ + size_ > c_.header.body_size) damaged("longer than the header says");
    if (r == 0) {
      ended_ = true;  // the frame is complete
      if (in.pos != in.size) damaged("bytes after the compressed frame");
    } else if (in.pos == in.size && out.pos < out.size) {
      damaged("truncated: the compressed frame ends early");
    }
  }
  if (size_ > 0) return true;
  if (done_ != c_.header.body_size)
    damaged("shorter than the header says (" + std::to_string(c_.header.body_size) + " bytes)");
  return false;
}

namespace {

// Appends up to `count` bytes of fd to `out`; fewer only at the end.
void read_bytes(int fd, uint64_t count, std::string& out, const std::string& path) {
  char buf[1 << 16];
  while (count > 0) {
    const ssize_t n = ::read(fd, buf, std::min<uint64_t>(count, sizeof buf));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw InputError("cannot read " + path + ": " + std::strerror(errno));
    if (n == 0) return;
    out.append(buf, static_cast<size_t>(n));
    count -= static_cast<uint64_t>(n);
  }
}

}  // namespace

Certificate read_certificate(const std::string& path) {
  // Read as the header says, never more: a device such as /dev/zero fails
  // at the magic, a huge file after its body.
  const int fd = open_input_file(path);
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  std::string bytes;
  read_bytes(fd, kCertificateHeaderSize, bytes, path);
  if (bytes.size() == kCertificateHeaderSize &&
      std::memcmp(bytes.data(), kCertificateMagic, sizeof kCertificateMagic) == 0) {
    const uint64_t packed = get(bytes, 64, 8);
    read_bytes(fd, packed, bytes, path);
    std::string more;
    read_bytes(fd, 1, more, path);
    if (!more.empty()) bad(path, "more bytes after the body than the header says");
  }
  return parse_certificate(std::move(bytes), path);
}

}  // namespace scarney
