#include "tablebase/tablebase_set.h"

#include <algorithm>
#include <filesystem>

#include "tablebase/payoff.h"
#include "util/input_file.h"

namespace scarney::tablebase {

TablebaseSet::TablebaseSet(const std::string& dir, size_t cache_bytes, bool verify_blocks)
    : dir_(dir), cache_bytes_(cache_bytes) {
  namespace fs = std::filesystem;
  for (auto& row : by_kind_) row.fill(-1);
  std::error_code ec;
  if (!fs::exists(dir, ec)) throw TablebaseError(dir, "no such directory");
  if (!fs::is_directory(dir, ec)) throw TablebaseError(dir, "not a directory");
  std::vector<std::string> paths;
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    if (e.path().extension() != ".sctb") continue;
    // Only regular files are opened: a FIFO would wait for a writer.
    const PathKind kind = kind_of(e.path().string());
    if (kind == PathKind::Regular)
      paths.push_back(e.path().string());
    else
      skipped_.push_back(e.path().string() + ": " + kind_words(kind) +
                         ", skipped (only regular files are read)");
  }
  if (ec) throw TablebaseError(dir, "cannot read directory: " + ec.message());
  std::sort(paths.begin(), paths.end());
  for (const std::string& p : paths) {
    TableFile f(p);
    const TableHeader& h = f.header();
    if (fs::path(p).filename() != table_file_name(h.kind, h.pawns))
      throw TablebaseError(p, "holds a " + kind_name(h.kind) + " table of " +
                                  std::to_string(h.pawns) + " pawns: its name should be " +
                                  table_file_name(h.kind, h.pawns));
    if (verify_blocks) {
      std::vector<uint8_t> block;
      for (uint32_t b = 0; b < h.blocks; ++b) f.read_block(b, block);
    }
    by_kind_[static_cast<int>(h.kind)][h.pawns] = static_cast<int>(tables_.size());
    const Indexer ix(info(h.kind).group, h.pawns);
    tables_.push_back(std::make_unique<Table>(Table{std::move(f), ix}));
    slot_of_.emplace_back(h.blocks, -1);
  }
  if (tables_.empty()) throw TablebaseError(dir, "no tablebase files (*.sctb) here");
}

TablebaseSet::~TablebaseSet() = default;

int TablebaseSet::max_pawns(TableKind k) const {
  int n = 0;
  while (n < kPawns && by_kind_[static_cast<int>(k)][n + 1] >= 0) ++n;
  return n;
}

int TablebaseSet::max_pawns(Game g) const {
  // High-Low: the solvers' questions need the winner; the payoff may cover less.
  return max_pawns(kinds_of(g).front());
}

uint64_t TablebaseSet::read(int table, uint64_t index) const {
  const Table& t = *tables_[table];
  const uint32_t block = static_cast<uint32_t>(index / t.file.header().block_entries);
  const uint64_t offset = index % t.file.header().block_entries;
  const Encoding enc = info(t.file.header().kind).encoding;
  std::lock_guard lock(mu_);
  int32_t& s = slot_of_[table][block];
  if (s < 0) {
    std::vector<uint8_t> data;
    t.file.read_block(block, data);
    // Make room: sweep the clock hand, giving used slots a second chance.
    size_t guard = 2 * slots_.size();
    while (cached_bytes_ + data.size() > cache_bytes_ && !slots_.empty() && guard--) {
      Slot& victim = slots_[hand_];
      if (victim.table >= 0 && !victim.used) {
        slot_of_[victim.table][victim.block] = -1;
        cached_bytes_ -= victim.data.size();
        victim.data = std::vector<uint8_t>();
        victim.table = -1;
        free_.push_back(static_cast<int32_t>(hand_));
      }
      victim.used = false;
      hand_ = (hand_ + 1) % slots_.size();
    }
    if (free_.empty()) {
      free_.push_back(static_cast<int32_t>(slots_.size()));
      slots_.emplace_back();
    }
    s = free_.back();
    free_.pop_back();
    cached_bytes_ += data.size();
    slots_[s] = Slot{table, block, true, std::move(data)};
  }
  Slot& slot = slots_[s];
  slot.used = true;
  return get_entry(enc, slot.data.data(), offset);
}

std::optional<uint64_t> TablebaseSet::entry(TableKind k, const Board& b) const {
  const int n = b.pawn_count();
  if (n < 1 || n > kPawns) return std::nullopt;
  const int t = by_kind_[static_cast<int>(k)][n];
  if (t < 0) return std::nullopt;
  return read(t, tables_[t]->index.index(b));
}

std::optional<int> TablebaseSet::value(Game g, const Board& b) const {
  // A payoff counts the spots removed before: none here.
  if (value_counts_removed(g)) return highlow_value(b, 0, 0);
  const TableKind k = kinds_of(g).front();
  const auto e = entry(k, b);
  if (!e) return std::nullopt;
  return k == TableKind::Doubles ? static_cast<int8_t>(*e) : static_cast<int>(*e);
}

std::optional<bool> TablebaseSet::highlow_wins(const Board& b) const {
  const auto e = entry(TableKind::HighLowWins, b);
  if (!e) return std::nullopt;
  return *e != 0;
}

std::optional<int> TablebaseSet::highlow_value(const Board& b, int removed_mover,
                                               int removed_other) const {
  const int range = kTotalSpots - b.spots();
  if (removed_mover < 0 || removed_other < 0) return std::nullopt;
  const auto e = entry(TableKind::HighLowPayoff, b);
  if (!e) return std::nullopt;
  const int r = payoff_wins(*e) ? removed_mover : removed_other;
  if (r > range) return std::nullopt;
  const int f = payoff_at(*e, r);
  return payoff_wins(*e) ? f : -f;
}

}  // namespace scarney::tablebase
