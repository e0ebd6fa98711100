// An exact rational number for the dice odds: a reduced fraction of two signed
// 128-bit integers. Every operation checks for overflow and throws
// std::overflow_error rather than return a wrong answer, so a caller can fall
// back to doubles when the numbers grow too large (see figure.h).
#pragma once

#include <compare>
#include <string>

namespace scarney::dice {

class Fraction {
 public:
  using Integer = __int128;

  Fraction() = default;
  Fraction(long long whole) : numerator_(whole) {}  // NOLINT: a whole number is a fraction
  // Throws std::domain_error when `denominator` is zero.
  Fraction(Integer numerator, Integer denominator);

  Integer numerator() const { return numerator_; }
  Integer denominator() const { return denominator_; }  // always positive

  double to_double() const;
  // "numerator/denominator", e.g. "1234/7776"; a whole number keeps "/1".
  std::string str() const;

  friend Fraction operator+(const Fraction& a, const Fraction& b);
  friend Fraction operator-(const Fraction& a, const Fraction& b);
  friend Fraction operator*(const Fraction& a, const Fraction& b);
  // Throws std::domain_error when dividing by zero.
  friend Fraction operator/(const Fraction& a, const Fraction& b);
  Fraction operator-() const;
  Fraction& operator+=(const Fraction& b) { return *this = *this + b; }
  Fraction& operator-=(const Fraction& b) { return *this = *this - b; }
  Fraction& operator*=(const Fraction& b) { return *this = *this * b; }
  Fraction& operator/=(const Fraction& b) { return *this = *this / b; }

  friend bool operator==(const Fraction& a, const Fraction& b) = default;
  friend std::strong_ordering operator<=>(const Fraction& a, const Fraction& b);

 private:
  Integer numerator_ = 0;
  Integer denominator_ = 1;
};

// The decimal digits of a 128-bit integer (std::to_string has no overload for it).
std::string to_string(Fraction::Integer n);

}  // namespace scarney::dice
