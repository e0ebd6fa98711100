// The principal line: from a solved position, the first move at each step
// that keeps the value, until the game (or the search) ends. Every solver
// walks it the same way; what "keeps the value" means is the solver's.
#pragma once

#include <utility>

namespace scarney {

// Walks the line from p. At each position:
//   moves(p)        the moves to try, in order; empty where the line ends
//   play(p, m)      the position m leads to
//   keeps(p, m, q)  whether m, leading to q, keeps the value
//   take(p, m, q)   records m (and moves the value on to q's)
// Returns the position the line ends in, and false if no move kept the
// value somewhere (the line is lost: a solver bug).
template <class P, class Moves, class Play, class Keeps, class Take>
std::pair<P, bool> follow_principal_line(P p, Moves moves, Play play, Keeps keeps, Take take) {
  for (;;) {
    const auto ms = moves(p);
    if (ms.empty()) return {p, true};
    bool found = false;
    for (const auto& m : ms) {
      P q = play(p, m);
      if (!keeps(p, m, q)) continue;
      take(p, m, q);
      p = std::move(q);
      found = true;
      break;
    }
    if (!found) return {p, false};
  }
}

}  // namespace scarney
