// A playing strategy for Black Jack that looks only at the hand's total (and
// whether it is soft) and the dealer's upcard, plus the pair for splitting:
// the shape of a basic strategy chart.
#pragma once

#include <array>

#include "chance/cards/blackjack_hand.h"

namespace scarney::cards::blackjack {

enum class Action : char { stand = 'S', hit = 'H', double_down = 'D', split = 'P' };

class Strategy {
 public:
  // Hit or stand, for a hand that may no longer double or split.
  bool hits(int upcard, int total, bool soft) const { return hit_[upcard][soft][total]; }
  bool hits(int upcard, const Hand& h) const { return hits(upcard, h.total(), h.soft()); }
  void set_hits(int upcard, int total, bool soft, bool hit) { hit_[upcard][soft][total] = hit; }

  // A two-card hand that is not a pair: stand, hit or double down.
  Action two_card(int upcard, int total, bool soft) const { return two_card_[upcard][soft][total]; }
  void set_two_card(int upcard, int total, bool soft, Action a) {
    two_card_[upcard][soft][total] = a;
  }

  // A pair of `value`: stand, hit, double down or split; and what to do with
  // it when it may not be split (no more hands allowed).
  Action pair(int upcard, int value) const { return pair_[upcard][value]; }
  Action pair_unsplit(int upcard, int value) const { return pair_unsplit_[upcard][value]; }
  void set_pair(int upcard, int value, Action a, Action unsplit) {
    pair_[upcard][value] = a;
    pair_unsplit_[upcard][value] = unsplit;
  }

 private:
  bool hit_[11][2][32] = {};
  Action two_card_[11][2][32] = {};
  Action pair_[11][11] = {};
  Action pair_unsplit_[11][11] = {};
};

}  // namespace scarney::cards::blackjack
