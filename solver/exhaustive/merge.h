// Merging shard files: checks that they cover their ranges once and agree
// on game, version and rules, sums them, and says how much of the 16!
// deals they cover. A partial merge of a uniform random choice of the S
// shards also estimates the whole: each total (the sum of the scores, the
// deals in each band) by S/k times the sample's, unbiased, with the
// standard error of sampling k of S shards without replacement.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "exhaustive/shard.h"
#include "stats/report.h"

namespace scarney::exhaustive {

struct ShareEstimate {
  std::string name;
  double value = 0, se = 0;
};

struct Merged {
  Game game = Game::Solitaire;
  Tally tally{Game::Solitaire};
  std::string version, rules;
  uint64_t files = 0, representatives = 0, covered = 0, deals = 0;  // covered: ranks
  uint64_t shard_count = 0;          // S when every shard is of the same S, else 0
  std::vector<std::string> missing;  // the first missing shards (file names or rank ranges)
  uint64_t missing_count = 0;
  bool exact() const { return covered == deals; }
  // From a uniform random choice of shards (all of one S, at least one).
  bool estimated = false;
  ShareEstimate mean;  // the mean best score over all 16! deals
  // The ratio estimate (sum of scores / deals in the sample), biased by
  // O(1/k) but far less variable when the shards' deal counts vary; its
  // standard error by linearisation.
  ShareEstimate ratio_mean;
  // The share of all deals in each band: as a ratio (the band's deals over
  // the sample's deals, so that the shares add up to 100%) and unbiased
  // (S/k times the band's deals over 16!, which need not add up to 100%
  // when the shards chosen hold more or fewer deals than the average).
  std::vector<ShareEstimate> bands, unbiased_bands;
  // Shard file names that are not regular files (a FIFO, a dangling link),
  // each "PATH: what it is, skipped": for warnings.
  std::vector<std::string> skipped;
};

// Reads DIR's shard files of `game` (every game found when not given: then
// there must be one). InputError naming the files on any conflict: two
// shards overlapping, another version or rules, a damaged file.
Merged merge_shards(const std::string& dir, std::optional<Game> game);

RunInfo merged_info(const Merged& m);
std::string merged_text(const Merged& m);
Json merged_json(const Merged& m);

}  // namespace scarney::exhaustive
