// The scores a Solitaire or Singles game can end with, and how often each
// is the perfect score of a random deal: the solver's null-window tests ask
// only about scores that exist, in the order that settles a deal soonest.
#pragma once

namespace scarney {

// True when some final position scores exactly s (0 <= s).
bool possible_score(int s);

// Given a value proven to lie in [lo, hi], the threshold t of the next test
// "is the value at least t?": a possible score in (lo, hi] that splits the
// deals' perfect scores in that range about in half. Returns lo when no
// possible score lies in (lo, hi]: then the value is lo.
int next_threshold(int lo, int hi);

}  // namespace scarney
