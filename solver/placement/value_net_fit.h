// Fitting the learned evaluation (value_net.h) to exact values: plain
// stochastic gradient descent (Adam) on the squared error, each position
// under its 48 relabellings. Deterministic: the same samples and options
// give the same network on one build (the order of the samples is drawn
// from the seed by this file's own generator, not the standard library's).
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <vector>

#include "placement/value_net.h"

namespace scarney {

struct NetSample {
  std::array<uint8_t, 16> where;  // net_input()
  float value;                    // A's exact value, or a searched one:
  int searched = 0;               // > 0: the value of a search this many
                                  // placements deep with a network
};

struct NetFitOptions {
  int h1 = 64, h2 = 32;
  int epochs = 12;
  double learning_rate = 1e-3;
  uint64_t seed = 1;
  float mid = 0, scale = 1;  // A's value = mid + scale * output
  // > 0: the Huber loss, squared within this many points of the value and
  // linear beyond (a few far-off values pull less); 0: the squared error.
  double huber = 0;
};

struct NetFitReport {
  int epoch;
  double train_rms;  // on the relabelled samples, in points
  double test_mae;   // on the held-out samples, in points (0 without them)
};

// The pawns left in a sample's position.
int pawns_left(const NetSample& s);

// Fits on `train` (each under its 48 relabellings); reports after each
// epoch the error on `test`, as given. The network's `error` is measured
// on `test` at each pawns left (where `test` has none, on all of it).
// Where the test values are searched ones, D placements deep, they are off
// themselves by up to the error where their searches stopped: the error
// there is added (the triangle inequality), so that the error reported
// beyond the exact values is not the network's distance from its own
// searches alone.
ValueNet fit_value_net(Game g, int min_left, int max_left, const std::vector<NetSample>& train,
                       const std::vector<NetSample>& test, const NetFitOptions& opt,
                       const std::function<void(const NetFitReport&)>& report = {});

// Sets n.error from `test`, as fit_value_net does: at each pawns left its
// mean absolute error there (where `test` has none, on all of it), plus,
// where the values are searched ones, the error where the searches stopped.
void measure_net_error(ValueNet& n, const std::vector<NetSample>& test);

// The mean of networks of one game, pawns left and scale, as one network:
// their first layers side by side, their second layers along the diagonal,
// their outputs each weighted 1/n. (Networks fitted with other seeds choose
// differently; their mean is steadier than any one of them.) Its error is
// measured afresh by measure_net_error.
ValueNet average_nets(const std::vector<ValueNet>& nets);

// The mean absolute error of n on the samples, in points.
double net_mae(const ValueNet& n, const std::vector<NetSample>& samples);

}  // namespace scarney
