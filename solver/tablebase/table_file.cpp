#include "tablebase/table_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zstd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>

#include "tablebase/checksum.h"
#include "tablebase/little_endian.h"
#include "util/input_file.h"

namespace scarney::tablebase {
namespace {

constexpr char kMagic[8] = {'S', 'C', 'R', 'N', 'Y', 'T', 'B', '\x1a'};

constexpr auto put = put_le;
constexpr auto get = get_le;

// Header layout: offset, width.
enum Field : int {
  kVersion = 8,        // u32
  kRules = 12,         // u16
  kGame = 14,          // u8
  kKind = 15,          // u8
  kPawnCount = 16,     // u8
  kGroup = 17,         // u8
  kEncoding = 18,      // u8
  kBits = 19,          // u8
  kBlockEntries = 20,  // u32
  kEntries = 24,       // u64
  kMaterials = 32,     // u32
  kBlocks = 36,        // u32
  kIndexOffset = 40,   // u64
  kFileSize = 48,      // u64
  kIndexSum = 56,      // u64
  kCanonical = 64,     // u64
  kLevel = 72,         // u8
  kHeaderSum = 120,    // u64
};

std::array<uint8_t, kHeaderBytes> encode(const TableHeader& h) {
  std::array<uint8_t, kHeaderBytes> b{};
  std::memcpy(b.data(), kMagic, 8);
  const KindInfo& k = info(h.kind);
  put(&b[kVersion], kFormatVersion, 4);
  put(&b[kRules], kRulesVariant, 2);
  put(&b[kGame], static_cast<uint64_t>(k.game), 1);
  put(&b[kKind], static_cast<uint64_t>(h.kind), 1);
  put(&b[kPawnCount], static_cast<uint64_t>(h.pawns), 1);
  put(&b[kGroup], static_cast<uint64_t>(k.group), 1);
  put(&b[kEncoding], static_cast<uint64_t>(k.encoding), 1);
  put(&b[kBits], static_cast<uint64_t>(k.bits_per_entry), 1);
  put(&b[kBlockEntries], h.block_entries, 4);
  put(&b[kEntries], h.entries, 8);
  put(&b[kMaterials], h.materials, 4);
  put(&b[kBlocks], h.blocks, 4);
  put(&b[kIndexOffset], h.index_offset, 8);
  put(&b[kFileSize], h.file_size, 8);
  put(&b[kIndexSum], h.index_checksum, 8);
  put(&b[kCanonical], h.canonical_entries, 8);
  put(&b[kLevel], static_cast<uint64_t>(h.zstd_level), 1);
  put(&b[kHeaderSum], xxh64(b.data(), kHeaderSum), 8);
  return b;
}

std::string errno_text() { return std::strerror(errno); }

bool read_exact(int fd, void* out, size_t size, uint64_t offset) {
  auto* p = static_cast<uint8_t*>(out);
  while (size > 0) {
    const ssize_t r = ::pread(fd, p, size, static_cast<off_t>(offset));
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) return false;
    p += r;
    size -= static_cast<size_t>(r);
    offset += static_cast<uint64_t>(r);
  }
  return true;
}

}  // namespace

TableHeader new_header(TableKind k, int pawns, int zstd_level) {
  const Indexer ix(info(k).group, pawns);
  TableHeader h;
  h.kind = k;
  h.pawns = pawns;
  h.entries = ix.entries();
  h.block_entries = info(k).block_entries;
  h.blocks = static_cast<uint32_t>((h.entries + h.block_entries - 1) / h.block_entries);
  h.materials = ix.materials();
  h.zstd_level = zstd_level;
  return h;
}

// ---- writing ---------------------------------------------------------------

TableWriter::TableWriter(std::string path, TableHeader header)
    : path_(std::move(path)), header_(header) {
  // Refused before opening it: opening a FIFO would wait for its reader.
  std::error_code ec;
  if (std::filesystem::is_fifo(path_, ec))
    throw TablebaseError(path_, "cannot write a table into a pipe: it is written header last");
  try {
    file_ = std::make_unique<AtomicFile>(path_, AtomicFile::TempName::Fixed);
  } catch (const InputError& e) {
    throw TablebaseError("", e.message());  // the message names the file
  }
  if (!file_->seekable()) throw TablebaseError(path_, "cannot write a table: it cannot seek");
  const std::array<uint8_t, kHeaderBytes> blank{};
  write(blank.data(), blank.size());  // the real header is written last
}

void TableWriter::write(const void* data, size_t size) {
  file_->write(data, size);
  // A full disk ends the build now, not after hours of blocks.
  if (file_->failed()) throw TablebaseError(path_, file_->error());
  offset_ += size;
}

void TableWriter::add_block(std::string_view compressed) {
  offsets_.push_back(offset_);
  checksums_.push_back(xxh64(compressed.data(), compressed.size()));
  write(compressed.data(), compressed.size());
}

void TableWriter::finish(uint64_t canonical_entries) {
  if (offsets_.size() != header_.blocks) throw std::logic_error("table writer: wrong block count");
  offsets_.push_back(offset_);
  std::vector<uint8_t> index((offsets_.size() + checksums_.size()) * 8);
  size_t at = 0;
  for (uint64_t o : offsets_) put(&index[at], o, 8), at += 8;
  for (uint64_t c : checksums_) put(&index[at], c, 8), at += 8;
  header_.index_offset = offset_;
  header_.index_checksum = xxh64(index.data(), index.size());
  header_.canonical_entries = canonical_entries;
  write(index.data(), index.size());
  header_.file_size = offset_;
  const auto h = encode(header_);
  file_->write_at(0, h.data(), h.size());
  try {
    file_->commit(/*sync=*/true);
  } catch (const InputError& e) {
    throw TablebaseError("", e.message());  // the message names the file
  }
}

// ---- reading ---------------------------------------------------------------

bool has_table_magic(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
  if (fd < 0) return false;
  struct stat st {};
  char magic[8] = {};
  const bool yes = ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
                   ::pread(fd, magic, sizeof magic, 0) == static_cast<ssize_t>(sizeof magic) &&
                   std::memcmp(magic, kMagic, sizeof magic) == 0;
  ::close(fd);
  return yes;
}

namespace {

// The table file at path opened for reading, and its size. O_NONBLOCK: a
// FIFO at the name must not wait for a writer; what is not a regular file
// is refused by its type, taken from the open descriptor.
int open_regular(const std::string& path, uint64_t& size) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
  if (fd < 0) {
    const std::string why = errno_text();
    const PathKind k = kind_of(path);
    throw TablebaseError(
        path, "cannot open: " +
                  (k == PathKind::DanglingLink || k == PathKind::LinkLoop ? kind_words(k) : why));
  }
  struct stat st {};
  std::string why;
  if (::fstat(fd, &st) != 0)
    why = "cannot stat: " + errno_text();
  else if (!S_ISREG(st.st_mode))
    why = std::string(S_ISFIFO(st.st_mode)  ? "a FIFO (named pipe)"
                      : S_ISDIR(st.st_mode) ? "a directory"
                                            : "a device or socket") +
          ", not a regular file";
  if (!why.empty()) {
    ::close(fd);
    throw TablebaseError(path, why);
  }
  ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  size = static_cast<uint64_t>(st.st_size);
  return fd;
}

}  // namespace

TableFile::TableFile(std::string path) : path_(std::move(path)) {
  const auto fail = [&](const std::string& why) -> void { throw TablebaseError(path_, why); };
  uint64_t size = 0;
  fd_ = open_regular(path_, size);
  try {
    std::array<uint8_t, kHeaderBytes> b{};
    if (size < kHeaderBytes || !read_exact(fd_, b.data(), b.size(), 0))
      fail("not a tablebase file (truncated header)");
    if (std::memcmp(b.data(), kMagic, 8) != 0) fail("not a tablebase file (bad magic)");
    if (get(&b[kHeaderSum], 8) != xxh64(b.data(), kHeaderSum))
      fail("damaged: header checksum mismatch");
    if (get(&b[kVersion], 4) != kFormatVersion)
      fail("format version " + std::to_string(get(&b[kVersion], 4)) +
           " is not supported (expected " + std::to_string(kFormatVersion) + ")");
    if (get(&b[kRules], 2) != kRulesVariant)
      fail("built for rules variant " + std::to_string(get(&b[kRules], 2)) + ", this program has " +
           std::to_string(kRulesVariant) + ": rebuild the tables");
    const uint64_t kind = get(&b[kKind], 1);
    if (kind >= kTableKinds) fail("unknown table kind " + std::to_string(kind));
    header_.kind = static_cast<TableKind>(kind);
    const KindInfo& k = info(header_.kind);
    header_.pawns = static_cast<int>(get(&b[kPawnCount], 1));
    if (header_.pawns < 1 || header_.pawns > scarney::kPawns) fail("bad pawn count");
    if (get(&b[kGame], 1) != static_cast<uint64_t>(k.game) ||
        get(&b[kGroup], 1) != static_cast<uint64_t>(k.group) ||
        get(&b[kEncoding], 1) != static_cast<uint64_t>(k.encoding) ||
        get(&b[kBits], 1) != static_cast<uint64_t>(k.bits_per_entry))
      fail("header fields do not match a " + std::string(k.name) + " table");
    const TableHeader expect = new_header(header_.kind, header_.pawns, 0);
    header_.entries = get(&b[kEntries], 8);
    header_.block_entries = static_cast<uint32_t>(get(&b[kBlockEntries], 4));
    header_.materials = static_cast<uint32_t>(get(&b[kMaterials], 4));
    header_.blocks = static_cast<uint32_t>(get(&b[kBlocks], 4));
    header_.index_offset = get(&b[kIndexOffset], 8);
    header_.file_size = get(&b[kFileSize], 8);
    header_.index_checksum = get(&b[kIndexSum], 8);
    header_.canonical_entries = get(&b[kCanonical], 8);
    header_.zstd_level = static_cast<int>(get(&b[kLevel], 1));
    if (header_.entries != expect.entries || header_.materials != expect.materials)
      fail("entry count does not match this program's indexing of " +
           std::to_string(header_.pawns) + " pawns");
    if (header_.block_entries == 0 || header_.block_entries % 8 != 0 ||
        header_.blocks != (header_.entries + header_.block_entries - 1) / header_.block_entries)
      fail("bad block size or count");
    if (header_.file_size != size)
      fail(size < header_.file_size
               ? "truncated (" + std::to_string(size) + " bytes of " +
                     std::to_string(header_.file_size) + ")"
               : "has " + std::to_string(size - header_.file_size) + " bytes past its end");
    const uint64_t index_bytes = (2 * uint64_t{header_.blocks} + 1) * 8;
    if (header_.index_offset < kHeaderBytes || header_.index_offset + index_bytes != size)
      fail("bad index offset");
    std::vector<uint8_t> index(index_bytes);
    if (!read_exact(fd_, index.data(), index.size(), header_.index_offset))
      fail("cannot read the index");
    if (xxh64(index.data(), index.size()) != header_.index_checksum)
      fail("damaged: index checksum mismatch");
    offsets_.resize(header_.blocks + 1);
    checksums_.resize(header_.blocks);
    for (uint32_t i = 0; i <= header_.blocks; ++i) offsets_[i] = get(&index[8 * i], 8);
    for (uint32_t i = 0; i < header_.blocks; ++i)
      checksums_[i] = get(&index[8 * (header_.blocks + 1 + i)], 8);
    if (offsets_[0] != kHeaderBytes || offsets_.back() != header_.index_offset)
      fail("damaged: bad block offsets");
    for (uint32_t i = 0; i < header_.blocks; ++i)
      if (offsets_[i + 1] <= offsets_[i] ||
          offsets_[i + 1] - offsets_[i] > ZSTD_compressBound(block_bytes(i)))
        fail("damaged: bad block offsets");
  } catch (...) {
    ::close(fd_);
    throw;
  }
}

TableFile::~TableFile() {
  if (fd_ >= 0) ::close(fd_);
}

TableFile::TableFile(TableFile&& o) noexcept
    : path_(std::move(o.path_)),
      header_(o.header_),
      fd_(o.fd_),
      offsets_(std::move(o.offsets_)),
      checksums_(std::move(o.checksums_)) {
  o.fd_ = -1;
}

uint64_t TableFile::block_entries(uint32_t b) const {
  const uint64_t start = uint64_t{b} * header_.block_entries;
  return std::min<uint64_t>(header_.block_entries, header_.entries - start);
}

void TableFile::read_block(uint32_t b, std::vector<uint8_t>& out) const {
  thread_local std::vector<uint8_t> packed;
  thread_local std::unique_ptr<ZSTD_DCtx, size_t (*)(ZSTD_DCtx*)> dctx(ZSTD_createDCtx(),
                                                                       ZSTD_freeDCtx);
  const uint64_t size = compressed_bytes(b);
  packed.resize(size);
  const std::string where = "block " + std::to_string(b);
  if (!read_exact(fd_, packed.data(), size, offsets_[b]))
    throw TablebaseError(path_, "cannot read " + where);
  if (xxh64(packed.data(), size) != checksums_[b])
    throw TablebaseError(path_, "damaged: " + where + " checksum mismatch");
  const uint64_t raw = block_bytes(b);
  out.resize(raw);
  const size_t r = ZSTD_decompressDCtx(dctx.get(), out.data(), raw, packed.data(), size);
  if (ZSTD_isError(r) || r != raw)
    throw TablebaseError(path_, "damaged: " + where + " does not decompress to its size");
}

std::string compress_block(const uint8_t* data, size_t size, int level) {
  thread_local std::unique_ptr<ZSTD_CCtx, size_t (*)(ZSTD_CCtx*)> cctx(ZSTD_createCCtx(),
                                                                       ZSTD_freeCCtx);
  ZSTD_CCtx_setParameter(cctx.get(), ZSTD_c_compressionLevel, level);
  ZSTD_CCtx_setParameter(cctx.get(), ZSTD_c_checksumFlag, 1);
  std::string out(ZSTD_compressBound(size), '\0');
  const size_t r = ZSTD_compress2(cctx.get(), out.data(), out.size(), data, size);
  if (ZSTD_isError(r)) throw std::runtime_error(std::string("zstd: ") + ZSTD_getErrorName(r));
  out.resize(r);
  return out;
}

}  // namespace scarney::tablebase
