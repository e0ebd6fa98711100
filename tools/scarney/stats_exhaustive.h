// `scarney stats --exhaustive ...` and `scarney stats merge DIR`: the exact
// distribution over every deal, in shards (docs/exhaustive.md). The work
// is in solver/exhaustive; this prints.
#pragma once

#include <CLI/CLI.hpp>
#include <memory>
#include <string>

namespace scarney::cli {

struct ExhaustiveOptions {
  bool exhaustive = false, list = false;
  std::string shard, out, range;
  unsigned long long shards = 0, sample = 0;
};

std::shared_ptr<ExhaustiveOptions> add_exhaustive_options(CLI::App* stats);
// Runs the exhaustive statistics; `game` is solitaire or singles.
void run_exhaustive(const ExhaustiveOptions& e, const std::string& game, int threads, bool quiet,
                    unsigned long long seed);
void register_stats_merge(CLI::App* stats);

}  // namespace scarney::cli
