// The dealer's odds, checked against an independent card-by-card enumeration
// of a single 52-card deck, and on shoes built to force each rule.
#include <array>
#include <catch2/catch.hpp>
#include <vector>

#include "chance/cards/blackjack_shoe.h"
#include "chance/cards/dealer.h"

using namespace scarney::cards::blackjack;

namespace {

// Brute force: each of the 52 cards by itself (rank 1-13, court cards 10),
// the dealer's hole card and draws taken one card at a time.
struct BruteDealer {
  std::vector<int> card_value;  // the cards left, one entry per physical card
  std::vector<bool> used;
  bool hits_soft_17;
  std::array<double, 7> out{};  // 17..21, bust, natural

  BruteDealer(int upcard, bool h17) : hits_soft_17(h17) {
    bool upcard_taken = false;
    for (int suit = 0; suit < 4; ++suit)
      for (int rank = 1; rank <= 13; ++rank) {
        const int v = rank >= 10 ? 10 : rank;
        if (v == upcard && !upcard_taken) {
          upcard_taken = true;
          continue;
        }
        card_value.push_back(v);
      }
    used.assign(card_value.size(), false);
  }

  static int best_total(const std::vector<int>& hand, bool& soft) {
    int sum = 0;
    bool ace = false;
    for (int v : hand) sum += v, ace = ace || v == 1;
    soft = ace && sum + 10 <= 21;
    return soft ? sum + 10 : sum;
  }

  void deal(std::vector<int>& hand, double p, int left) {
    for (std::size_t i = 0; i < card_value.size(); ++i) {
      if (used[i]) continue;
      hand.push_back(card_value[i]);
      bool soft;
      const int t = best_total(hand, soft);
      const double q = p / left;
      if (hand.size() == 2 && t == 21)
        out[6] += q;
      else if (t > 21)
        out[5] += q;
      else if (t >= 18 || (t == 17 && !(soft && hits_soft_17)))
        out[t - 17] += q;
      else {
        used[i] = true;
        deal(hand, q, left - 1);
        used[i] = false;
      }
      hand.pop_back();
    }
  }
};

}  // namespace

TEST_CASE("one-deck dealer table matches a card-by-card enumeration", "[blackjack][dealer]") {
  for (bool h17 : {false, true}) {
    for (int up = 1; up <= 10; ++up) {
      BruteDealer brute(up, h17);
      std::vector<int> hand = {up};
      brute.deal(hand, 1.0, 51);
      Shoe shoe = Shoe::of_decks(1);
      shoe.remove(up);
      const DealerOdds d = dealer_odds(shoe, up, h17);
      INFO("upcard " << up << (h17 ? " H17" : " S17"));
      for (int t = 17; t <= 21; ++t)
        CHECK(d.stands_on(t) == Approx(brute.out[t - 17]).margin(1e-13));
      CHECK(d.bust == Approx(brute.out[5]).margin(1e-13));
      CHECK(d.natural == Approx(brute.out[6]).margin(1e-13));
      double sum = d.bust + d.natural;
      for (double x : d.total) sum += x;
      CHECK(sum == Approx(1.0).margin(1e-13));
    }
  }
}

TEST_CASE("one-deck dealer: known values", "[blackjack][dealer]") {
  // With a ten up the hole card is an ace 4 times in 51; with an ace up a ten 16 in 51.
  Shoe s = Shoe::of_decks(1);
  s.remove(10);
  CHECK(dealer_odds(s, 10, false).natural == Approx(4.0 / 51));
  Shoe a = Shoe::of_decks(1);
  a.remove(1);
  CHECK(dealer_odds(a, 1, false).natural == Approx(16.0 / 51));
  // No natural without an ace or ten up.
  Shoe f = Shoe::of_decks(1);
  f.remove(5);
  CHECK(dealer_odds(f, 5, false).natural == 0.0);
}

TEST_CASE("the dealer stands on soft 17, or hits it under H17", "[blackjack][dealer][rules]") {
  // Only aces left: 6 + A is a soft 17.
  const Shoe aces = Shoe::of_counts({8, 0, 0, 0, 0, 0, 0, 0, 0, 0});
  const DealerOdds s17 = dealer_odds(aces, 6, false);
  CHECK(s17.stands_on(17) == 1.0);
  const DealerOdds h17 = dealer_odds(aces, 6, true);
  CHECK(h17.stands_on(17) == 0.0);
  CHECK(h17.stands_on(18) == 1.0);  // A,6,A: soft 18
  // A hard 17 stands under both rules: 7 + ten.
  const Shoe tens = Shoe::of_counts({0, 0, 0, 0, 0, 0, 0, 0, 0, 8});
  CHECK(dealer_odds(tens, 7, true).stands_on(17) == 1.0);
  // He draws to 16: 6 + ten + ten busts.
  CHECK(dealer_odds(tens, 6, false).bust == 1.0);
}

TEST_CASE("dealer odds given no natural renormalise", "[blackjack][dealer]") {
  Shoe s = Shoe::of_decks(4);
  s.remove(1);
  const DealerOdds d = dealer_odds(s, 1, false);
  const DealerOdds g = d.given_no_natural();
  CHECK(g.natural == 0.0);
  CHECK(g.bust == Approx(d.bust / (1 - d.natural)));
  double sum = g.bust;
  for (double x : g.total) sum += x;
  CHECK(sum == Approx(1.0));
}
