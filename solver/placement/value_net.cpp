#include "placement/value_net.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <type_traits>

namespace scarney {

std::array<uint8_t, 16> net_input(const PlacementState& s) {
  std::array<uint8_t, 16> where{};
  const uint16_t a_hand = s.hand(Placer::A);
  for (int p = 0; p < 16; ++p) {
    const auto pawn = static_cast<Pawn>(p);
    if (const auto c = s.board.circle_of(pawn))
      where[p] = *c;
    else
      where[p] = (a_hand >> p & 1) ? 16 : 17;
  }
  return where;
}

void ValueNet::shape(int hidden1, int hidden2) {
  h1 = hidden1;
  h2 = hidden2;
  w1.assign(static_cast<size_t>(kNetInputs * h1), 0);
  b1.assign(static_cast<size_t>(h1), 0);
  w2.assign(static_cast<size_t>(h1 * h2), 0);
  b2.assign(static_cast<size_t>(h2), 0);
  w3.assign(static_cast<size_t>(h2), 0);
  b3 = 0;
}

double ValueNet::error_at(int pawns_left) const {
  const int i = std::clamp(pawns_left, min_left, max_left) - min_left;
  return static_cast<size_t>(i) < error.size() ? error[static_cast<size_t>(i)] : 0.0;
}

bool ValueNet::covers(const PlacementState& s) const {
  return s.game == game && !s.choosing_colours() && s.pawns_left() >= min_left &&
         s.pawns_left() <= max_left;
}

// The layers' sizes are multiples of kLanes (read_net checks), so the
// inner loops have a fixed length the compiler turns into vector code at
// -O2: four times faster than scalar code, and the search spends most of
// its time here.
constexpr int kLanes = 8;

double ValueNet::value(const std::array<uint8_t, 16>& where) const {
  // The sizes are small (h1 <= 256, h2 <= 64): on the stack.
  alignas(32) float a1[256], a2[64];
  std::copy(b1.begin(), b1.end(), a1);
  for (int p = 0; p < 16; ++p) {
    const float* w = &w1[static_cast<size_t>((p * kNetWhere + where[p]) * h1)];
    for (int j = 0; j < h1; j += kLanes)
      for (int k = 0; k < kLanes; ++k) a1[j + k] += w[j + k];
  }
  std::copy(b2.begin(), b2.end(), a2);
  for (int i = 0; i < h1; ++i) {
    if (a1[i] <= 0) continue;
    const float x = a1[i];
    const float* w = &w2[static_cast<size_t>(i * h2)];
    for (int j = 0; j < h2; j += kLanes)
      for (int k = 0; k < kLanes; ++k) a2[j + k] += x * w[j + k];
  }
  float out = b3;
  for (int j = 0; j < h2; ++j) out += std::max(0.0f, a2[j]) * w3[j];
  return mid + scale * out;
}

double ValueNet::value(const PlacementState& s) const { return value(net_input(s)); }

namespace {

void put(std::string& out, const std::vector<float>& v) {
  char buf[32];
  for (size_t i = 0; i < v.size(); ++i) {
    const int n = std::snprintf(buf, sizeof buf, "%.6g", static_cast<double>(v[i]));
    out.append(buf, static_cast<size_t>(n));
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
  // A number of type T (int or float). Floats by strtof: libc++ for
  // WebAssembly has no floating-point from_chars. The program keeps the C
  // locale, so the decimal point is '.'.
  template <class T>
  Expected<T> number(const char* what) {
    const std::string w(word());
    T v{};
    bool ok = !w.empty();
    if constexpr (std::is_same_v<T, float>) {
      char* end = nullptr;
      v = std::strtof(w.c_str(), &end);
      ok = ok && end == w.c_str() + w.size() && std::isfinite(v);
    } else {
      const auto [end, ec] = std::from_chars(w.data(), w.data() + w.size(), v);
      ok = ok && ec == std::errc() && end == w.data() + w.size();
    }
    if (!ok) return error(std::string("expected ") + what + ", found '" + w + "'");
    return v;
  }
  // A whole number in lo..hi.
  Expected<int> whole(const char* what, int lo, int hi) {
    Expected<int> v = number<int>(what);
    if (v && (*v < lo || *v > hi))
      return error(std::string(what) + " must be " + std::to_string(lo) + ".." +
                   std::to_string(hi));
    return v;
  }
};

Expected<void> read_floats(NumberReader& r, std::vector<float>& v, const char* what = "a weight") {
  for (float& x : v) {
    Expected<float> f = r.number<float>(what);
    if (!f) return f.error();
    x = *f;
  }
  return {};
}

}  // namespace

std::string net_text(const ValueNet& n) {
  char head[160];
  std::snprintf(head, sizeof head, "scarney-value-net 1 %s %d %d %d %d %.9g %.9g\n",
                game_name(n.game).c_str(), n.min_left, n.max_left, n.h1, n.h2,
                static_cast<double>(n.mid), static_cast<double>(n.scale));
  std::string out = head;
  out += "error";
  for (float e : n.error) {
    std::snprintf(head, sizeof head, " %.2f", static_cast<double>(e));
    out += head;
  }
  out += "\n";
  for (const auto* v : {&n.w1, &n.b1, &n.w2, &n.b2, &n.w3}) put(out, *v);
  put(out, {n.b3});
  return out;
}

Expected<ValueNet> read_net(std::string_view text, std::string_view source) {
  NumberReader r{text, source};
  if (r.word() != "scarney-value-net") return r.error("expected 'scarney-value-net'");
  Expected<int> version = r.number<int>("the format version");
  if (!version) return version.error();
  if (*version != 1) return r.error("format version 1 expected");
  const std::string_view g = r.word();
  ValueNet n;
  const auto game = parse_game(g);
  if (!game || *game == Game::Solitaire) return r.error("expected singles, doubles or highlow");
  n.game = *game;
  Expected<int> lo = r.whole("the least pawns left", 0, 16);
  if (!lo) return lo.error();
  Expected<int> hi = r.whole("the most pawns left", *lo, 16);
  if (!hi) return hi.error();
  Expected<int> h1 = r.whole("the first layer's size", 1, 256);
  if (!h1) return h1.error();
  if (*h1 % kLanes) return r.error("the first layer's size must be a multiple of 8");
  Expected<int> h2 = r.whole("the second layer's size", 1, 64);
  if (!h2) return h2.error();
  if (*h2 % kLanes) return r.error("the second layer's size must be a multiple of 8");
  n.min_left = *lo;
  n.max_left = *hi;
  n.shape(*h1, *h2);
  Expected<float> mid = r.number<float>("the value's middle");
  if (!mid) return mid.error();
  Expected<float> scale = r.number<float>("the value's scale");
  if (!scale) return scale.error();
  n.mid = *mid;
  n.scale = *scale;
  if (r.word() != "error") return r.error("expected 'error' and the error at each pawns left");
  n.error.assign(static_cast<size_t>(n.max_left - n.min_left + 1), 0);
  if (Expected<void> e = read_floats(r, n.error, "an error"); !e) return e.error();
  for (auto* v : {&n.w1, &n.b1, &n.w2, &n.b2, &n.w3})
    if (Expected<void> e = read_floats(r, *v); !e) return e.error();
  Expected<float> b3 = r.number<float>("a weight");
  if (!b3) return b3.error();
  n.b3 = *b3;
  if (!r.word().empty()) return r.error("expected the end of the network");
  return n;
}

namespace {
// Written by `scarney strength train` (value_net_fit.h).
constexpr std::string_view kSinglesNet =
#include "placement/value_net_singles.inc"
    ;
}  // namespace

const ValueNet* committed_net(Game g) {
  static const std::unique_ptr<ValueNet> singles = [] {
    if (kSinglesNet.empty()) return std::unique_ptr<ValueNet>();
    return std::make_unique<ValueNet>(read_net(kSinglesNet, "value_net_singles.inc").or_throw());
  }();
  return g == Game::Singles ? singles.get() : nullptr;
}

}  // namespace scarney
