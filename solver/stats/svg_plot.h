// Plots as SVG, written directly: the histogram of a game's statistic with
// the book's rating bands (or the win/draw/loss regions) shaded behind the
// bars, and the five-game match distribution against the match bands.
#pragma once

#include <string>

#include "stats/report.h"
#include "stats/tally.h"

namespace scarney {

std::string histogram_svg(const Tally& t, const RunInfo& info);
// Solitaire and Singles only.
std::string match_svg(const Tally& t, const RunInfo& info);

}  // namespace scarney
