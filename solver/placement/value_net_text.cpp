// The learned evaluation's text form (value_net.h): written by the fit,
// read at startup (native) or when the page gives it (WebAssembly, where
// this file is compiled for size rather than speed: wasm/CMakeLists.txt).
#include <charconv>
#include <cmath>
#include <cstdio>
#include <string>

#include "placement/value_net.h"

namespace scarney {

namespace {

// The text holds whole numbers only (value_net.h): weights in units of
// 1/4096, errors in hundredths of a point. So the WebAssembly build reads
// it with the integer from_chars it has (its libc++ has no floating-point
// one, and strtof's machinery would cost the module 3 KB it does not have).
void put(std::string& out, const std::vector<float>& v) {
  for (size_t i = 0; i < v.size(); ++i) {
    out += std::to_string(std::lround(v[i] * kNetWeightUnit));
    out += (i + 1) % 16 == 0 || i + 1 == v.size() ? '\n' : ' ';
  }
}

// Reads whitespace-separated words, keeping the line and column where
// the last one starts (errors point there).
struct NumberReader {
  std::string_view text;
  std::string_view source;
  size_t at = 0, line_start = 0;
  int line = 1;
  SourceLocation last{};

  InputError error(const std::string& what) const { return InputError(last, what); }
  std::string_view word() {
    while (at < text.size() && (text[at] == ' ' || text[at] == '\n' || text[at] == '\t')) {
      if (text[at] == '\n') {
        ++line;
        line_start = at + 1;
      }
      ++at;
    }
    last = {std::string(source), line, static_cast<int>(at - line_start) + 1};
    const size_t from = at;
    while (at < text.size() && text[at] != ' ' && text[at] != '\n' && text[at] != '\t') ++at;
    return text.substr(from, at - from);
  }
  // A whole number in lo..hi.
  Expected<int> whole(const char* what, int lo = -(1 << 30), int hi = 1 << 30) {
    const std::string_view w = word();
    int v = 0;
    const auto [end, ec] = std::from_chars(w.data(), w.data() + w.size(), v);
    if (w.empty() || ec != std::errc() || end != w.data() + w.size())
      return error(std::string("expected ") + what + ", found '" + std::string(w) + "'");
    if (v < lo || v > hi)
      return error(std::string(what) + " must be " + std::to_string(lo) + ".." +
                   std::to_string(hi));
    return v;
  }
  // A layer's size: a multiple of kNetLanes up to `most`.
  Expected<int> layer(const char* what, int most) {
    Expected<int> v = whole(what, kNetLanes, most);
    if (v && *v % kNetLanes) return error(std::string(what) + " must be a multiple of 8");
    return v;
  }
  // `count` whole numbers, appended to `out`.
  Expected<void> numbers(std::vector<int32_t>& out, size_t count, const char* what) {
    for (size_t i = 0; i < count; ++i) {
      Expected<int> k = whole(what);
      if (!k) return k.error();
      out.push_back(*k);
    }
    return {};
  }
};

}  // namespace

std::string net_text(const ValueNet& n) {
  char head[160];
  std::snprintf(head, sizeof head, "scarney-value-net 1 %s %d %d %d %d %ld %ld\n",
                game_name(n.game).c_str(), n.min_left, n.max_left, n.h1, n.h2, std::lround(n.mid),
                std::lround(n.scale));
  std::string out = head;
  out += "error";
  for (float e : n.error) out += " " + std::to_string(std::lround(e * 100));
  out += "\n";
  for (const auto* v : {&n.w1, &n.b1, &n.w2, &n.b2, &n.w3}) put(out, *v);
  put(out, {n.b3});
  return out;
}

Expected<ValueNet> read_net(std::string_view text, std::string_view source) {
  NumberReader r{text, source};
  if (r.word() != "scarney-value-net") return r.error("expected 'scarney-value-net'");
  Expected<int> version = r.whole("the format version");
  if (!version) return version.error();
  if (*version != 1) return r.error("format version 1 expected");
  const std::string_view g = r.word();
  const auto game = parse_game(g);
  if (!game || *game == Game::Solitaire) return r.error("expected singles, doubles or highlow");
  Expected<int> lo = r.whole("the least pawns left", 0, 16);
  if (!lo) return lo.error();
  Expected<int> hi = r.whole("the most pawns left", *lo, 16);
  if (!hi) return hi.error();
  Expected<int> h1 = r.layer("the first layer's size", 256);
  if (!h1) return h1.error();
  Expected<int> h2 = r.layer("the second layer's size", 64);
  if (!h2) return h2.error();
  Expected<int> mid = r.whole("the value's middle", -1000, 1000);
  if (!mid) return mid.error();
  Expected<int> scale = r.whole("the value's scale", 1, 1000);
  if (!scale) return scale.error();
  std::vector<int32_t> x = {*lo, *hi, *h1, *h2, *mid, *scale};
  if (r.word() != "error") return r.error("expected 'error' and the error at each pawns left");
  if (Expected<void> e = r.numbers(x, static_cast<size_t>(*hi - *lo + 1), "an error in hundredths");
      !e)
    return e.error();
  const size_t weights = static_cast<size_t>((kNetInputs + 1) * *h1 + (*h1 + 1) * *h2 + *h2 + 1);
  if (Expected<void> e = r.numbers(x, weights, "a weight"); !e) return e.error();
  if (!r.word().empty()) return r.error("expected the end of the network");
  return *net_of_numbers(*game, x.data(), x.size());
}

}  // namespace scarney
