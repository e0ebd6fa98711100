// What `scarney stats` prints: a readable report or one JSON object, both
// derived from a Tally alone, so equal tallies print byte-identical output.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "stats/tally.h"
#include "util/json.h"

namespace scarney {

inline constexpr int kMatchGames = 5;

struct RunInfo {
  uint64_t seed = 1;
  uint64_t requested = 0;    // --deals
  bool interrupted = false;  // stopped early: the tally holds the finished prefix
  // When set, what the deals are, in place of "N random deals (seed S)"
  // (the exhaustive run: "all 20922789888000 deals, exact").
  std::string population;
};

// The name of what the histogram counts: "best score", "nonstarter's margin",
// "winner's score".
std::string statistic_name(Game game);
// "Scarney Solitaire", "High-Low Scarney", ...
std::string game_title(Game game);
// What a deal's value is, whose and of what kind: "best score",
// "nonstarter's margin" (Doubles), "starter's payoff" (High-Low).
std::string value_name(Game game);

// The five-game match (Solitaire, Singles): the 5-fold convolution of the
// deals' score distribution.
struct MatchView {
  Distribution distribution;
  Estimate mean;  // 5 x the game mean, with 5 x its interval
  int median = 0, low5 = 0, high95 = 0;
  std::vector<double> band_shares;  // by match_bands()
};
MatchView match_view(const Tally& t);

std::string text_report(const Tally& t, const RunInfo& info);
Json json_report(const Tally& t, const RunInfo& info);

}  // namespace scarney
