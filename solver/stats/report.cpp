#include "stats/report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "util/json.h"

namespace scarney {

namespace {

bool rated(Game g) { return traits(g).scored; }

std::string fmt(const char* format, double a) {
  char buf[64];
  std::snprintf(buf, sizeof buf, format, a);
  return buf;
}
std::string num(double v) { return fmt("%.2f", v); }
std::string pct(double share) {
  if (share > 0 && share < 5e-7) return "<0.0001%";
  return fmt(share < 0.001 && share > 0 ? "%.4f%%" : "%.2f%%", 100 * share);
}
// A median is an integer or a half.
// A share in a table's column: always four decimals, so that the column
// reads straight down (1 deal in 1,000,000 is 0.0001%).
std::string column_pct(double share) { return fmt("%.4f%%", 100 * share); }

std::string median_text(double v) { return v == std::floor(v) ? fmt("%.0f", v) : fmt("%.1f", v); }
std::string u64(uint64_t v) { return std::to_string(v); }

std::string pad(std::string s, size_t width, bool right = false) {
  if (s.size() >= width) return s;
  return right ? std::string(width - s.size(), ' ') + s : s + std::string(width - s.size(), ' ');
}

std::string interval_text(const Estimate& e, bool as_median) {
  const auto f = as_median ? median_text : num;
  return f(e.value) + "  (95% CI " + f(e.lo) + " to " + f(e.hi) + ")";
}

std::string share_text(uint64_t k, uint64_t n) {
  const Estimate e = share_interval(k, n);
  return pct(e.value) + " (95% CI " + pct(e.lo) + " to " + pct(e.hi) + ")";
}

int floor_div(int a, int b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }

// The histogram: one row per value that occurs when there are few of them
// (perfect-play scores bunch on a few values), else bins of a round width,
// at most ~40 rows.
std::string histogram_text(const Histogram& h, const std::string& what) {
  if (h.empty()) return "";
  const int lo = h.begin()->first, hi = h.rbegin()->first;
  int width = 1;
  if (h.size() > 60)
    for (int w : {1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 1000}) {
      width = w;
      if ((hi - lo) / w + 1 <= 40) break;
    }
  std::map<int, uint64_t> bins;
  for (const auto& [v, c] : h) bins[floor_div(v, width)] += c;
  uint64_t most = 0;
  for (const auto& [b, c] : bins) most = std::max(most, c);
  const uint64_t n = total(h);
  std::string out = "  " + pad(what, 12) + pad("deals", 10, true) + pad("share", 10, true) + "\n";
  for (const auto& [b, c] : bins) {
    const std::string label =
        width == 1 ? std::to_string(b)
                   : std::to_string(b * width) + ".." + std::to_string(b * width + width - 1);
    const int bar = static_cast<int>(std::lround(40.0 * c / most));
    out += "  " + pad(label, 12) + pad(u64(c), 10, true) +
           pad(column_pct(static_cast<double>(c) / n), 10, true) + "  " + std::string(bar, '#') +
           "\n";
  }
  return out;
}

std::string bands_text(const Tally& t) {
  const auto& bands = bands_for(t.game);
  // The figure the bands are of: the score, or the side to move's margin
  // (Doubles) or payoff (High-Low).
  const char* figure = traits(t.game).value_word;
  std::string out = "  " + pad(rated(t.game) ? "Rating" : "Outcome", 20) + pad(figure, 14) +
                    pad("deals", 10, true) + pad("share", 10, true) + "\n";
  for (const Band& b : bands) {
    const uint64_t c = count_in(t.values, b);
    out += "  " + pad(b.name, 20) + pad(b.range(), 14) + pad(u64(c), 10, true) +
           pad(column_pct(static_cast<double>(c) / t.deals), 10, true) + "\n";
  }
  return out;
}

Json json_histogram(const Histogram& h) {
  JsonObject o;
  for (const auto& [v, c] : h) o.add(std::to_string(v), static_cast<int64_t>(c));
  return o.value();
}

Json json_interval(const Estimate& e) { return Json{json_number(e.lo), json_number(e.hi)}; }

Json json_extreme(const Extreme& e) {
  JsonObject o;
  o.add("deal", static_cast<int64_t>(e.deal)).add("value", e.value);
  return o.value();
}

}  // namespace

std::string statistic_name(Game game) {
  static constexpr PerGame<const char*> kNames = {"best score", "best score", "nonstarter's margin",
                                                  "winner's score"};
  return for_game(game, kNames);
}

std::string game_title(Game game) { return traits(game).title; }

std::string value_name(Game game) {
  if (rated(game)) return "best score";
  return std::string(traits(game).first_mover) + "'s " + traits(game).value_word;
}

MatchView match_view(const Tally& t) {
  MatchView m;
  m.distribution = sum_distribution(t.headline, kMatchGames);
  const Estimate game = mean_interval(t.headline);
  m.mean = {kMatchGames * game.value, kMatchGames * game.lo, kMatchGames * game.hi};
  m.median = quantile(m.distribution, 0.5);
  m.low5 = quantile(m.distribution, 0.05);
  m.high95 = quantile(m.distribution, 0.95);
  for (const Band& b : match_bands()) m.band_shares.push_back(share_in(m.distribution, b));
  return m;
}

std::string text_report(const Tally& t, const RunInfo& info) {
  const bool placements = two_player(t.game);
  std::string out = game_title(t.game) + " under perfect play: " +
                    (info.population.empty()
                         ? u64(t.deals) + " random " + (placements ? "full placements" : "deals") +
                               " (seed " + u64(info.seed) + ")"
                         : info.population) +
                    "\n";
  if (info.interrupted)
    out += "Interrupted: these are the first " + u64(t.deals) + " of the " + u64(info.requested) +
           " deals asked for (the same as --deals " + u64(t.deals) + ").\n";
  if (t.deals == 0) return out;
  out += "\n";
  const std::string stat = statistic_name(t.game);
  if (value_kind(t.game) == ValueKind::Margin) {
    out += "The nonstarter (who makes the first take-off) wins " +
           share_text(count_in(t.values, outcome_bands(t.game)[0]), t.deals) + " of placements.\n";
  } else if (value_kind(t.game) == ValueKind::Payoff) {
    out += "The starter (who removes first) wins " + share_text(total(t.starter_won), t.deals) +
           " of placements.\n";
  }
  out += pad("", 2) + pad(stat, 20) + "mean   " + interval_text(mean_interval(t.headline), false) +
         "\n";
  out += pad("", 22) + "median " + interval_text(median_interval(t.headline), true) + "\n";
  const std::string by = rated(t.game) ? "" : " (the " + value_name(t.game) + ")";
  out += "  lowest " + std::to_string(t.worst.value) + " (deal " + u64(t.worst.deal) +
         "), highest " + std::to_string(t.best.value) + " (deal " + u64(t.best.deal) + ")" + by +
         "\n";
  if (traits(t.game).calls_scarney) {
    uint64_t beats = 0;
    for (const auto& [gain, c] : t.call_gain)
      if (gain > 0) beats += c;
    out += "  The early call beats the Solitaire result in " + share_text(beats, t.deals) +
           " of deals;\n  mean gain over Solitaire " + num(mean_interval(t.call_gain).value) +
           " points.\n";
  }
  out += "\n" + bands_text(t);
  if (rated(t.game)) {
    const uint64_t unrated = count_in(t.values, Band{"", INT_MIN, 19});
    out += "  (below 20, under the book's lowest line: " +
           pct(static_cast<double>(unrated) / t.deals) + ")\n";
  }
  out += "\nDistribution of the " + stat + "\n";
  if (value_kind(t.game) == ValueKind::Payoff) {
    out += "  " + pad(stat, 12) + pad("starter", 10, true) + pad("second", 10, true) +
           pad("share", 10, true) + "\n";
    for (const auto& [v, c] : t.headline) {
      const auto get = [](const Histogram& h, int k) { return h.count(k) ? h.at(k) : 0; };
      out += "  " + pad(std::to_string(v), 12) + pad(u64(get(t.starter_won, v)), 10, true) +
             pad(u64(get(t.second_won, v)), 10, true) +
             pad(column_pct(static_cast<double>(c) / t.deals), 10, true) + "\n";
    }
  } else {
    out += histogram_text(t.headline, traits(t.game).value_word);
  }
  if (rated(t.game)) {
    const MatchView m = match_view(t);
    out +=
        "\nFive-game match under perfect play (the 5-fold convolution of the score\n"
        "distribution above: five independent deals)\n";
    out += "  match score         mean   " + interval_text(m.mean, false) + "\n";
    out += "                      median " + std::to_string(m.median) + ", 90% of matches " +
           std::to_string(m.low5) + " to " + std::to_string(m.high95) + "\n\n";
    out += "  " + pad("Rating", 20) + pad("score", 14) + pad("share", 10, true) + "\n";
    for (size_t i = 0; i < match_bands().size(); ++i)
      out += "  " + pad(match_bands()[i].name, 20) + pad(match_bands()[i].range(), 14) +
             pad(column_pct(m.band_shares[i]), 10, true) + "\n";
  }
  return out;
}

Json json_report(const Tally& t, const RunInfo& info) {
  JsonObject o;
  o.add("game", game_name(t.game));
  if (info.population.empty())
    o.add("seed", static_cast<int64_t>(info.seed));
  else
    o.add("population", info.population);
  o.add("deals", static_cast<int64_t>(t.deals))
      .add("requested", static_cast<int64_t>(info.requested));
  o.add("interrupted", info.interrupted).add("statistic", statistic_name(t.game));
  const Estimate mean = mean_interval(t.headline), median = median_interval(t.headline);
  o.add("mean", mean.value).add("mean_ci", json_interval(mean));
  o.add("median", median.value).add("median_ci", json_interval(median));
  if (t.deals) o.add("best", json_extreme(t.best)).add("worst", json_extreme(t.worst));
  o.add("histogram", json_histogram(t.headline));
  JsonObject bands, counts;
  for (const Band& b : bands_for(t.game)) {
    const uint64_t c = count_in(t.values, b);
    bands.add(b.name, t.deals ? static_cast<double>(c) / t.deals : 0.0);
    counts.add(b.name, static_cast<int64_t>(c));
  }
  o.add("bands", bands.value()).add("band_counts", counts.value());
  if (traits(t.game).calls_scarney) {
    uint64_t beats = 0;
    for (const auto& [gain, c] : t.call_gain)
      if (gain > 0) beats += c;
    const Estimate e = share_interval(beats, t.deals);
    o.add("early_call_beats_solitaire", e.value)
        .add("early_call_beats_solitaire_ci", json_interval(e));
    o.add("mean_call_gain", mean_interval(t.call_gain).value);
    o.add("call_gain_histogram", json_histogram(t.call_gain));
  }
  if (value_kind(t.game) == ValueKind::Payoff) {
    const Estimate e = share_interval(total(t.starter_won), t.deals);
    o.add("starter_wins", e.value).add("starter_wins_ci", json_interval(e));
    o.add("histogram_starter_wins", json_histogram(t.starter_won));
    o.add("histogram_second_wins", json_histogram(t.second_won));
  }
  if (value_kind(t.game) == ValueKind::Margin) {
    const Estimate e = share_interval(count_in(t.values, outcome_bands(t.game)[0]), t.deals);
    o.add("nonstarter_wins", e.value).add("nonstarter_wins_ci", json_interval(e));
  }
  if (rated(t.game) && t.deals) {
    const MatchView m = match_view(t);
    JsonObject match, mb, dist;
    match.add("games", kMatchGames).add("method", "convolution");
    match.add("mean", m.mean.value).add("mean_ci", json_interval(m.mean));
    match.add("median", m.median).add("p5", m.low5).add("p95", m.high95);
    for (size_t i = 0; i < match_bands().size(); ++i)
      mb.add(match_bands()[i].name, m.band_shares[i]);
    // Leave out the far tails (below 1e-12): rounding noise, not information.
    for (const auto& [v, p] : m.distribution)
      if (p >= 1e-12) dist.add(std::to_string(v), p);
    match.add("bands", mb.value()).add("distribution", dist.value());
    o.add("match", match.value());
  }
  return o.value();
}

}  // namespace scarney
