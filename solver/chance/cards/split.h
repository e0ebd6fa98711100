// Splitting a pair, by the usual approximation of combinatorial analyzers:
// each split hand is valued as if only its own cards and the pair cards dealt
// so far had left the shoe (the other split hands' other cards are put back),
// and the split hands are played by the same strategy as any hand.
//
// The split hands are completed one after another. A hand holding one pair
// card draws its second card from the shoe less the k pair cards out so far:
// another pair card starts a new hand while fewer than max_hands exist (aces
// only with resplit_aces), otherwise it stays as a pair; any other card makes
// a hand that is played out (one card only to split aces; doubling only with
// double_after_split). The expectation of the whole split is summed over the
// tree of pair-card draws, each hand valued with its own k.
#pragma once

#include "chance/cards/blackjack_rules.h"
#include "chance/cards/blackjack_shoe.h"
#include "chance/cards/strategy.h"

namespace scarney::cards::blackjack {

// E[total payoff of all split hands; no dealer natural], in units of the
// original bet, for splitting two cards of `pair` against `upcard`. `shoe`
// holds the cards left after the upcard only (the pair is still in it).
// `strategy` plays the split hands; null: the best play for each hand.
double split_value(const Shoe& shoe, int upcard, int pair, const Rules& rules,
                   const Strategy* strategy);

}  // namespace scarney::cards::blackjack
