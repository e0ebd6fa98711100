// The table file format (docs/tablebase.md has the full description):
//
//   header   128 bytes, little-endian: magic "SCRNYTB\x1a", format version,
//            rules variant, game, kind, pawn count, colour group, value
//            encoding, bits per entry, block size (entries), entry count,
//            material count, block count, index offset, file size, index
//            checksum, canonical entries, zstd level; XXH64 of bytes 0..119
//            at 120
//   blocks   the values, block_entries at a time, each an independent zstd
//            frame (with its own content checksum)
//   index    block_count + 1 offsets (u64, the last one = index offset),
//            then one XXH64 per compressed block
//
// A file is written to `<name>.tmp` and renamed when complete, so a file
// under its own name is always whole (util/atomic_file.h: a symbolic link is
// followed, a device written through). Opening checks the header, its
// checksum, the sizes, and the index and its checksum; each block is checked
// when read. Any damage throws TablebaseError naming the file.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "tablebase/table_kind.h"
#include "util/atomic_file.h"
#include "util/input_error.h"

namespace scarney::tablebase {

inline constexpr uint32_t kFormatVersion = 1;
// Bumped when a game's rules (games/rules.h) change what a table holds.
inline constexpr uint16_t kRulesVariant = 1;
inline constexpr size_t kHeaderBytes = 128;

class TablebaseError : public InputError {
 public:
  TablebaseError(const std::string& file, const std::string& message)
      : InputError(SourceLocation{file, 0, 0}, message) {}
};

// Whether the regular file at `path` begins with a table file's magic bytes
// (a table, intact or damaged, not something else); false for anything
// else, never waiting on a FIFO.
bool has_table_magic(const std::string& path);

struct TableHeader {
  TableKind kind = TableKind::Solitaire;
  int pawns = 0;
  uint64_t entries = 0;
  uint32_t block_entries = 0;
  uint32_t blocks = 0;
  uint32_t materials = 0;
  uint64_t canonical_entries = 0;  // positions stored (the rest are fillers)
  uint64_t index_offset = 0;
  uint64_t file_size = 0;
  uint64_t index_checksum = 0;
  int zstd_level = 0;
};

// A header for a new table of kind k with n pawns (sizes from the indexer).
TableHeader new_header(TableKind k, int pawns, int zstd_level);

class TableWriter {
 public:
  // Creates `path`.tmp; nothing appears under `path` until finish().
  // Throws TablebaseError for a path that cannot be written, or a FIFO (the
  // header is written last, at the start).
  TableWriter(std::string path, TableHeader header);
  TableWriter(const TableWriter&) = delete;
  TableWriter& operator=(const TableWriter&) = delete;

  // Blocks in order, each as compressed bytes.
  void add_block(std::string_view compressed);
  void finish(uint64_t canonical_entries);

 private:
  void write(const void* data, size_t size);
  std::string path_;
  TableHeader header_;
  std::unique_ptr<AtomicFile> file_;  // removes the temporary file unless finished
  uint64_t offset_ = 0;
  std::vector<uint64_t> offsets_, checksums_;
};

class TableFile {
 public:
  // Validates header and index; throws TablebaseError.
  explicit TableFile(std::string path);
  ~TableFile();
  TableFile(TableFile&& o) noexcept;
  TableFile(const TableFile&) = delete;
  TableFile& operator=(const TableFile&) = delete;
  TableFile& operator=(TableFile&&) = delete;

  const std::string& path() const { return path_; }
  const TableHeader& header() const { return header_; }
  // Entries in block b, and their bytes once decompressed.
  uint64_t block_entries(uint32_t b) const;
  uint64_t block_bytes(uint32_t b) const { return value_bytes(header_.kind, block_entries(b)); }
  uint64_t compressed_bytes(uint32_t b) const { return offsets_[b + 1] - offsets_[b]; }
  // Reads, checks and decompresses block b into out (resized); throws
  // TablebaseError on a checksum or size mismatch.
  void read_block(uint32_t b, std::vector<uint8_t>& out) const;

 private:
  std::string path_;
  TableHeader header_;
  int fd_ = -1;
  std::vector<uint64_t> offsets_, checksums_;
};

// zstd compression of one block (a context per thread).
std::string compress_block(const uint8_t* data, size_t size, int level);

}  // namespace scarney::tablebase
