// Certificates (proof/certificate.h) and their checker (proof/certify.h).
// The first byte of the input holds flags, the rest is the file:
//   bit 0  the header's checksum set right after the mutation;
//   bit 1  the header's compressed size set to what follows the header;
//   bit 2  what follows the 80-byte header is the body uncompressed: the
//          harness compresses it and sets both sizes and the checksum, so
//          that the fuzzer writes records rather than zstd frames.
// Reading must either succeed or throw InputError (CertificateDamaged is
// one); a certificate read is checked by certify(), which must answer
// (valid, not valid, never a crash), and a valid one must hold the counts
// its header gives.
#include "fuzz_util.h"
#include "proof/certificate.h"
#include "proof/certify.h"

using namespace scarney;

namespace {

constexpr size_t kHeader = kCertificateHeaderSize;
// Beyond this a body's walk, or its leaf boards' solving, could outlast
// the 10-second limit per input without anything being wrong.
constexpr uint64_t kMostBody = 1 << 20;

void put(std::string& s, size_t at, uint64_t v) {
  for (int i = 0; i < 8; ++i) s[at + i] = static_cast<char>(v >> (8 * i));
}

std::string file_of(uint8_t flags, std::string bytes) {
  if (bytes.size() < kHeader) return bytes;
  if (flags & 4) {
    // The header's fields read as they are (sizes and checksum set for an
    // empty body), then the body compressed here.
    std::string head = bytes.substr(0, kHeader);
    put(head, 56, 0);
    put(head, 64, 0);
    put(head, 72, certificate_checksum(head.substr(0, 72), nullptr, 0));
    try {
      const Certificate c = parse_certificate(head, "fuzz.cert");
      const Certificate made = certificate_with_body(c.header, bytes.substr(kHeader));
      put(head, 56, made.header.body_size);
      put(head, 64, made.header.packed_size);
      put(head, 72, made.header.checksum);
      return head + made.packed;
    } catch (const InputError&) {
      // the fields are no header: fed as they are
    }
  }
  if (flags & 2) put(bytes, 64, bytes.size() - kHeader);
  if (flags & 1)
    put(bytes, 72,
        certificate_checksum(bytes.substr(0, 72), bytes.data() + kHeader, bytes.size() - kHeader));
  return bytes;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const std::string file = file_of(data[0], std::string(fuzz::text_of(data + 1, size - 1)));
  Certificate c;
  try {
    c = parse_certificate(file, "fuzz.cert");
  } catch (const InputError&) {
    return 0;  // the expected answer to bad input
  }
  fuzz::check(c.packed.size() == c.header.packed_size, "the body read is the size the header says");
  if (c.header.body_size > kMostBody) return 0;
  const CertifyReport r = certify(c);
  fuzz::check(r.valid != !r.failure.empty(), "a failure is said exactly when not valid");
  if (!r.valid) fuzz::check(!r.node.empty(), "a failure names its node");
  if (r.valid)
    fuzz::check(r.nodes == c.header.nodes && r.leaves == c.header.leaves &&
                    r.references == c.header.references &&
                    r.certificates.size() == c.header.certificates,
                "a valid certificate holds the counts of its header");
  (void)certificate_position_text(c.header);
  return 0;
}
