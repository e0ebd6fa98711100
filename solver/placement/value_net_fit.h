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
  float value;                    // A's exact value
};

struct NetFitOptions {
  int h1 = 64, h2 = 32;
  int epochs = 12;
  double learning_rate = 1e-3;
  uint64_t seed = 1;
  float mid = 0, scale = 1;  // A's value = mid + scale * output
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
ValueNet fit_value_net(Game g, int min_left, int max_left, const std::vector<NetSample>& train,
                       const std::vector<NetSample>& test, const NetFitOptions& opt,
                       const std::function<void(const NetFitReport&)>& report = {});

// The mean absolute error of n on the samples, in points.
double net_mae(const ValueNet& n, const std::vector<NetSample>& samples);

}  // namespace scarney
