// Fair random throws for the simulations. The face is drawn from the 64-bit
// Mersenne Twister without modulo bias, so a seed gives the same games on
// every platform.
#pragma once

#include <random>

namespace scarney::dice {

// A Scarney die: 1, 3, 4, 6, or 0 for dead, each one time in six.
int throw_scarney_die(std::mt19937_64& rng);

// An ordinary die: 1 to 6.
int throw_die(std::mt19937_64& rng);

}  // namespace scarney::dice
