#include "exhaustive/merge.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>

#include "exhaustive/deal_space.h"
#include "exhaustive/run.h"
#include "stats/bands.h"
#include "util/input_error.h"
#include "util/input_file.h"
#include "util/json.h"

namespace scarney::exhaustive {

namespace {

namespace fs = std::filesystem;

bool shard_file(const std::string& name) {
  return name.find("-shard-") != std::string::npos && name.size() > 4 &&
         name.substr(name.size() - 4) == ".txt" && name.find(".tmp.") == std::string::npos;
}

std::string fmt(const char* f, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}

// Sampling k of S shards without replacement: the estimate S/k sum y_i of
// the total of y, and its standard error S sqrt((1 - k/S) s^2 / k).
ShareEstimate estimate_total(const std::vector<double>& y, uint64_t S, double scale) {
  const double k = static_cast<double>(y.size());
  double sum = 0;
  for (double v : y) sum += v;
  const double mean = sum / k;
  double ss = 0;
  for (double v : y) ss += (v - mean) * (v - mean);
  const double s2 = y.size() > 1 ? ss / (k - 1) : NAN;
  const double fpc = 1.0 - k / static_cast<double>(S);
  const double se = fpc <= 0 ? 0.0 : static_cast<double>(S) * std::sqrt(fpc * s2 / k);
  return {"", static_cast<double>(S) * mean / scale, se / scale};
}

std::string group(uint64_t v) {
  std::string s = std::to_string(v), out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (i && (s.size() - i) % 3 == 0) out += ',';
    out += s[i];
  }
  return out;
}

}  // namespace

namespace {

// The shard files of dir (of one game, when given), and their names.
struct Found {
  std::vector<ShardResult> shards;
  std::vector<std::string> from;
  std::vector<std::string> skipped;  // names that are not regular files
};

Found read_shards(const std::string& dir, std::optional<Game> game) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) throw InputError(dir + ": not a directory");
  std::vector<std::string> names;
  Found f;
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    if (!shard_file(e.path().filename().string())) continue;
    // Only regular files are read: a FIFO would wait for a writer.
    const PathKind kind = kind_of(e.path().string());
    if (kind == PathKind::Regular)
      names.push_back(e.path().string());
    else
      f.skipped.push_back(e.path().string() + ": " + kind_words(kind) +
                          ", skipped (only regular files are read)");
  }
  std::sort(names.begin(), names.end());
  std::sort(f.skipped.begin(), f.skipped.end());
  for (const auto& n : names) {
    ShardResult r = read_shard_file(n);
    if (game && r.game != *game) continue;
    f.shards.push_back(std::move(r));
    f.from.push_back(n);
  }
  if (f.shards.empty()) throw InputError(dir + ": no shard files" + (game ? " of that game" : ""));
  return f;
}

// Shards that disagree with the first on game, version or rules, or whose
// rank range is not their shard's.
std::vector<std::string> disagreements(const Found& f, const Merged& m) {
  std::vector<std::string> out;
  for (size_t i = 0; i < f.shards.size(); ++i) {
    const auto& r = f.shards[i];
    if (r.game != m.game)
      out.push_back(f.from[i] + ": " + game_name(r.game) + ", not " + game_name(m.game) +
                    " (give --game)");
    if (r.version != m.version)
      out.push_back(f.from[i] + ": version " + r.version + ", not " + m.version);
    if (r.rules != m.rules) out.push_back(f.from[i] + ": other rules: " + r.rules);
    if (r.range.lo != shard_range(r.id, m.deals).lo || r.range.hi != shard_range(r.id, m.deals).hi)
      out.push_back(f.from[i] + ": its rank range is not that of its shard");
  }
  return out;
}

// Cover once: sorted by range, no two may overlap. Returns the gaps left.
std::vector<std::pair<uint64_t, uint64_t>> check_cover(const Found& f, uint64_t deals,
                                                       std::vector<std::string>& conflicts) {
  const auto& shards = f.shards;
  std::vector<size_t> order(shards.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return shards[a].range.lo != shards[b].range.lo ? shards[a].range.lo < shards[b].range.lo
                                                    : shards[a].range.hi < shards[b].range.hi;
  });
  uint64_t at = 0;
  std::vector<std::pair<uint64_t, uint64_t>> gaps;
  for (size_t j = 0; j < order.size(); ++j) {
    const auto& r = shards[order[j]];
    if (j && r.range.lo < shards[order[j - 1]].range.hi)
      conflicts.push_back(f.from[order[j]] + " overlaps " + f.from[order[j - 1]]);
    if (r.range.lo > at) gaps.push_back({at, r.range.lo});
    at = std::max(at, r.range.hi);
  }
  if (at < deals) gaps.push_back({at, deals});
  return gaps;
}

// The missing shards by name when all are of one S, else by rank range.
void name_missing(const std::vector<ShardResult>& shards,
                  const std::vector<std::pair<uint64_t, uint64_t>>& gaps, Merged& m) {
  if (m.shard_count) {
    std::vector<bool> have(std::min<uint64_t>(m.shard_count, 1u << 26), false);
    for (const auto& r : shards)
      if (r.id.index < have.size()) have[r.id.index] = true;
    m.missing_count = m.shard_count - shards.size();
    for (uint64_t k = 0; k < have.size() && m.missing.size() < 10; ++k)
      if (!have[k]) m.missing.push_back(shard_file_name(m.game, {k, m.shard_count}));
  } else {
    m.missing_count = gaps.size();
    for (size_t i = 0; i < gaps.size() && i < 10; ++i)
      m.missing.push_back("ranks " + std::to_string(gaps[i].first) + " to " +
                          std::to_string(gaps[i].second));
  }
}

// The ratio estimate sum y / sum w from k of S shards, biased by O(1/k)
// but far less variable than S/k sum y when the shards' deal counts w
// vary; its standard error by linearisation (that of the residuals'
// total over the deals' total).
ShareEstimate ratio_estimate(const std::vector<double>& y, const std::vector<double>& w,
                             uint64_t S) {
  double sy = 0, sx = 0;
  for (size_t i = 0; i < y.size(); ++i) sy += y[i], sx += w[i];
  const double ratio = sx > 0 ? sy / sx : NAN;
  std::vector<double> resid;
  for (size_t i = 0; i < y.size(); ++i) resid.push_back(y[i] - ratio * w[i]);
  const ShareEstimate e = estimate_total(resid, S, 1.0);
  const double k = static_cast<double>(y.size());
  return {"", ratio, e.se / (static_cast<double>(S) * sx / k)};
}

// From a uniform random choice of shards: the mean score and the rating
// bands, each as a ratio and unbiased, with their standard errors.
void estimate(const std::vector<ShardResult>& shards, Merged& m) {
  m.estimated = true;
  std::vector<double> sums, w;
  for (const auto& r : shards) {
    double s = 0;
    for (const auto& [v, c] : r.tally.headline) s += static_cast<double>(v) * c;
    sums.push_back(s);
    w.push_back(static_cast<double>(r.tally.deals));
  }
  const double n = static_cast<double>(m.deals);
  m.mean = estimate_total(sums, m.shard_count, n);
  m.mean.name = "mean";
  m.ratio_mean = ratio_estimate(sums, w, m.shard_count);
  m.ratio_mean.name = "ratio mean";
  for (const Band& b : bands_for(m.game)) {
    std::vector<double> y;
    for (const auto& r : shards) y.push_back(static_cast<double>(count_in(r.tally.values, b)));
    ShareEstimate ratio = ratio_estimate(y, w, m.shard_count),
                  unbiased = estimate_total(y, m.shard_count, n);
    ratio.name = unbiased.name = b.name;
    m.bands.push_back(ratio);
    m.unbiased_bands.push_back(unbiased);
  }
}

}  // namespace

Merged merge_shards(const std::string& dir, std::optional<Game> game) {
  const Found f = read_shards(dir, game);
  const auto& shards = f.shards;
  Merged m;
  m.skipped = f.skipped;
  m.game = shards[0].game;
  m.tally = Tally(m.game);
  m.version = shards[0].version;
  m.rules = shards[0].rules;
  m.deals = factorial(16);
  std::vector<std::string> conflicts = disagreements(f, m);
  const auto gaps = check_cover(f, m.deals, conflicts);
  if (!conflicts.empty()) {
    // One line (messages are shown escaped): the conflicts one after another.
    std::string msg = dir + ": the shards conflict: ";
    for (size_t i = 0; i < conflicts.size(); ++i) msg += (i ? "; " : "") + conflicts[i];
    throw InputError(msg);
  }
  m.shard_count = shards[0].id.count;
  for (const auto& r : shards)
    if (r.id.count != m.shard_count) m.shard_count = 0;
  for (const auto& r : shards) {
    add_tally(m.tally, r.tally);
    m.representatives += r.representatives;
    m.covered += r.range.size();
    ++m.files;
  }
  name_missing(shards, gaps, m);
  if (m.shard_count) estimate(shards, m);
  return m;
}

RunInfo merged_info(const Merged& m) {
  RunInfo info;
  info.requested = m.tally.deals;
  if (m.exact())
    info.population = "all " + group(m.deals) + " deals, exact";
  else
    info.population = group(m.tally.deals) + " deals of " + group(m.deals) + " (" +
                      fmt("%.4g", 100.0 * m.covered / m.deals) + "% of the ranks, " +
                      std::to_string(m.files) + " shard" + (m.files == 1 ? "" : "s") + ")";
  return info;
}

std::string merged_text(const Merged& m) {
  std::string out;
  if (m.exact()) {
    out += "EXACT: every one of the 16! = " + group(m.deals) + " deals, from " +
           group(m.representatives) +
           " representatives (one per orbit of the 48 relabellings) in " + group(m.files) +
           " shard" + (m.files == 1 ? "" : "s") + ".\n";
  } else {
    out += "PARTIAL: " + group(m.files) + " shard" + (m.files == 1 ? "" : "s") +
           (m.shard_count ? " of " + group(m.shard_count) : "") + ", " + group(m.covered) +
           " of the " + group(m.deals) + " ranks (" + fmt("%.4g", 100.0 * m.covered / m.deals) +
           "%), " + group(m.representatives) + " representatives; " + group(m.missing_count) +
           " missing";
    for (size_t i = 0; i < m.missing.size(); ++i) out += (i ? ", " : ": ") + m.missing[i];
    if (m.missing_count > m.missing.size()) out += ", ...";
    out += ".\n";
    if (m.estimated) {
      out += "Estimate for all 16! deals, if the shards are a uniform random choice of the " +
             group(m.shard_count) + " (value +- standard error):\n";
      const auto pm = [](const ShareEstimate& e, double scale, const char* f) {
        return fmt(f, scale * e.value) +
               (std::isnan(e.se) ? std::string() : " +- " + fmt(f, scale * e.se));
      };
      const bool one = m.files == 1;
      out += "  mean best score " + pm(m.ratio_mean, 1, "%.3f") +
             "  (ratio estimate; unbiased: " + pm(m.mean, 1, "%.3f") +
             (one ? ", one shard: no standard errors)\n" : ")\n");
      for (size_t i = 0; i < m.bands.size(); ++i)
        out += "  " + m.bands[i].name + ": " + pm(m.bands[i], 100, "%.4f%%") +
               "  (unbiased: " + pm(m.unbiased_bands[i], 100, "%.4f%%") + ")\n";
    }
    out += "What follows describes the deals covered (the intervals treat them as a sample).\n";
  }
  out += "Version: " + m.version + "; rules: " + m.rules + "\n";
  out += "Best and worst deals are given by rank (scarney stats --exhaustive --list).\n\n";
  return out + text_report(m.tally, merged_info(m));
}

Json merged_json(const Merged& m) {
  // json_report's object, with the exhaustive run's fields added at its end.
  Json out = json_report(m.tally, merged_info(m));
  JsonObject e;
  e.add("exact", m.exact()).add("ranks_covered", static_cast<int64_t>(m.covered));
  e.add("fraction_covered", static_cast<double>(m.covered) / m.deals);
  e.add("all_deals", static_cast<int64_t>(m.deals));
  e.add("representatives", static_cast<int64_t>(m.representatives));
  e.add("shards", static_cast<int64_t>(m.files))
      .add("shard_count", static_cast<int64_t>(m.shard_count))
      .add("missing", static_cast<int64_t>(m.missing_count));
  e.add("version", m.version).add("rules", m.rules);
  const auto deal_of = [](const Extreme& x) {
    JsonObject o;
    o.add("rank", static_cast<int64_t>(x.deal)).add("value", x.value);
    o.add("placement", deal_text(deal_of_rank(x.deal, kScarney)));
    return o.value();
  };
  if (m.tally.deals)
    e.add("best_deal", deal_of(m.tally.best)).add("worst_deal", deal_of(m.tally.worst));
  if (m.estimated && !m.exact()) {
    JsonObject est, bands;
    est.add("mean", m.mean.value);
    if (!std::isnan(m.mean.se)) est.add("mean_se", m.mean.se);
    est.add("ratio_mean", m.ratio_mean.value);
    if (!std::isnan(m.ratio_mean.se)) est.add("ratio_mean_se", m.ratio_mean.se);
    for (size_t i = 0; i < m.bands.size(); ++i) {
      JsonObject o;
      o.add("share", m.bands[i].value);
      if (!std::isnan(m.bands[i].se)) o.add("se", m.bands[i].se);
      o.add("share_unbiased", m.unbiased_bands[i].value);
      if (!std::isnan(m.unbiased_bands[i].se)) o.add("se_unbiased", m.unbiased_bands[i].se);
      bands.add(m.bands[i].name, o);
    }
    est.add("bands", bands);
    e.add("estimate", est);
  }
  out["exhaustive"] = e.value();
  return out;
}

}  // namespace scarney::exhaustive
