// The exact rational class the dice odds are computed with.
#include "chance/dice/fraction.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <stdexcept>

#include "chance/dice/figure.h"

using scarney::dice::Figure;
using scarney::dice::Fraction;

TEST_CASE("fractions are kept in lowest terms with a positive denominator", "[dice][fraction]") {
  const Fraction f(6, -8);
  CHECK(f.numerator() == -3);
  CHECK(f.denominator() == 4);
  CHECK(f.str() == "-3/4");
  CHECK(Fraction(0, 7).str() == "0/1");
  CHECK(Fraction(5).str() == "5/1");
  CHECK(Fraction(2, 4) == Fraction(1, 2));
}

TEST_CASE("fraction arithmetic is exact", "[dice][fraction]") {
  CHECK(Fraction(1, 6) + Fraction(1, 3) == Fraction(1, 2));
  CHECK(Fraction(1, 6) - Fraction(1, 3) == Fraction(-1, 6));
  CHECK(Fraction(2, 3) * Fraction(9, 4) == Fraction(3, 2));
  CHECK(Fraction(2, 3) / Fraction(4, 9) == Fraction(3, 2));
  CHECK(Fraction(1, 3) < Fraction(1, 2));
  CHECK(Fraction(-1, 2) < Fraction(0));
  CHECK(Fraction(1, 3).to_double() == Approx(1.0 / 3));
  CHECK(scarney::dice::power(Fraction(2, 3), 3) == Fraction(8, 27));
  CHECK(scarney::dice::power(Fraction(2, 3), -2) == Fraction(9, 4));
}

TEST_CASE("a 128-bit overflow is an error, never a wrong answer", "[dice][fraction]") {
  const Fraction big(Fraction::Integer{1} << 100, 3);
  CHECK_THROWS_AS(big * big, std::overflow_error);
  CHECK_THROWS_AS(Fraction(1, (Fraction::Integer{1} << 100) + 1) +
                      Fraction(1, (Fraction::Integer{1} << 100) - 1),
                  std::overflow_error);
  CHECK_THROWS_AS(Fraction(1, 0), std::domain_error);
  CHECK_THROWS_AS(Fraction(1) / Fraction(0), std::domain_error);
}

TEST_CASE("a figure falls back to doubles when the fractions overflow", "[dice][fraction]") {
  const Figure small = scarney::dice::exact_if_possible(
      []<class Number>() { return scarney::dice::power(Number(1) / Number(7776), 4); });
  REQUIRE(small.exact);
  CHECK(*small.exact == Fraction(1, 3656158440062976LL));
  const Figure large = scarney::dice::exact_if_possible(
      []<class Number>() { return scarney::dice::power(Number(1) / Number(7776), 20); });
  CHECK_FALSE(large.exact);
  CHECK(large.value == Approx(std::pow(7776.0, -20)));
}
