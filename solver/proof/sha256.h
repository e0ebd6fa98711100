// SHA-256 (FIPS 180-4), to name a certificate by its file's bytes: a
// certificate of format version 2 refers to another by this digest, so
// that the proof it names is exactly the file checked, whatever its name.
// Written here rather than taken from a library so that the checker needs
// nothing beyond the rules kernel and zstd; tested against the standard's
// examples (tests/core/sha256_test.cpp).
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <string>
#include <string_view>

namespace scarney {

using Sha256Digest = std::array<uint8_t, 32>;

class Sha256 {
 public:
  Sha256();
  void update(std::string_view bytes);
  Sha256Digest finish();

 private:
  void block(const uint8_t* p);
  std::array<uint32_t, 8> h_;
  std::array<uint8_t, 64> buffer_{};
  size_t buffered_ = 0;
  uint64_t length_ = 0;  // bytes
};

Sha256Digest sha256(std::string_view bytes);
// The digest of a regular file's bytes; throws InputError when it cannot
// be read or is not a regular file (a device such as /dev/zero never
// ends). Once *stop is set it stops reading: the digest is then of part
// of the file, and the caller looks at the flag.
Sha256Digest sha256_of_file(const std::string& path, const std::atomic<bool>* stop = nullptr);
// 64 lowercase hex digits, as sha256sum prints them.
std::string hex(const Sha256Digest& d);

}  // namespace scarney
