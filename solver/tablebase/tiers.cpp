#include "tablebase/tiers.h"

#include <algorithm>
#include <bit>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>

#include "tablebase/checksum.h"
#include "tablebase/indexing.h"
#include "tablebase/little_endian.h"
#include "tablebase/table_file.h"
#include "util/atomic_file.h"
#include "util/input_error.h"
#include "util/input_file.h"

namespace scarney::tablebase {
namespace {

// The materials a move from `material` can leave with `taken` pawns fewer:
// one pawn (every game), or two or three of one colour (High-Low).
std::vector<uint16_t> children(uint16_t material, int taken) {
  std::vector<uint16_t> out;
  for (int colour = 0; colour < 4; ++colour) {
    const unsigned own = material & (0xFu << (4 * colour));
    for (unsigned s = own; s; s = (s - 1) & own)  // the subsets of one colour
      if (std::popcount(s) == taken) out.push_back(static_cast<uint16_t>(material & ~s));
  }
  return out;
}

// Tier header: offset, width.
enum TierField : int {
  kAtVersion = 8,     // u32, the table format's version
  kAtRules = 12,      // u16
  kAtKind = 14,       // u8
  kAtPawnCount = 15,  // u8
  kAtLevel = 16,      // u8
  kAtTier = 20,       // u32
  kAtFirst = 24,      // u32, first block
  kAtBlocks = 28,     // u32
  kAtCanonical = 32,  // u64
  kAtBodySum = 40,    // u64, XXH64 of everything after the header
  kAtHeaderSum = 56,  // u64, XXH64 of bytes 0..55
  kTierHeader = 64,
};
constexpr char kTierMagic[8] = {'S', 'C', 'R', 'N', 'Y', 'T', 'T', '\x1a'};

}  // namespace

TierPlan::TierPlan(TableKind k, int pawns) : kind_(k), pawns_(pawns) {
  const Indexer index(info(k).group, pawns);
  per_material_ = index.per_material();
  entries_ = index.entries();
  block_entries_ = info(k).block_entries;
  const auto blocks = static_cast<uint32_t>((entries_ + block_entries_ - 1) / block_entries_);
  const uint64_t want = std::max<uint64_t>(kTierEntries, block_entries_);
  const uint64_t per_tier = (want + per_material_ - 1) / per_material_ * per_material_;
  for (uint64_t e = 0; e < entries_; e += per_tier) {
    const auto b = static_cast<uint32_t>((e + block_entries_ - 1) / block_entries_);
    if (b >= blocks) break;
    if (starts_.empty() || b > starts_.back()) starts_.push_back(b);
  }
  starts_.push_back(blocks);
}

uint64_t TierPlan::first_entry(uint32_t t) const {
  return std::min<uint64_t>(uint64_t{starts_[t]} * block_entries_, entries_);
}

std::vector<int> TierPlan::lower_layers() const {
  std::vector<int> out;
  for (int m = pawns_ - 1; m >= std::max(1, pawns_ - most_pawns_taken(info(kind_).game)); --m)
    out.push_back(m);
  return out;
}

std::vector<uint32_t> TierPlan::child_blocks(uint32_t t, int lower) const {
  const ColourGroup g = info(kind_).group;
  const Indexer below(g, lower);
  const auto& mats = canonical_materials(g, pawns_);
  const uint64_t first = first_entry(t) / per_material_;
  const uint64_t last = (first_entry(t + 1) - 1) / per_material_;
  std::vector<uint32_t> out;
  for (uint64_t m = first; m <= last; ++m)
    for (uint16_t child : children(mats[m], pawns_ - lower)) {
      const uint64_t start = material_class(g, child).ordinal * below.per_material();
      const uint64_t end = start + below.per_material();
      for (uint64_t b = start / block_entries_; b * block_entries_ < end; ++b)
        out.push_back(static_cast<uint32_t>(b));
    }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::string tier_dir(const std::string& table_dir, TableKind k, int pawns) {
  return (std::filesystem::path(table_dir) /
          (kind_name(k) + "-" + std::to_string(pawns) + ".tiers"))
      .string();
}

std::string tier_path(const std::string& table_dir, TableKind k, int pawns, uint32_t tier) {
  char name[32];
  std::snprintf(name, sizeof name, "tier-%05u.part", tier);
  return (std::filesystem::path(tier_dir(table_dir, k, pawns)) / name).string();
}

std::vector<PartialLayer> partial_layers(const std::string& table_dir) {
  std::vector<PartialLayer> out;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(table_dir, ec)) {
    const std::string name = e.path().filename().string();
    const size_t dash = name.rfind('-');
    if (e.path().extension() != ".tiers" || dash == std::string::npos) continue;
    const auto kind = parse_kind(name.substr(0, dash));
    const int pawns = std::atoi(name.c_str() + dash + 1);
    if (!kind || pawns < 1 || pawns > kPawns) continue;
    uint32_t files = 0;
    for (const auto& f : std::filesystem::directory_iterator(e.path(), ec))
      files += f.path().extension() == ".part";
    out.push_back({*kind, pawns, files, TierPlan(*kind, pawns).tiers()});
  }
  std::sort(out.begin(), out.end(), [](const PartialLayer& a, const PartialLayer& b) {
    return std::pair(a.kind, a.pawns) < std::pair(b.kind, b.pawns);
  });
  return out;
}

void write_tier(const std::string& path, TableKind k, int pawns, int zstd_level, uint32_t tier,
                const TierPlan& plan, const Tier& data) {
  // Body: each block's size (u64), then the blocks.
  std::string body(8 * data.blocks.size(), '\0');
  for (size_t i = 0; i < data.blocks.size(); ++i)
    put_le(reinterpret_cast<uint8_t*>(&body[8 * i]), data.blocks[i].size(), 8);
  for (const std::string& b : data.blocks) body += b;
  uint8_t h[kTierHeader] = {};
  std::memcpy(h, kTierMagic, 8);
  put_le(&h[kAtVersion], kFormatVersion, 4);
  put_le(&h[kAtRules], kRulesVariant, 2);
  put_le(&h[kAtKind], static_cast<uint64_t>(k), 1);
  put_le(&h[kAtPawnCount], static_cast<uint64_t>(pawns), 1);
  put_le(&h[kAtLevel], static_cast<uint64_t>(zstd_level), 1);
  put_le(&h[kAtTier], tier, 4);
  put_le(&h[kAtFirst], plan.first_block(tier), 4);
  put_le(&h[kAtBlocks], data.blocks.size(), 4);
  put_le(&h[kAtCanonical], data.canonical, 8);
  put_le(&h[kAtBodySum], xxh64(body.data(), body.size()), 8);
  put_le(&h[kAtHeaderSum], xxh64(h, kAtHeaderSum), 8);
  // The tiers' folder is the build's own: a link there is refused, never
  // followed to overwrite what it leads to.
  AtomicFile f(path, AtomicFile::TempName::Unique, AtomicFile::Standing::Regular);
  f.write(h, sizeof h);
  f.write(body);
  f.commit(/*sync=*/true);
}

bool read_tier(const std::string& path, TableKind k, int pawns, int zstd_level, uint32_t tier,
               const TierPlan& plan, Tier& out, std::string& why) {
  std::error_code ec;
  if (std::filesystem::is_symlink(path, ec)) return why = "a symbolic link", false;
  if (!std::filesystem::exists(path, ec)) return false;
  if (!std::filesystem::is_regular_file(path, ec)) return why = "not a regular file", false;
  std::string all;
  try {  // never waits on a FIFO swapped in since
    all = read_input_file(path, std::numeric_limits<size_t>::max() - 1);
  } catch (const InputError& e) {
    return why = e.message(), false;
  }
  const auto* h = reinterpret_cast<const uint8_t*>(all.data());
  if (all.size() < kTierHeader || std::memcmp(h, kTierMagic, 8) != 0)
    return why = "not a tier file", false;
  if (get_le(&h[kAtHeaderSum], 8) != xxh64(h, kAtHeaderSum)) return why = "header damaged", false;
  const uint64_t blocks = get_le(&h[kAtBlocks], 4);
  if (get_le(&h[kAtVersion], 4) != kFormatVersion || get_le(&h[kAtRules], 2) != kRulesVariant ||
      get_le(&h[kAtKind], 1) != static_cast<uint64_t>(k) ||
      get_le(&h[kAtPawnCount], 1) != static_cast<uint64_t>(pawns) ||
      get_le(&h[kAtLevel], 1) != static_cast<uint64_t>(zstd_level) ||
      get_le(&h[kAtTier], 4) != tier || get_le(&h[kAtFirst], 4) != plan.first_block(tier) ||
      blocks != plan.blocks(tier))
    return why = "from another build (table, level or program)", false;
  const std::string_view body(all.data() + kTierHeader, all.size() - kTierHeader);
  if (body.size() < 8 * blocks || get_le(&h[kAtBodySum], 8) != xxh64(body.data(), body.size()))
    return why = "damaged (checksum mismatch)", false;
  out.blocks.clear();
  uint64_t at = 8 * blocks;
  for (uint64_t i = 0; i < blocks; ++i) {
    const uint64_t size = get_le(reinterpret_cast<const uint8_t*>(&body[8 * i]), 8);
    if (size > body.size() - at) return why = "damaged (bad block sizes)", false;
    out.blocks.emplace_back(body.substr(at, size));
    at += size;
  }
  if (at != body.size()) return why = "damaged (bad block sizes)", false;
  out.canonical = get_le(&h[kAtCanonical], 8);
  return true;
}

}  // namespace scarney::tablebase
