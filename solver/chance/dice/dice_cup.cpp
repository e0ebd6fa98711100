#include "chance/dice/dice_cup.h"

#include <cstdint>
#include <limits>

#include "chance/dice/scarney_die.h"

namespace scarney::dice {
namespace {

// Uniform in 0 .. 5: reject the few top values that would favour low faces.
int uniform_face(std::mt19937_64& rng) {
  constexpr std::uint64_t kLimit =
      std::numeric_limits<std::uint64_t>::max() - std::numeric_limits<std::uint64_t>::max() % 6;
  std::uint64_t draw;
  do {
    draw = rng();
  } while (draw >= kLimit);
  return static_cast<int>(draw % 6);
}

}  // namespace

int throw_scarney_die(std::mt19937_64& rng) { return kScarneyFaces[uniform_face(rng)]; }

int throw_die(std::mt19937_64& rng) { return uniform_face(rng) + 1; }

}  // namespace scarney::dice
