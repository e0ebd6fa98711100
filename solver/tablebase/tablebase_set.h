// A directory of tables, loaded and validated, answering the solvers'
// questions (search/oracle.h). Probes decompress one block at a time and
// keep the blocks they read in a cache of bounded size.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "search/oracle.h"
#include "tablebase/indexing.h"
#include "tablebase/table_file.h"

namespace scarney::tablebase {

class TablebaseSet : public Oracle {
 public:
  // Opens every *.sctb file of `dir`, checking headers and indexes (and,
  // with verify_blocks, every block too). Throws TablebaseError naming the
  // first damaged file, or when `dir` holds no table.
  explicit TablebaseSet(const std::string& dir, size_t cache_bytes = size_t{1} << 30,
                        bool verify_blocks = false);
  ~TablebaseSet() override;

  int max_pawns(Game g) const override;
  std::optional<int> value(Game g, const Board& b) const override;
  std::optional<bool> highlow_wins(const Board& b) const override;
  // High-Low: the payoff with `removed` spots already taken by the side to
  // move and the other side; nullopt beyond what 40 spots allow.
  std::optional<int> highlow_value(const Board& b, int removed_mover, int removed_other) const;

  // Layers 1..n of kind k all present: n.
  int max_pawns(TableKind k) const;
  // The stored entry of b's canonical image; nullopt when no table holds it.
  // Throws TablebaseError if the block read turns out damaged.
  std::optional<uint64_t> entry(TableKind k, const Board& b) const;

  struct Table {
    TableFile file;
    Indexer index;
  };
  const std::vector<std::unique_ptr<Table>>& tables() const { return tables_; }
  const std::string& dir() const { return dir_; }
  // The *.sctb names of the directory that were not regular files (a FIFO,
  // a dangling link, ...), each "PATH: what it is, skipped": for warnings.
  const std::vector<std::string>& skipped() const { return skipped_; }

 private:
  uint64_t read(int table, uint64_t index) const;

  std::string dir_;
  std::vector<std::string> skipped_;
  std::vector<std::unique_ptr<Table>> tables_;
  std::array<std::array<int, kPawns + 1>, kTableKinds> by_kind_{};  // table number or -1

  // The block cache: slots evicted by the clock algorithm once over budget.
  struct Slot {
    int table = -1;
    uint32_t block = 0;
    bool used = false;
    std::vector<uint8_t> data;
  };
  size_t cache_bytes_;
  mutable std::mutex mu_;
  mutable std::vector<std::vector<int32_t>> slot_of_;  // per table, per block; -1: not cached
  mutable std::vector<Slot> slots_;
  mutable std::vector<int32_t> free_;  // empty slots
  mutable size_t cached_bytes_ = 0;
  mutable size_t hand_ = 0;
};

}  // namespace scarney::tablebase
