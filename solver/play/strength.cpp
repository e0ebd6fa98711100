#include "play/strength.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "games/deal.h"

namespace scarney {
namespace {

struct Level {
  const char* name;
  double temperature;
};

constexpr double kInfinity = std::numeric_limits<double>::infinity();
constexpr std::array<Level, 5> kLevels = {{
    {"perfect", 0.0},
    {"strong", 1.0},
    {"fair", 4.0},
    {"weak", 12.0},
    {"random", kInfinity},
}};

const Level& level(Strength s) { return kLevels.at(static_cast<size_t>(s)); }

// Uniform in [0, 1) from 53 bits of the generator.
double uniform(SplitMix64& rng) { return static_cast<double>(rng.next() >> 11) * 0x1.0p-53; }

}  // namespace

std::string strength_name(Strength s) { return level(s).name; }

std::optional<Strength> parse_strength(std::string_view text) {
  for (Strength s : kStrengths)
    if (text == level(s).name) return s;
  return std::nullopt;
}

double strength_temperature(Strength s) { return level(s).temperature; }

uint64_t choice_seed(uint64_t seed, int ply) {
  SplitMix64 mix(seed ^ (0xC0FFEEull * static_cast<uint64_t>(ply + 1)));
  return mix.next();
}

size_t choose_move(const std::vector<double>& values, Strength s, uint64_t seed) {
  SplitMix64 rng(seed);
  const double best = *std::max_element(values.begin(), values.end());
  const double t = strength_temperature(s);
  std::vector<double> weight(values.size());
  for (size_t i = 0; i < values.size(); ++i) {
    const double loss = best - values[i];
    if (t == 0)
      weight[i] = loss < 1e-9 ? 1.0 : 0.0;
    else if (std::isinf(t))
      weight[i] = 1.0;
    else
      weight[i] = std::exp(-loss / t);
  }
  double total = 0;
  for (double w : weight) total += w;
  double r = uniform(rng) * total;
  for (size_t i = 0; i < weight.size(); ++i) {
    if (r < weight[i]) return i;
    r -= weight[i];
  }
  // Rounding: the last move with any weight.
  for (size_t i = weight.size(); i-- > 0;)
    if (weight[i] > 0) return i;
  return 0;
}

}  // namespace scarney
