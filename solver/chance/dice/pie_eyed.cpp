#include "chance/dice/pie_eyed.h"

#include <stdexcept>

namespace scarney::dice {
namespace {

Fraction binomial(int n, int k) {
  Fraction c(1);
  for (int i = 1; i <= k; ++i) c = c * Fraction(n - k + i) / Fraction(i);
  return c;
}

// The sums over rounds r = 0, 1, 2, ... of x^r, r x^r and r^2 x^r, |x| < 1.
template <class Number>
struct GeometricSums {
  explicit GeometricSums(const Number& x) {
    const Number rest = Number(1) - x;
    s0 = Number(1) / rest;
    s1 = x / (rest * rest);
    s2 = x * (Number(1) + x) / (rest * rest * rest);
  }
  Number s0, s1, s2;
};

// P(the event number `k` (1, 2 or 3) falls on a turn of seat `seat` (1-based)).
// Seat s throws turns t = s + rN; event k falls on turn t with probability
// C(t-1, k-1) p^k q^(t-k). With m = t - 1 = a + rN and a = s - 1, summing over r
// uses x = q^N and the geometric sums.
template <class Number>
Number seat_makes_event(const Number& p, int players, int seat, int k) {
  const Number q = Number(1) - p;
  const GeometricSums<Number> g(power(q, players));
  const Number n(players);
  const Number a(seat - 1);
  switch (k) {
    case 1:  // sum_r p q^m
      return p * power(q, seat - 1) * g.s0;
    case 2:  // sum_r m p^2 q^(m-1)
      return p * p * power(q, seat - 2) * (a * g.s0 + n * g.s1);
    default:  // sum_r m(m-1)/2 p^3 q^(m-2), m(m-1) = a(a-1) + rN(2a-1) + r^2 N^2
      return p * p * p * power(q, seat - 3) *
             (a * (a - Number(1)) * g.s0 + n * (Number(2) * a - Number(1)) * g.s1 + n * n * g.s2) /
             Number(2);
  }
}

// E[rounds] = sum over r >= 0 of P(fewer than three events in the first r
// rounds) = sum_r [q^(rN) + rN p q^(rN-1) + C(rN,2) p^2 q^(rN-2)].
template <class Number>
Number expected_rounds(const Number& p, int players) {
  const Number q = Number(1) - p;
  const GeometricSums<Number> g(power(q, players));
  const Number n(players);
  const Number odds = p / q;
  return g.s0 + n * odds * g.s1 + odds * odds * (n * n * g.s2 - n * g.s1) / Number(2);
}

}  // namespace

std::vector<Fraction> dead_dice_in_turn(const PieEyedRules& rules) {
  if (rules.dice < 1 || rules.throws < 1) {
    throw std::invalid_argument("Pie-Eyed: a turn needs at least one die and one throw");
  }
  const Fraction numbered_every_throw = power(Fraction(2, 3), rules.throws);
  const Fraction dead = Fraction(1) - numbered_every_throw;
  std::vector<Fraction> chances;
  for (int k = 0; k <= rules.dice; ++k) {
    chances.push_back(binomial(rules.dice, k) * power(dead, k) *
                      power(numbered_every_throw, rules.dice - k));
  }
  return chances;
}

Fraction turn_success(const PieEyedRules& rules) {
  if (rules.dead_needed < 1 || rules.dead_needed > rules.dice) {
    throw std::invalid_argument("Pie-Eyed: the event needs between one and all the dice dead");
  }
  const std::vector<Fraction> chances = dead_dice_in_turn(rules);
  Fraction success;
  for (int k = rules.dead_needed; k <= rules.dice; ++k) success += chances[k];
  return success;
}

PieEyedRace pie_eyed_race(const Fraction& success, int players) {
  if (players < 1) throw std::invalid_argument("Pie-Eyed needs at least one player");
  if (success <= Fraction(0) || success >= Fraction(1)) {
    throw std::invalid_argument("Pie-Eyed: the chance per turn must be strictly between 0 and 1");
  }
  PieEyedRace race;
  race.expected_turns = Figure::of(Fraction(3) / success);
  race.expected_rounds = exact_if_possible(
      [&]<class Number>() { return expected_rounds(as<Number>(success), players); });
  race.seat_role.resize(players);
  for (int seat = 1; seat <= players; ++seat) {
    for (int k = 1; k <= 3; ++k) {
      race.seat_role[seat - 1][k - 1] = exact_if_possible(
          [&]<class Number>() { return seat_makes_event(as<Number>(success), players, seat, k); });
    }
  }
  return race;
}

}  // namespace scarney::dice
