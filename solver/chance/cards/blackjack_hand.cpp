#include "chance/cards/blackjack_hand.h"

#include <cctype>
#include <stdexcept>
#include <string>

namespace scarney::cards::blackjack {

int Hand::parse_value(std::string_view card) {
  std::string c(card);
  for (char& ch : c) ch = char(std::toupper(static_cast<unsigned char>(ch)));
  if (c == "A" || c == "1") return 1;
  if (c == "T" || c == "J" || c == "Q" || c == "K" || c == "10") return 10;
  if (c.size() == 1 && c[0] >= '2' && c[0] <= '9') return c[0] - '0';
  throw std::invalid_argument("not a card: '" + std::string(card) +
                              "' (use A, 2-9, 10, T, J, Q or K)");
}

Hand Hand::parse(std::string_view text) {
  Hand h;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find(',', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view card = text.substr(start, end - start);
    while (!card.empty() && card.front() == ' ') card.remove_prefix(1);
    while (!card.empty() && card.back() == ' ') card.remove_suffix(1);
    h.add(parse_value(card));
    start = end + 1;
  }
  if (h.size() < 2) throw std::invalid_argument("a hand needs at least two cards, e.g. \"A,7\"");
  if (h.busted()) throw std::invalid_argument("the hand " + h.str() + " is already busted");
  return h;
}

int Hand::pair_value() const {
  if (size_ != 2) return 0;
  for (int v = 1; v <= 10; ++v)
    if (count_[v] == 2) return v;
  return 0;
}

std::string Hand::str() const {
  std::string s;
  for (int v = 1; v <= 10; ++v)
    for (int i = 0; i < count_[v]; ++i) {
      if (!s.empty()) s += ',';
      s += v == 1 ? "A" : std::to_string(v);
    }
  return s;
}

}  // namespace scarney::cards::blackjack
