// A learned evaluation of placement positions (issue 34): a small network
// fitted to exact values, cheap enough (about a microsecond) for a search
// several placements deep to use at every leaf, where a mean of random
// completions costs milliseconds and treats the rest of the placing as
// random rather than as best play.
//
// The input, for each of the 16 pawns, is where it is: on one of the 16
// circles, in A's hand or in B's: 16 x 18 one-hot inputs of which exactly
// 16 are set, so the first layer is a sum of 16 columns (as in Stockfish's
// NNUE, without the incremental update: a position is evaluated whole).
//
//   where[p] in 0..17 ──► W1 (288 x h1) sum, + b1, ReLU ──► W2 (h1 x h2), ReLU ──► w3 ──► A's value
//
// The network is fitted to A's exact values (value_net_fit.h) of random
// positions with a range of pawns left, and answers only there (`covers`).
// Fitted on the 8 x 6 relabellings of each position (placement_symmetry.h),
// which keep every value.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "games/game.h"
#include "placement/placement_position.h"
#include "util/expected.h"

namespace scarney {

inline constexpr int kNetWhere = 18;  // 16 circles, A's hand, B's hand
inline constexpr int kNetInputs = 16 * kNetWhere;
// The layers' sizes are multiples of this (read_net checks), so the inner
// loops have a fixed length the compiler turns into vector code at -O2:
// four times faster than scalar code, and the search spends most of its
// time in value().
inline constexpr int kNetLanes = 8;
// The deepest first round a search may ask of it before its boards are
// within its pawns left (PlacementOptions::value_net): 3 placements deep
// take 0.1 to 0.3 s at 11 and 12 pawns left, 4 take seconds.
inline constexpr int kNetFirstDepth = 3;

// Where each pawn is: the network's input.
std::array<uint8_t, 16> net_input(const PlacementState& s);

struct ValueNet {
  Game game = Game::Singles;
  int min_left = 0, max_left = 0;  // the pawns left it was fitted on
  int h1 = 0, h2 = 0;
  float mid = 0, scale = 1;  // A's value = mid + scale * output
  // Its mean absolute error on positions it was not fitted on, at each
  // pawns left from min_left to max_left (what the board shows as "off by").
  std::vector<float> error;
  std::vector<float> w1, b1, w2, b2, w3;
  float b3 = 0;

  // Sized for h1, h2, all weights zero.
  void shape(int hidden1, int hidden2);
  bool covers(const PlacementState& s) const;
  // The measured error at s's pawns left (covers(s)).
  double error_at(int pawns_left) const;
  // A's value (any position of the game: `covers` says where it was fitted).
  double value(const PlacementState& s) const;
  double value(const std::array<uint8_t, 16>& where) const;
  // The output before mid and scale, the layers' activations (after ReLU)
  // left in a1 (h1 floats) and a2 (h2): value() and the fit's one pass.
  float output(const std::array<uint8_t, 16>& where, float* a1, float* a2) const;
};

// The text form, whole numbers only:
//   scarney-value-net 1 GAME MIN_LEFT MAX_LEFT H1 H2 MID SCALE
//   error E...             (at MIN_LEFT..MAX_LEFT, in hundredths of a point)
//   w1, b1, w2, b2, w3, b3 (in units of 1/4096; 16 a line)
inline constexpr float kNetWeightUnit = 4096;
std::string net_text(const ValueNet& n);
Expected<ValueNet> read_net(std::string_view text, std::string_view source);
// The network from the whole numbers of its text after the game's name
// (MIN_LEFT .. SCALE, the errors, the weights), or nothing when they do not
// make one. read_net checks the text first, saying where it is wrong; the
// WebAssembly page splits the text itself and gives the numbers
// (wasm/engine.js), so that the module holds no text reader.
std::optional<ValueNet> net_of_numbers(Game g, const int32_t* numbers, size_t count);

// Whether a game may have a learned evaluation: Singles and Doubles (not
// High-Low yet).
bool has_net_slot(Game g);
// The network the engine uses for a game, or nullptr: the committed one
// (placement/value_net_singles.inc, value_net_doubles.inc), or the one
// installed in its place.
const ValueNet* committed_net(Game g);
// Installs n as its game's network for the rest of the process (a game
// without a slot: nothing): the WebAssembly module embeds none and is
// given them after loading (its size would triple: wasm/exports.cpp). Not
// thread-safe: before any search.
void install_net(ValueNet n);

}  // namespace scarney
