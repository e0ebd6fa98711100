// Scarne's rules, each forced on a shoe built so that a wrong rule gives a
// different number.
#include "chance/cards/blackjack_rules.h"

#include <catch2/catch.hpp>
#include <stdexcept>

#include "chance/cards/blackjack_hand.h"
#include "chance/cards/blackjack_shoe.h"
#include "chance/cards/dealer.h"
#include "chance/cards/expectation.h"
#include "chance/cards/hand_expectations.h"
#include "chance/cards/hand_values.h"
#include "chance/cards/insurance.h"
#include "chance/cards/split.h"

using namespace scarney::cards::blackjack;

namespace {

Shoe only(int value, int n, int aces = 0) {
  std::array<int, 10> c{};
  c[value - 1] = n;
  c[0] += aces;
  return Shoe::of_counts(c);
}

Hand hand_of(std::initializer_list<int> values) {
  Hand h;
  for (int v : values) h.add(v);
  return h;
}

// Stand on everything: enough to score the deal itself.
Strategy always_stand() {
  Strategy s;
  for (int u = 1; u <= 10; ++u) {
    for (int t = 0; t < 32; ++t)
      for (bool soft : {false, true}) {
        s.set_hits(u, t, soft, false);
        s.set_two_card(u, t, soft, Action::stand);
      }
    for (int p = 1; p <= 10; ++p) s.set_pair(u, p, Action::stand, Action::stand);
  }
  return s;
}

}  // namespace

TEST_CASE("a natural pays 3 to 2 and is a stand-off against a dealer natural",
          "[blackjack][rules]") {
  Rules r;
  const Strategy s = always_stand();
  const double ev_3_2 = expectation(r, &s).overall;
  r.natural_payout = 1.0;
  const double ev_1_1 = expectation(r, &s).overall;
  // The payout matters only when the player has a natural and the dealer has
  // none. Four decks: 16 aces, 64 tens in 208 cards.
  const double player_natural = 2.0 * 16 / 208 * 64 / 207;
  const double dealer_natural_too = 2.0 * 15 * 63 / (206.0 * 205);
  CHECK(ev_3_2 - ev_1_1 == Approx(0.5 * player_natural * (1 - dealer_natural_too)).epsilon(1e-12));

  const HandExpectations e = hand_expectations(Rules{}, Hand::parse("A,K"), 9);
  CHECK(e.stand == 1.5);
  CHECK_FALSE(e.hit.has_value());
}

TEST_CASE("the dealer peeks: values are given no natural, insurance pays 2 to 1",
          "[blackjack][rules]") {
  const HandExpectations e = hand_expectations(Rules{}, Hand::parse("10,6"), 1);
  // 205 unseen cards, 63 tens among them.
  CHECK(e.no_natural == Approx(1 - 63.0 / 205));
  REQUIRE(e.insurance.has_value());
  CHECK(*e.insurance == Approx(3 * 63.0 / 205 - 1));
  Shoe s = Shoe::of_decks(4);
  s.remove(1);
  CHECK(insurance_expectation(s) == Approx(3 * 64.0 / 207 - 1));
  CHECK(insurance_expectation(s) < 0);
  // No insurance without an ace up.
  CHECK_FALSE(hand_expectations(Rules{}, Hand::parse("10,6"), 10).insurance.has_value());
}

TEST_CASE("double down: twice the bet, exactly one card", "[blackjack][rules]") {
  // Besides the hand, only tens: 5,6 doubled makes 21; the dealer's 6 + 10 + 10 busts.
  HandValues hv(Shoe::of_counts({0, 0, 0, 0, 1, 1, 0, 0, 0, 30}), 6, Rules{}, nullptr);
  Hand h = hand_of({5, 6});
  CHECK(hv.double_down(h) == 2.0);
  CHECK(hv.stand(h) == 1.0);
  // 2,3 doubled gets one ten (15), where a second card would bust it.
  HandValues low_hv(Shoe::of_counts({0, 1, 1, 0, 0, 0, 0, 0, 0, 30}), 6, Rules{}, nullptr);
  Hand low = hand_of({2, 3});
  CHECK(low_hv.double_down(low) == 2.0);
  CHECK(low_hv.hit(low) == 1.0);  // hits once to 15, then stands
}

TEST_CASE("split aces get one card each, and 21 after a split is no natural",
          "[blackjack][rules]") {
  Rules r;
  // Two aces and twos (upcard 7 already out): each ace gets a 2 and must stand
  // on soft 13; the dealer's 7 draws twos to 17. Hitting would have won.
  CHECK(split_value(only(2, 40, 2), 7, 1, r, nullptr) == Approx(-2.0));
  // Two aces and tens: each ace gets a ten, 21 paid even money (not 3 to 2);
  // the dealer's 5 + 10 + 10 busts.
  CHECK(split_value(only(10, 40, 2), 5, 1, r, nullptr) == Approx(2.0));
}

TEST_CASE("pairs split again up to the maximum number of hands", "[blackjack][rules]") {
  // Nothing but eights: every split hand draws another eight; the dealer's
  // 7 + 8 + 8 busts, so each hand (finally 8,8 standing) wins one bet.
  for (int max_hands : {2, 3, 4, 6}) {
    Rules r;
    r.max_hands = max_hands;
    CHECK(split_value(only(8, 30), 7, 8, r, nullptr) == Approx(double(max_hands)));
  }
  // Aces: resplit only under --rsa. Every hand ends soft 12 against the
  // dealer's soft 17 (6 + A).
  Rules r;
  CHECK(split_value(only(1, 30), 6, 1, r, nullptr) == Approx(-2.0));
  r.resplit_aces = true;
  CHECK(split_value(only(1, 30), 6, 1, r, nullptr) == Approx(-4.0));
}

TEST_CASE("splitting without resplits: the approximation spelled out", "[blackjack][rules]") {
  // Two split aces against a 6, four decks. The first hand is an ace and one
  // card from the shoe less both aces, the dealer drawing from the shoe less
  // that hand's cards. The second hand likewise, except that if the first
  // hand drew an ace, three aces are known to be out.
  Rules r;
  r.max_hands = 2;
  Shoe shoe = Shoe::of_decks(4);
  shoe.remove(6);
  auto one_hand = [&](int aces_out) {
    Shoe less = shoe;
    for (int i = 0; i < aces_out; ++i) less.remove(1);
    double ev_sum = 0, weight = 0;
    for (int x = 1; x <= 10; ++x) {
      if (x == 1 && aces_out == 3) continue;  // not needed below
      Shoe rest = less;
      rest.remove(x);
      const DealerOdds d = dealer_odds(rest, 6, false);
      const int total = x == 1 ? 12 : x + 11;
      double ev = d.bust;
      for (int t = 17; t <= 21; ++t)
        ev += total > t ? d.stands_on(t) : total < t ? -d.stands_on(t) : 0;
      ev_sum += less.chance(x) * ev;
      weight += less.chance(x);
    }
    return ev_sum / weight;
  };
  Shoe less2 = shoe;
  less2.remove(1);
  less2.remove(1);
  const double ace = less2.chance(1);
  // The first hand and, when the first drew no ace, the second: any card
  // from the shoe less two aces.
  const double first = one_hand(2);
  // The second hand after the first drew an ace: an ace (13 of the 204 cards
  // left) or another card, from the shoe less three aces.
  Shoe less3 = less2;
  less3.remove(1);
  const double ace3 = less3.chance(1);
  double second_after_ace;
  {
    Shoe rest = less3;
    rest.remove(1);
    const DealerOdds d = dealer_odds(rest, 6, false);
    double ev_aa = d.bust;
    for (int t = 17; t <= 21; ++t) ev_aa -= d.stands_on(t);  // soft 12 loses to any dealer total
    second_after_ace = ace3 * ev_aa + (1 - ace3) * one_hand(3);
  }
  const double expected = first + (1 - ace) * first + ace * second_after_ace;
  CHECK(split_value(shoe, 6, 1, r, nullptr) == Approx(expected).epsilon(1e-12));
}

TEST_CASE("rules and hands are checked", "[blackjack][rules]") {
  Rules r;
  r.decks = 0;
  CHECK_THROWS_AS(r.validate(), std::invalid_argument);
  r = Rules{};
  r.max_hands = 0;
  CHECK_THROWS_AS(r.validate(), std::invalid_argument);
  r = Rules{};
  r.natural_payout = -1;
  CHECK_THROWS_AS(r.validate(), std::invalid_argument);
  CHECK_THROWS_AS(Hand::parse("A"), std::invalid_argument);
  CHECK_THROWS_AS(Hand::parse("A,X"), std::invalid_argument);
  CHECK_THROWS_AS(Hand::parse("10,10,5"), std::invalid_argument);
  CHECK(Hand::parse("a, k").natural());
  CHECK(Hand::parse("T,J").pair_value() == 10);
  Rules one;
  one.decks = 1;
  CHECK_THROWS_AS(hand_expectations(one, Hand::parse("A,A,A,A,A"), 2), std::invalid_argument);
  CHECK_THROWS_AS(hand_expectations(Rules{}, Hand::parse("A,7"), 11), std::invalid_argument);
}
