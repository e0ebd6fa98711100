#include "chance/dice/fraction.h"

#include <algorithm>
#include <stdexcept>

namespace scarney::dice {
namespace {

using Integer = Fraction::Integer;

[[noreturn]] void overflow() {
  throw std::overflow_error("exact fraction arithmetic overflowed 128 bits");
}

Integer checked_multiply(Integer a, Integer b) {
  Integer r;
  if (__builtin_mul_overflow(a, b, &r)) overflow();
  return r;
}

Integer checked_add(Integer a, Integer b) {
  Integer r;
  if (__builtin_add_overflow(a, b, &r)) overflow();
  return r;
}

Integer checked_negate(Integer a) {
  Integer r;
  if (__builtin_sub_overflow(Integer{0}, a, &r)) overflow();
  return r;
}

Integer absolute(Integer a) { return a < 0 ? checked_negate(a) : a; }

Integer gcd(Integer a, Integer b) {
  a = absolute(a);
  b = absolute(b);
  while (b != 0) {
    const Integer r = a % b;
    a = b;
    b = r;
  }
  return a;
}

}  // namespace

Fraction::Fraction(Integer numerator, Integer denominator) {
  if (denominator == 0) throw std::domain_error("fraction with a zero denominator");
  if (denominator < 0) {
    numerator = checked_negate(numerator);
    denominator = checked_negate(denominator);
  }
  const Integer g = gcd(numerator, denominator);
  numerator_ = numerator / g;
  denominator_ = denominator / g;
}

double Fraction::to_double() const {
  return static_cast<double>(static_cast<long double>(numerator_) /
                             static_cast<long double>(denominator_));
}

std::string to_string(Integer n) {
  if (n == 0) return "0";
  const bool negative = n < 0;
  std::string digits;
  while (n != 0) {
    const int digit = static_cast<int>(n % 10);
    digits += static_cast<char>('0' + (digit < 0 ? -digit : digit));
    n /= 10;
  }
  if (negative) digits += '-';
  std::reverse(digits.begin(), digits.end());
  return digits;
}

std::string Fraction::str() const { return to_string(numerator_) + "/" + to_string(denominator_); }

Fraction operator+(const Fraction& a, const Fraction& b) {
  const Integer g = gcd(a.denominator_, b.denominator_);
  const Integer denominator = checked_multiply(a.denominator_ / g, b.denominator_);
  const Integer numerator = checked_add(checked_multiply(a.numerator_, b.denominator_ / g),
                                        checked_multiply(b.numerator_, a.denominator_ / g));
  return Fraction(numerator, denominator);
}

Fraction Fraction::operator-() const {
  Fraction r;
  r.numerator_ = checked_negate(numerator_);
  r.denominator_ = denominator_;
  return r;
}

Fraction operator-(const Fraction& a, const Fraction& b) { return a + (-b); }

Fraction operator*(const Fraction& a, const Fraction& b) {
  // Cancel across before multiplying so that the products stay small.
  const Integer g1 = gcd(a.numerator_, b.denominator_);
  const Integer g2 = gcd(b.numerator_, a.denominator_);
  return Fraction(checked_multiply(a.numerator_ / g1, b.numerator_ / g2),
                  checked_multiply(a.denominator_ / g2, b.denominator_ / g1));
}

Fraction operator/(const Fraction& a, const Fraction& b) {
  if (b.numerator_ == 0) throw std::domain_error("division of a fraction by zero");
  return a * Fraction(b.denominator_, b.numerator_);
}

std::strong_ordering operator<=>(const Fraction& a, const Fraction& b) {
  const Fraction difference = a - b;
  return difference.numerator_ <=> Integer{0};
}

}  // namespace scarney::dice
