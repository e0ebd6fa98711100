// XXH64, the 64-bit xxHash: the checksum of table headers, indexes and
// blocks. Written out here (a few dozen lines) rather than taken from a
// library so that the file format depends on nothing that could change.
#pragma once

#include <cstddef>
#include <cstdint>

namespace scarney::tablebase {

uint64_t xxh64(const void* data, size_t size, uint64_t seed = 0);

}  // namespace scarney::tablebase
