#include "play/analysis_cache.h"

namespace scarney {
namespace {

// A string's heap block, beyond the short-string buffer.
size_t heap(const std::string& s) { return s.capacity() > 15 ? s.capacity() + 1 : 0; }

size_t heap(const std::optional<std::vector<std::string>>& v) {
  if (!v) return 0;
  size_t n = v->capacity() * sizeof(std::string);
  for (const std::string& s : *v) n += heap(s);
  return n;
}

}  // namespace

size_t approximate_bytes(const Analysis& a) {
  size_t n = sizeof(Analysis) + heap(a.source) + heap(a.title) + heap(a.line);
  if (a.moves) {
    n += a.moves->capacity() * sizeof(MoveAnalysis);
    for (const MoveAnalysis& m : *a.moves) n += heap(m.move) + (m.after ? heap(*m.after) : 0);
  }
  if (a.placement) n += sizeof(PlacementAnalysis) + 256;  // its texts
  if (a.line_positions) n += a.line_positions->capacity() * sizeof(Position);
  // The map node and the key in the order queue.
  return n + 96 + sizeof(AnalysisKey);
}

std::optional<Analysis> AnalysisCache::find(const AnalysisKey& key) const {
  std::lock_guard lock(mutex_);
  const auto it = entries_.find(key);
  if (it == entries_.end()) return std::nullopt;
  return it->second.first;
}

void AnalysisCache::add(const AnalysisKey& key, const Analysis& a) {
  const size_t b = approximate_bytes(a);
  if (b > max_bytes_) return;
  std::lock_guard lock(mutex_);
  if (!entries_.emplace(key, std::pair(a, b)).second) return;
  order_.push_back(key);
  bytes_ += b;
  while (bytes_ > max_bytes_) {
    const auto oldest = entries_.find(order_.front());
    bytes_ -= oldest->second.second;
    entries_.erase(oldest);
    order_.pop_front();
  }
}

size_t AnalysisCache::size() const {
  std::lock_guard lock(mutex_);
  return entries_.size();
}

size_t AnalysisCache::bytes() const {
  std::lock_guard lock(mutex_);
  return bytes_;
}

}  // namespace scarney
