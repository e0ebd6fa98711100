// Text built piece by piece with <<, for the few places that format many
// pieces (position files, score sheets): strings and whole numbers only.
// Not an ostringstream: iostreams bring the locale machinery along, which
// is most of the WebAssembly build's size (docs/architecture.md).
#pragma once

#include <concepts>
#include <string>
#include <string_view>

namespace scarney {

class TextOut {
 public:
  TextOut& operator<<(std::string_view s) {
    text_ += s;
    return *this;
  }
  TextOut& operator<<(const char* s) { return *this << std::string_view(s); }
  TextOut& operator<<(const std::string& s) { return *this << std::string_view(s); }
  TextOut& operator<<(char c) {
    text_ += c;
    return *this;
  }
  template <std::integral N>
  requires(!std::same_as<N, char> && !std::same_as<N, bool>) TextOut& operator<<(N n) {
    text_ += std::to_string(n);
    return *this;
  }
  const std::string& str() const { return text_; }

 private:
  std::string text_;
};

}  // namespace scarney
