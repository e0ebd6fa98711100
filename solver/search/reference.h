// A deliberately plain exhaustive search, written only on the rules
// interface (games/rules.h) with an ordered map as memo. It is slow and
// obviously right; the tests check every fast solver against it.
#pragma once

#include "games/position.h"

namespace scarney {

// The exact value of p for the side to move (see games/rules.h).
int reference_value(const Position& p);

}  // namespace scarney
