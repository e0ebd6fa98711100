// A fixed-size memo table keyed by the board (pawn nibbles + occupancy).
//
// Open addressing with a short probe; an entry is valid only for the current
// generation, so starting a new solve is O(1) instead of clearing memory
// (the table is really cleared once every 255 generations).
// When a probe window is full the oldest-looking slot is overwritten: the
// table is a cache, and a lost entry only costs time.
//
// Where a position's value does not depend on the root it was reached from
// (Solitaire, Singles), entries of earlier generations may go on answering
// probes (`keep_earlier`): they are still true bounds, and the first
// overwritten. Neighbouring deals of an exhaustive shard share positions.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace scarney {

enum class Bound : uint8_t { Exact = 0, Upper = 1, Lower = 2 };

struct TTEntry {
  uint64_t nibbles;
  uint16_t occupied;
  int16_t value;
  uint8_t generation;
  uint8_t extra;  // game-specific tag, part of the key
  Bound bound;
  uint8_t move;  // index of the best move found, kNoMove if none
};
inline constexpr uint8_t kNoMove = 255;
static_assert(sizeof(TTEntry) == 16);

class TranspositionTable {
 public:
  explicit TranspositionTable(int log2_entries = 20);

  // Starts a new generation: everything stored before is forgotten (with
  // keep_earlier, only overwritten first).
  void clear();
  void keep_earlier(bool on) {
    keep_earlier_ = on;
    oldest_ = on ? 1 : generation_;
  }
  const TTEntry* find(uint64_t nibbles, uint16_t occupied, uint8_t extra) const {
    size_t i = index(nibbles, occupied, extra);
    for (int k = 0; k < kProbe; ++k, i = (i + 1) & mask_) {
      const TTEntry& e = slots_[i];
      if (e.generation < oldest_) return nullptr;
      if (e.nibbles == nibbles && e.occupied == occupied && e.extra == extra) return &e;
    }
    return nullptr;
  }
  void store(uint64_t nibbles, uint16_t occupied, uint8_t extra, int value, Bound bound,
             uint8_t move = kNoMove) {
    size_t i = index(nibbles, occupied, extra);
    for (int k = 0; k < kProbe; ++k, i = (i + 1) & mask_) {
      TTEntry& e = slots_[i];
      if (e.generation != generation_ ||
          (e.nibbles == nibbles && e.occupied == occupied && e.extra == extra)) {
        e = {nibbles, occupied, static_cast<int16_t>(value), generation_, extra, bound, move};
        return;
      }
    }
    slots_[index(nibbles, occupied, extra)] = {
        nibbles, occupied, static_cast<int16_t>(value), generation_, extra, bound, move};
  }
  // What the table says about a position for the window (alpha, beta).
  struct Probe {
    bool settled = false;  // the stored bound answers the window: return value
    int value = 0;
    uint8_t hint = kNoMove;  // the best move remembered
  };
  Probe probe(uint64_t nibbles, uint16_t occupied, uint8_t extra, int alpha, int beta) const {
    Probe r;
    if (const TTEntry* e = find(nibbles, occupied, extra)) {
      r.value = e->value;
      if (e->bound == Bound::Exact || (e->bound == Bound::Upper && e->value <= alpha) ||
          (e->bound == Bound::Lower && e->value >= beta)) {
        r.settled = true;
        return r;
      }
      r.hint = e->move;
    }
    return r;
  }

 private:
  static constexpr int kProbe = 4;
  size_t index(uint64_t nibbles, uint16_t occupied, uint8_t extra) const {
    uint64_t h = nibbles ^ (static_cast<uint64_t>(occupied) << 48) ^ (uint64_t{extra} << 40);
    h *= 0x9E3779B97F4A7C15ull;
    h ^= h >> 29;
    return static_cast<size_t>(h) & mask_;
  }
  std::vector<TTEntry> slots_;
  size_t mask_;
  // Generations only grow between real clears: entries older than oldest_
  // (0: an empty slot) answer nothing.
  uint8_t generation_ = 1;
  uint8_t oldest_ = 1;
  bool keep_earlier_ = false;
};

}  // namespace scarney
