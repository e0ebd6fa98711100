// Shards of the exhaustive run and their result files.
//
// Shard K of S holds the representatives whose rank lies in
// [floor(K n!/S), floor((K+1) n!/S)): it is computed without the others.
// Its result is an exact integer histogram of the best score, each
// representative weighted by its orbit size (48), written as a small text
// file ending in a checksum of everything before it:
//
//   scarney-exhaustive-shard 1
//   version: scarney 0.1.0
//   rules: ...
//   game: solitaire
//   shard: 3/1000
//   ranks: 62768369664000 83691159552000
//   representatives: 435891456
//   deals: 20922789888
//   histogram: 5:48 20:96 ...            score:deals, rising
//   call-gain: 0:... 3:...               Singles: best minus Solitaire score
//   band: Perfect game: 123456            one line per rating band
//   best: <rank> <score> <pawns on C1..C16>
//   worst: <rank> <score> <pawns on C1..C16>
//   checksum: fnv1a64 <16 hex digits>
#pragma once

#include <cstdint>
#include <string>

#include "games/game.h"
#include "stats/tally.h"

namespace scarney::exhaustive {

// "scarney 0.1.0" and the rules the values follow: shards agree on both or
// are not merged.
const std::string& program_version();
const std::string& rules_variant();

struct ShardId {
  uint64_t index = 0, count = 1;
};
// The most shards a run is cut into (about 21 ranks each).
inline constexpr uint64_t kMaxShardCount = 1'000'000'000'000ull;
// "K/S" with 0 <= K < S <= kMaxShardCount; throws InputError otherwise.
ShardId parse_shard_id(const std::string& text);

struct RankRange {
  uint64_t lo = 0, hi = 0;
  uint64_t size() const { return hi - lo; }
};
RankRange shard_range(ShardId id, uint64_t deals);

// "solitaire-shard-0003-of-1000.txt": the game and the shard, padded to the
// width of S so that names sort in shard order.
std::string shard_file_name(Game game, ShardId id);

struct ShardResult {
  Game game = Game::Solitaire;
  ShardId id;
  RankRange range;
  uint64_t representatives = 0;
  // Weighted by orbit size: tally.deals is the deals the shard's orbits
  // hold; Extreme::deal is the representative's rank.
  Tally tally{Game::Solitaire};
  std::string version, rules;
};

// Adds one representative's outcome, weighted by its orbit size.
void add_weighted(Tally& t, uint64_t rank, const DealOutcome& o, uint64_t weight);
// Sums b into a (extremes: ties to the lower rank).
void add_tally(Tally& a, const Tally& b);

std::string format_shard(const ShardResult& r);
// Throws InputError("NAME: damaged shard file: ...") unless the text is a
// whole shard file with a good checksum.
ShardResult parse_shard(const std::string& text, const std::string& name);

uint64_t fnv1a64(const std::string& text);

}  // namespace scarney::exhaustive
