// A computed figure: always a decimal, and the exact fraction too when the
// numbers fit in 128 bits. Computations are written once over a number type
// and run first with Fraction; if that overflows they are run again with double.
#pragma once

#include <optional>
#include <stdexcept>
#include <type_traits>

#include "chance/dice/fraction.h"

namespace scarney::dice {

struct Figure {
  double value = 0;
  std::optional<Fraction> exact;  // empty when only the decimal could be computed

  static Figure of(const Fraction& f) { return {f.to_double(), f}; }
};

// `Number` (Fraction or double) from an exact fraction.
template <class Number>
Number as(const Fraction& f) {
  if constexpr (std::is_same_v<Number, Fraction>) {
    return f;
  } else {
    return f.to_double();
  }
}

// `base` to a whole power, which may be negative.
template <class Number>
Number power(Number base, int exponent) {
  if (exponent < 0) return Number(1) / power(base, -exponent);
  Number result(1);
  while (exponent > 0) {
    if (exponent & 1) result = result * base;
    exponent >>= 1;
    if (exponent > 0) base = base * base;
  }
  return result;
}

// Runs `compute.template operator()<Fraction>()` and, if the exact numbers
// overflow, `compute.template operator()<double>()` instead.
template <class Compute>
Figure exact_if_possible(const Compute& compute) {
  try {
    return Figure::of(compute.template operator()<Fraction>());
  } catch (const std::overflow_error&) {
    return Figure{compute.template operator()<double>(), std::nullopt};
  }
}

}  // namespace scarney::dice
