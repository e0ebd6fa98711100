#include "chance/cards/blackjack_rules.h"

#include <cmath>
#include <sstream>
#include <stdexcept>

namespace scarney::cards::blackjack {

void Rules::validate() const {
  if (decks < 1 || decks > 8)
    throw std::invalid_argument("decks must be between 1 and 8, got " + std::to_string(decks));
  if (max_hands < 1 || max_hands > 8)
    throw std::invalid_argument("max hands must be between 1 (no splitting) and 8, got " +
                                std::to_string(max_hands));
  if (!std::isfinite(natural_payout) || natural_payout < 0 || natural_payout > 10)
    throw std::invalid_argument("the natural's payout must be between 0 and 10 (to 1)");
}

std::string Rules::describe() const {
  std::ostringstream out;
  out << decks << (decks == 1 ? " deck" : " decks") << ", " << (dealer_hits_soft_17 ? "H17" : "S17")
      << ", " << (double_after_split ? "DAS" : "no DAS") << ", ";
  if (max_hands < 2)
    out << "no splitting";
  else
    out << "split to " << max_hands << " hands, " << (resplit_aces ? "RSA" : "no RSA");
  out << ", natural pays " << natural_payout << " to 1";
  return out.str();
}

}  // namespace scarney::cards::blackjack
