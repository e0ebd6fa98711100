// A layer is built in tiers: runs of consecutive canonical materials (the
// index is material-major, so a material is one contiguous slice of
// entries), cut at block boundaries so that every block belongs to exactly
// one tier: tier t holds the blocks whose first entry lies in its
// materials.
//
//   layer n:  | material 0 | material 1 | material 2 | material 3 | ...
//   blocks:   |  b0 |  b1 |  b2 |  b3 |  b4 |  b5 |  b6 |  b7 |  b8 | ...
//   tiers:    |  tier 0 (materials 0-1)   | tier 1 (materials 2-3)  | ...
//
// Each tier is a task of its own (GamesmanOne's tiers): it reads only the
// blocks of the layers below that hold its materials' children (a jump
// takes one pawn; a High-Low move one, or two or three of one colour), and
// is written to a file of its own, `<kind>-<n>.tiers/tier-<t>.part`,
// atomically and with a checksum. When every tier is there, the tiers are
// assembled into the layer's table file: the blocks are the same bytes
// whoever computed them, so the file is the single-process file byte for
// byte. A rerun keeps intact tier files and computes the others.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tablebase/table_kind.h"

namespace scarney::tablebase {

// Tiers hold at least this many entries (and one block): at 7 and 8 pawns a
// tier is one material.
inline constexpr uint64_t kTierEntries = uint64_t{1} << 22;

class TierPlan {
 public:
  TierPlan(TableKind k, int pawns);

  uint32_t tiers() const { return static_cast<uint32_t>(starts_.size() - 1); }
  uint32_t first_block(uint32_t t) const { return starts_[t]; }
  uint32_t blocks(uint32_t t) const { return starts_[t + 1] - starts_[t]; }
  uint64_t first_entry(uint32_t t) const;
  uint64_t entries(uint32_t t) const { return first_entry(t + 1) - first_entry(t); }

  // The blocks of layer `lower` (pawns-1 to pawns-3) that tier t's
  // positions read, ascending.
  std::vector<uint32_t> child_blocks(uint32_t t, int lower) const;
  // The pawn counts tier positions read (pawns-1; High-Low down to
  // pawns-3; never 0).
  std::vector<int> lower_layers() const;

 private:
  TableKind kind_;
  int pawns_;
  uint64_t per_material_, entries_;
  uint32_t block_entries_;
  std::vector<uint32_t> starts_;  // first block of each tier, then the block count
};

// A tier's compressed blocks, in order, and how many of its entries are
// canonical.
struct Tier {
  std::vector<std::string> blocks;
  uint64_t canonical = 0;
};

// The tier files of a layer: the folder beside the table file.
std::string tier_dir(const std::string& table_dir, TableKind k, int pawns);
std::string tier_path(const std::string& table_dir, TableKind k, int pawns, uint32_t tier);

// A layer whose build was stopped part way: its tier files so far.
struct PartialLayer {
  TableKind kind;
  int pawns;
  uint32_t tier_files, tiers;
};
std::vector<PartialLayer> partial_layers(const std::string& table_dir);

// Writes tier t atomically (through a temporary name, fsynced).
void write_tier(const std::string& path, TableKind k, int pawns, int zstd_level, uint32_t tier,
                const TierPlan& plan, const Tier& data);
// Reads tier t back; false when the file is missing, damaged, or from
// another table, level or program (then `why` says which, unless missing).
bool read_tier(const std::string& path, TableKind k, int pawns, int zstd_level, uint32_t tier,
               const TierPlan& plan, Tier& out, std::string& why);

}  // namespace scarney::tablebase
