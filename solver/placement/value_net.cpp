#include "placement/value_net.h"

#include <algorithm>
#include <cmath>
#include <memory>

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

float ValueNet::output(const std::array<uint8_t, 16>& where, float* a1, float* a2) const {
  std::copy(b1.begin(), b1.end(), a1);
  for (int p = 0; p < 16; ++p) {
    const float* w = &w1[static_cast<size_t>((p * kNetWhere + where[p]) * h1)];
    for (int j = 0; j < h1; j += kNetLanes)
      for (int k = 0; k < kNetLanes; ++k) a1[j + k] += w[j + k];
  }
  std::copy(b2.begin(), b2.end(), a2);
  for (int i = 0; i < h1; ++i) {
    a1[i] = std::max(0.0f, a1[i]);
    if (a1[i] == 0) continue;
    const float x = a1[i];
    const float* w = &w2[static_cast<size_t>(i * h2)];
    for (int j = 0; j < h2; j += kNetLanes)
      for (int k = 0; k < kNetLanes; ++k) a2[j + k] += x * w[j + k];
  }
  float out = b3;
  for (int j = 0; j < h2; ++j) {
    a2[j] = std::max(0.0f, a2[j]);
    out += a2[j] * w3[j];
  }
  return out;
}

double ValueNet::value(const std::array<uint8_t, 16>& where) const {
  // The sizes are small (h1 <= 256, h2 <= 64): on the stack.
  alignas(32) float a1[256], a2[64];
  return mid + scale * output(where, a1, a2);
}

double ValueNet::value(const PlacementState& s) const { return value(net_input(s)); }

std::optional<ValueNet> net_of_numbers(Game g, const int32_t* x, size_t count) {
  if (count < 6) return std::nullopt;
  const int lo = x[0], hi = x[1], h1 = x[2], h2 = x[3];
  const auto layer = [](int h, int most) {
    return h >= kNetLanes && h <= most && h % kNetLanes == 0;
  };
  if (lo < 0 || hi > 16 || lo > hi || !layer(h1, 256) || !layer(h2, 64) || x[5] < 1)
    return std::nullopt;
  ValueNet n;
  n.game = g;
  n.min_left = lo;
  n.max_left = hi;
  n.shape(h1, h2);
  n.mid = static_cast<float>(x[4]);
  n.scale = static_cast<float>(x[5]);
  n.error.resize(static_cast<size_t>(hi - lo + 1));
  std::vector<float> b3(1);
  const std::vector<float>* all[] = {&n.error, &n.w1, &n.b1, &n.w2, &n.b2, &n.w3, &b3};
  size_t want = 6;
  for (const auto* v : all) want += v->size();
  if (count != want) return std::nullopt;
  size_t at = 6;
  for (float& e : n.error) e = static_cast<float>(x[at++]) / 100;
  for (auto* v : {&n.w1, &n.b1, &n.w2, &n.b2, &n.w3, &b3})
    for (float& w : *v) w = static_cast<float>(x[at++]) / kNetWeightUnit;
  n.b3 = b3[0];
  return n;
}

namespace {
// The games with a learned evaluation: Singles and Doubles.
int net_slot(Game g) { return g == Game::Singles ? 0 : g == Game::Doubles ? 1 : -1; }

#ifdef SCARNEY_NO_EMBEDDED_NET
// The WebAssembly build: none embedded, and no text reader linked in
// (install_net gives them).
std::unique_ptr<ValueNet>& net_of(int slot) {
  static std::unique_ptr<ValueNet> nets[2];
  return nets[slot];
}
#else
// Written by tools/make-value-net.sh (`scarney strength train --include`);
// "" where no network is committed.
constexpr char kSinglesNet[] =
#include "placement/value_net_singles.inc"
    ;
constexpr char kDoublesNet[] =
#include "placement/value_net_doubles.inc"
    ;

std::unique_ptr<ValueNet> embedded(std::string_view text, const char* source) {
  if (text.empty()) return nullptr;
  return std::make_unique<ValueNet>(read_net(text, source).or_throw());
}

std::unique_ptr<ValueNet>& net_of(int slot) {
  static std::unique_ptr<ValueNet> nets[2] = {
      embedded({kSinglesNet, sizeof kSinglesNet - 1}, "value_net_singles.inc"),
      embedded({kDoublesNet, sizeof kDoublesNet - 1}, "value_net_doubles.inc")};
  return nets[slot];
}
#endif
}  // namespace

bool has_net_slot(Game g) { return net_slot(g) >= 0; }

const ValueNet* committed_net(Game g) {
  const int slot = net_slot(g);
  return slot < 0 ? nullptr : net_of(slot).get();
}

void install_net(ValueNet n) {
  const int slot = net_slot(n.game);
  if (slot >= 0) net_of(slot) = std::make_unique<ValueNet>(std::move(n));
}

}  // namespace scarney
