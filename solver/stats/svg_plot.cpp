#include "stats/svg_plot.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

namespace scarney {

namespace {

constexpr double kWidth = 960, kHeight = 560;
constexpr double kLeft = 78, kRight = 24, kTop = 78, kBottom = 64;
const char* const kFont = "DejaVu Sans, Helvetica, Arial, sans-serif";

// Worst to best band: red through yellow to green, pale enough for bars.
const char* const kBandColours[] = {"#f4c7c3", "#f8d9c0", "#fbe8bf", "#fcf3c2", "#eef3c4",
                                    "#dcefc6", "#c9e8c8", "#b7e1cd", "#a8d8d8"};

struct Shade {
  Band band;
  std::string label;  // name and share
  std::string colour;
};

struct Series {
  std::string name, colour;
  std::map<int, double> height;  // value -> percent
};

struct Plot {
  std::string title, subtitle, x_label, y_label;
  double x_lo = 0, x_hi = 1;  // the value domain shown
  std::vector<Shade> shades;
  std::vector<Series> stacked;                          // bars one value wide, stacked in order
  bool area = false;                                    // draw the first series as a filled curve
  std::vector<std::pair<double, std::string>> markers;  // dashed lines (mean, median)
};

std::string f1(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  return buf;
}

std::string esc(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '&')
      out += "&amp;";
    else if (c == '<')
      out += "&lt;";
    else if (c == '>')
      out += "&gt;";
    else
      out += c;
  }
  return out;
}

std::string grouped(uint64_t n) {
  std::string s = std::to_string(n);
  for (int i = static_cast<int>(s.size()) - 3; i > 0; i -= 3) s.insert(static_cast<size_t>(i), ",");
  return s;
}

std::string percent(double share) {
  if (share == 0) return "0%";
  if (share < 1e-5) return "<0.001%";
  char buf[32];
  std::snprintf(buf, sizeof buf, share < 0.001 ? "%.3f%%" : "%.1f%%", 100 * share);
  return buf;
}

// A round step giving about `ticks` ticks over `span`.
double nice_step(double span, int ticks) {
  const double raw = span / ticks, mag = std::pow(10, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 2.5, 5.0, 10.0})
    if (m * mag >= raw) return m * mag;
  return 10 * mag;
}

std::string text(double x, double y, const std::string& s, const std::string& attrs = "") {
  return "<text x=\"" + f1(x) + "\" y=\"" + f1(y) + "\" " + attrs + ">" + esc(s) + "</text>\n";
}

// The plot area and its scales: value to x, percent to y.
struct Frame {
  const Plot& p;
  double pw = kWidth - kLeft - kRight, ph = kHeight - kTop - kBottom;
  std::map<int, double> tops;  // value -> height of its whole stack
  double y_step = 0, y_top = 0;

  explicit Frame(const Plot& plot) : p(plot) {
    double y_max = 0;
    for (const Series& s : p.stacked)
      for (const auto& [v, h] : s.height) y_max = std::max(y_max, tops[v] += h);
    y_step = nice_step(std::max(y_max, 1e-9) * 1.15, 6);
    y_top = std::ceil(y_max * 1.15 / y_step) * y_step;
  }
  double X(double v) const { return kLeft + (v - p.x_lo) / (p.x_hi - p.x_lo) * pw; }
  double Y(double h) const { return kTop + ph - h / y_top * ph; }
};

// One band behind everything, labelled at its top with its share.
std::string band_shade(const Frame& f, const Shade& sh) {
  const Plot& p = f.p;
  const double a = f.X(std::max<double>(sh.band.lo == INT_MIN ? p.x_lo : sh.band.lo - 0.5, p.x_lo));
  const double b = f.X(std::min<double>(sh.band.hi == INT_MAX ? p.x_hi : sh.band.hi + 0.5, p.x_hi));
  if (b <= a) return "";
  std::string s = "<rect x=\"" + f1(a) + "\" y=\"" + f1(kTop) + "\" width=\"" + f1(b - a) +
                  "\" height=\"" + f1(f.ph) + "\" fill=\"" + sh.colour + "\"/>\n";
  const double mid = (a + b) / 2;
  const auto fits = [&](size_t chars) { return b - a >= 6.6 * chars + 6; };
  std::vector<std::string> words;
  for (size_t i = 0, j; i < sh.band.name.size(); i = j + 1) {
    j = std::min(sh.band.name.find(' ', i), sh.band.name.size());
    words.push_back(sh.band.name.substr(i, j - i));
  }
  size_t longest = sh.label.size();
  for (const auto& w : words) longest = std::max(longest, w.size());
  const std::string name_attrs = "font-size=\"12\" text-anchor=\"middle\" fill=\"#333\"";
  const std::string share_attrs = "font-size=\"11\" text-anchor=\"middle\" fill=\"#555\"";
  if (fits(std::max(sh.band.name.size(), sh.label.size()))) {
    s += text(mid, kTop + 16, sh.band.name, name_attrs);
    s += text(mid, kTop + 31, sh.label, share_attrs);
  } else if (fits(longest) && words.size() <= 3) {  // a word a line
    double y = kTop + 16;
    for (const auto& w : words) {
      s += text(mid, y, w, name_attrs);
      y += 14;
    }
    s += text(mid, y + 1, sh.label, share_attrs);
  } else {  // too narrow: written upwards along the band
    s += "<text transform=\"translate(" + f1(mid + 4) + "," + f1(kTop + 8) +
         ") rotate(90)\" font-size=\"11\" fill=\"#333\">" + esc(sh.band.name + "  " + sh.label) +
         "</text>\n";
  }
  return s;
}

// Horizontal grid and the y axis.
std::string y_axis(const Frame& f) {
  std::string s;
  for (double h = 0; h <= f.y_top + 1e-9; h += f.y_step) {
    s += "<line x1=\"" + f1(kLeft) + "\" x2=\"" + f1(kLeft + f.pw) + "\" y1=\"" + f1(f.Y(h)) +
         "\" y2=\"" + f1(f.Y(h)) + "\" stroke=\"#000\" stroke-opacity=\"0.12\"/>\n";
    char label[32];
    // Rounded first: the steps (2.5, 0.25, ...) add up with float noise.
    std::snprintf(label, sizeof label, "%.4g%%", std::round(h * 1e6) / 1e6);
    s += text(kLeft - 8, f.Y(h) + 4, label, "font-size=\"12\" text-anchor=\"end\" fill=\"#333\"");
  }
  return s;
}

// The bars (or the curve).
std::string data(const Frame& f) {
  const Plot& p = f.p;
  std::string s;
  if (p.area && !p.stacked.empty()) {
    const Series& ser = p.stacked[0];
    std::string d = "M" + f1(f.X(p.x_lo)) + "," + f1(f.Y(0));
    for (const auto& [v, h] : ser.height)
      if (v >= p.x_lo && v <= p.x_hi) d += " L" + f1(f.X(v)) + "," + f1(f.Y(h));
    d += " L" + f1(f.X(p.x_hi)) + "," + f1(f.Y(0)) + " Z";
    return "<path d=\"" + d + "\" fill=\"" + ser.colour + "\" fill-opacity=\"0.85\" stroke=\"" +
           ser.colour + "\"/>\n";
  }
  std::map<int, double> base;
  const double bar = std::max(0.5, 0.84 * (f.X(1) - f.X(0)));
  for (const Series& ser : p.stacked)
    for (const auto& [v, h] : ser.height) {
      if (h <= 0) continue;
      const double y0 = base[v], y1 = y0 + h;
      base[v] = y1;
      s += "<rect x=\"" + f1(f.X(v) - bar / 2) + "\" y=\"" + f1(f.Y(y1)) + "\" width=\"" + f1(bar) +
           "\" height=\"" + f1(f.Y(y0) - f.Y(y1)) + "\" fill=\"" + ser.colour + "\"/>\n";
    }
  return s;
}

// Mean and median, and the most common value named above its bar.
std::string markers(const Frame& f) {
  const Plot& p = f.p;
  std::string s;
  for (size_t i = 0; i < p.markers.size(); ++i) {
    const double x = f.X(p.markers[i].first);
    s += "<line x1=\"" + f1(x) + "\" x2=\"" + f1(x) + "\" y1=\"" + f1(kTop + 62) + "\" y2=\"" +
         f1(kTop + f.ph) + "\" stroke=\"#222\" stroke-dasharray=\"" + (i ? "2,3" : "6,4") +
         "\" stroke-width=\"1.3\"/>\n";
    // The label goes on the side away from the other marker, so neither
    // line runs through the other's label.
    const bool left = p.markers.size() == 2 && p.markers[1 - i].first > p.markers[i].first;
    s += text(left ? x - 5 : x + 5, kTop + 74 + 15 * i, p.markers[i].second,
              std::string("font-size=\"12\" fill=\"#222\"") + (left ? " text-anchor=\"end\"" : ""));
  }
  if (!p.area && !f.tops.empty()) {
    const auto mode =
        std::max_element(f.tops.begin(), f.tops.end(),
                         [](const auto& x, const auto& y) { return x.second < y.second; });
    s += text(f.X(mode->first), f.Y(mode->second) - 5, std::to_string(mode->first),
              "font-size=\"11\" text-anchor=\"middle\" fill=\"#222\" stroke=\"white\" "
              "stroke-width=\"3\" paint-order=\"stroke\"");
  }
  return s;
}

// The x axis, its ticks and the axis titles.
std::string x_axis(const Frame& f) {
  const Plot& p = f.p;
  const double ph = f.ph;
  std::string s = "<line x1=\"" + f1(kLeft) + "\" x2=\"" + f1(kLeft + f.pw) + "\" y1=\"" +
                  f1(kTop + ph) + "\" y2=\"" + f1(kTop + ph) + "\" stroke=\"#333\"/>\n";
  const double x_step = nice_step(p.x_hi - p.x_lo, 12);
  for (double v = std::ceil(p.x_lo / x_step) * x_step; v <= p.x_hi; v += x_step) {
    s += "<line x1=\"" + f1(f.X(v)) + "\" x2=\"" + f1(f.X(v)) + "\" y1=\"" + f1(kTop + ph) +
         "\" y2=\"" + f1(kTop + ph + 5) + "\" stroke=\"#333\"/>\n";
    char label[32];
    std::snprintf(label, sizeof label, "%g", v + 0.0);  // + 0.0: no "-0"
    s += text(f.X(v), kTop + ph + 19, label,
              "font-size=\"12\" text-anchor=\"middle\" fill=\"#333\"");
  }
  s += text(kLeft + f.pw / 2, kHeight - 16, p.x_label,
            "font-size=\"14\" text-anchor=\"middle\" fill=\"#222\"");
  s += "<text transform=\"translate(20," + f1(kTop + ph / 2) +
       ") rotate(-90)\" font-size=\"14\" text-anchor=\"middle\" fill=\"#222\">" + esc(p.y_label) +
       "</text>\n";
  return s;
}

// Legend for stacked series.
std::string legend(const Frame& f) {
  std::string s;
  if (f.p.stacked.size() <= 1) return s;
  double y = kTop + 14;
  for (const Series& ser : f.p.stacked) {
    s += "<rect x=\"" + f1(kLeft + f.pw - 210) + "\" y=\"" + f1(y - 10) +
         "\" width=\"12\" height=\"12\" fill=\"" + ser.colour + "\"/>\n";
    s += text(kLeft + f.pw - 192, y, ser.name, "font-size=\"12\" fill=\"#222\"");
    y += 18;
  }
  return s;
}

std::string render(const Plot& p) {
  const Frame f(p);
  std::string s = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + f1(kWidth) +
                  "\" height=\"" + f1(kHeight) + "\" viewBox=\"0 0 " + f1(kWidth) + " " +
                  f1(kHeight) + "\" font-family=\"" + kFont + "\">\n";
  s += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  s += text(kLeft, 30, p.title, "font-size=\"20\" font-weight=\"bold\" fill=\"#222\"");
  s += text(kLeft, 52, p.subtitle, "font-size=\"13\" fill=\"#555\"");
  for (const Shade& sh : p.shades) s += band_shade(f, sh);
  s += y_axis(f) + data(f) + markers(f) + x_axis(f) + legend(f);
  return s + "</svg>\n";
}

std::vector<Shade> shades(const std::vector<Band>& bands, const std::vector<double>& shares,
                          const std::vector<std::string>& colours) {
  std::vector<Shade> out;
  for (size_t i = 0; i < bands.size(); ++i)
    out.push_back({bands[i], percent(shares[i]), colours[i % colours.size()]});
  return out;
}

// The rating bands coloured worst (red) to best (green); bands come best first.
std::vector<std::string> rating_colours(size_t n) {
  std::vector<std::string> c;
  const size_t k = std::size(kBandColours);
  for (size_t i = 0; i < n; ++i)
    c.push_back(kBandColours[(k - 1) - (k - 1) * i / std::max<size_t>(1, n - 1)]);
  return c;
}

std::string deals_phrase(const Tally& t, const RunInfo& info) {
  if (!info.population.empty()) return info.population;
  return grouped(t.deals) + (two_player(t.game) ? " random full placements" : " random deals") +
         " (seed " + std::to_string(info.seed) + (info.interrupted ? ", interrupted run" : "") +
         ")";
}

}  // namespace

std::string histogram_svg(const Tally& t, const RunInfo& info) {
  Plot p;
  const std::string stat = statistic_name(t.game);
  p.title = game_title(t.game) + ": the " + stat + " under perfect play";
  p.y_label = two_player(t.game) ? "share of placements" : "share of deals";
  const double n = static_cast<double>(std::max<uint64_t>(1, t.deals));
  int lo = t.headline.empty() ? 0 : t.headline.begin()->first;
  int hi = t.headline.empty() ? 1 : t.headline.rbegin()->first;
  std::vector<double> shares;
  for (const Band& b : bands_for(t.game)) shares.push_back(count_in(t.values, b) / n);
  switch (value_kind(t.game)) {
    case ValueKind::Score:
      p.subtitle = deals_phrase(t, info) + "; shaded: the book's game ratings";
      if (traits(t.game).calls_scarney) {
        uint64_t beats = 0;
        for (const auto& [gain, c] : t.call_gain)
          if (gain > 0) beats += c;
        p.subtitle += "; the early call beats Solitaire in " + percent(beats / n);
      }
      p.x_label = "best score (40 - spots left on the board + bonus)";
      lo = std::min(lo, 0);
      hi = std::max(hi, 160);  // keep "Perfect game" in view
      p.shades = shades(game_bands(), shares, rating_colours(game_bands().size()));
      p.stacked.push_back({"deals", "#3b6ea5", {}});
      for (const auto& [v, c] : t.headline) p.stacked[0].height[v] = 100 * c / n;
      break;
    case ValueKind::Margin: {
      p.subtitle = deals_phrase(t, info) + "; the nonstarter makes the first take-off";
      p.x_label = "the nonstarter's margin (his points minus the starter's)";
      const int m = std::max({std::abs(lo), std::abs(hi), 1});
      lo = -m;
      hi = m;
      p.shades = shades(outcome_bands(t.game), shares, {"#c9e8c8", "#e4e4e4", "#f4c7c3"});
      p.stacked.push_back({"placements", "#3b6ea5", {}});
      for (const auto& [v, c] : t.headline) p.stacked[0].height[v] = 100 * c / n;
      break;
    }
    case ValueKind::Payoff:
      p.subtitle = deals_phrase(t, info) + "; the starter removes first and wins " +
                   percent(total(t.starter_won) / n);
      p.x_label = "the winner's score (spots he removed, doubled if the last pawn is black)";
      lo = std::min(lo, 0);
      p.stacked.push_back({"the starter wins", "#3b6ea5", {}});
      p.stacked.push_back({"the second player wins", "#e08a2c", {}});
      for (const auto& [v, c] : t.starter_won) p.stacked[0].height[v] = 100 * c / n;
      for (const auto& [v, c] : t.second_won) p.stacked[1].height[v] = 100 * c / n;
      break;
  }
  p.x_lo = lo - 1;
  p.x_hi = hi + 1;
  if (t.deals) {
    const Estimate mean = mean_interval(t.headline), median = median_interval(t.headline);
    char buf[64];
    std::snprintf(buf, sizeof buf, "mean %.1f", mean.value);
    p.markers.push_back({mean.value, buf});
    std::snprintf(buf, sizeof buf, "median %g", median.value);
    p.markers.push_back({median.value, buf});
  }
  return render(p);
}

std::string match_svg(const Tally& t, const RunInfo& info) {
  const MatchView m = match_view(t);
  Plot p;
  p.title = game_title(t.game) + ": a five-game match under perfect play";
  p.subtitle = "five independent deals, from " + deals_phrase(t, info) +
               "; shaded: the book's match ratings";
  p.x_label = "match score (the total of five games)";
  p.y_label = "share of matches";
  p.area = true;
  p.stacked.push_back({"matches", "#3b6ea5", {}});
  int lo = 0, hi = 750;
  for (const auto& [v, q] : m.distribution)
    if (q >= 1e-7) {
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    }
  for (const auto& [v, q] : m.distribution) p.stacked[0].height[v] = 100 * q;
  p.x_lo = lo;
  p.x_hi = hi;
  p.shades = shades(match_bands(), m.band_shares, rating_colours(match_bands().size()));
  char buf[64];
  std::snprintf(buf, sizeof buf, "mean %.1f", m.mean.value);
  p.markers.push_back({m.mean.value, buf});
  std::snprintf(buf, sizeof buf, "median %d", m.median);
  p.markers.push_back({static_cast<double>(m.median), buf});
  return render(p);
}

}  // namespace scarney
