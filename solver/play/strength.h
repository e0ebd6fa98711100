// How strongly the computer plays, and its choice among the moves of a
// position given every move's value (analysis/analysis.h).
//
// Every level picks by a softmax over the moves' values for the mover:
// move m is chosen with probability proportional to
//     exp((value(m) - value(best)) / T)
// with a temperature T per level (in the game's own value units: points of
// score, margin or payoff). `perfect` (T = 0) picks only among the best
// moves; `random` (T = infinity) picks any legal move alike. The choice is
// drawn from a generator seeded by the game's seed and the ply, so the same
// seed gives the same game on every machine (docs/play.md).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace scarney {

enum class Strength : uint8_t { Perfect, Strong, Fair, Weak, Random };

inline constexpr Strength kStrengths[] = {Strength::Perfect, Strength::Strong, Strength::Fair,
                                          Strength::Weak, Strength::Random};

std::string strength_name(Strength s);  // "perfect", "strong", "fair", "weak", "random"
std::optional<Strength> parse_strength(std::string_view s);
// The softmax temperature of a level: 0 for perfect, infinity for random.
double strength_temperature(Strength s);

// The seed of the choice at one ply of a game played with `seed`.
uint64_t choice_seed(uint64_t seed, int ply);

// The index of the chosen move. `values` are the moves' values for the
// mover, larger better, in any order. Precondition: values is not empty.
size_t choose_move(const std::vector<double>& values, Strength s, uint64_t seed);

}  // namespace scarney
