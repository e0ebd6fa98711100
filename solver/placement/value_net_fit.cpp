#include "placement/value_net_fit.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "placement/placement_symmetry.h"

namespace scarney {
namespace {

// SplitMix64: the same sequence on every standard library.
struct Random {
  uint64_t state;
  uint64_t next() {
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
  // A normal deviate (Box-Muller).
  double normal() {
    const double u = 1 - uniform(), v = uniform();
    return std::sqrt(-2 * std::log(u)) * std::cos(6.283185307179586 * v);
  }
};

std::vector<NetSample> relabelled(const std::vector<NetSample>& samples) {
  std::vector<NetSample> out;
  out.reserve(samples.size() * all_relabellings().size());
  for (const NetSample& s : samples)
    for (const Relabel& r : all_relabellings()) {
      NetSample t{{}, s.value};
      for (int p = 0; p < 16; ++p) {
        const uint8_t w = s.where[p];
        t.where[relabel_pawn(static_cast<Pawn>(p), r)] =
            w < 16 ? relabel_circle(static_cast<Circle>(w), r) : w;
      }
      out.push_back(t);
    }
  return out;
}

// The network's parameters as one vector (w1, b1, w2, b2, w3, b3), so that
// the gradient and Adam's moments are laid out alike.
struct Layout {
  size_t w1, b1, w2, b2, w3, b3, size;
  explicit Layout(const ValueNet& n) {
    w1 = 0;
    b1 = w1 + n.w1.size();
    w2 = b1 + n.b1.size();
    b2 = w2 + n.w2.size();
    w3 = b2 + n.b2.size();
    b3 = w3 + n.w3.size();
    size = b3 + 1;
  }
};

struct Trainer {
  ValueNet& net;
  Layout at;
  std::vector<float> grad, m, v;
  std::vector<float> a1, a2, d1, d2;
  long step = 0;

  explicit Trainer(ValueNet& n)
      : net(n),
        at(n),
        grad(at.size),
        m(at.size),
        v(at.size),
        a1(n.h1),
        a2(n.h2),
        d1(n.h1),
        d2(n.h2) {}

  float& param(size_t i) {
    if (i >= at.b3) return net.b3;
    if (i >= at.w3) return net.w3[i - at.w3];
    if (i >= at.b2) return net.b2[i - at.b2];
    if (i >= at.w2) return net.w2[i - at.w2];
    if (i >= at.b1) return net.b1[i - at.b1];
    return net.w1[i];
  }

  float forward(const NetSample& s) { return net.output(s.where, a1.data(), a2.data()); }

  // Adds the gradient of (output - target)^2 / 2 for s (after forward(s)).
  void backward(const NetSample& s, float err) {
    const int h1 = net.h1, h2 = net.h2;
    grad[at.b3] += err;
    for (int j = 0; j < h2; ++j) {
      grad[at.w3 + j] += err * a2[j];
      d2[j] = a2[j] > 0 ? err * net.w3[j] : 0;
      grad[at.b2 + j] += d2[j];
    }
    for (int i = 0; i < h1; ++i) {
      d1[i] = 0;
      if (a1[i] == 0) continue;
      float back = 0;
      for (int j = 0; j < h2; ++j) {
        grad[at.w2 + i * h2 + j] += a1[i] * d2[j];
        back += net.w2[static_cast<size_t>(i * h2 + j)] * d2[j];
      }
      d1[i] = back;
      grad[at.b1 + i] += back;
    }
    for (int p = 0; p < 16; ++p) {
      const size_t base = at.w1 + static_cast<size_t>((p * kNetWhere + s.where[p]) * h1);
      for (int j = 0; j < h1; ++j) grad[base + j] += d1[j];
    }
  }

  // Adam on the batch's mean gradient; first-layer weights that the batch
  // did not touch are left as they are (their inputs were not set).
  void adam(size_t batch, double rate) {
    constexpr double b1 = 0.9, b2 = 0.999;
    ++step;
    const double c1 = 1 - std::pow(b1, step), c2 = 1 - std::pow(b2, step);
    for (size_t i = 0; i < at.size; ++i) {
      const float g = grad[i] / static_cast<float>(batch);
      grad[i] = 0;
      if (g == 0 && i < at.b1) continue;
      m[i] = static_cast<float>(b1 * m[i] + (1 - b1) * g);
      v[i] = static_cast<float>(b2 * v[i] + (1 - b2) * g * g);
      param(i) -= static_cast<float>(rate * (m[i] / c1) / (std::sqrt(v[i] / c2) + 1e-8));
    }
  }
};

void initialise(ValueNet& n, Random& rng) {
  // He initialisation: 16 inputs are set in the first layer.
  for (float& w : n.w1) w = static_cast<float>(rng.normal() * std::sqrt(2.0 / 16));
  for (float& w : n.w2) w = static_cast<float>(rng.normal() * std::sqrt(2.0 / n.h1));
  for (float& w : n.w3) w = static_cast<float>(rng.normal() * std::sqrt(1.0 / n.h2));
}

}  // namespace

int pawns_left(const NetSample& s) {
  return static_cast<int>(
      std::count_if(s.where.begin(), s.where.end(), [](uint8_t w) { return w >= 16; }));
}

double net_mae(const ValueNet& n, const std::vector<NetSample>& samples) {
  double sum = 0;
  for (const NetSample& s : samples) sum += std::fabs(n.value(s.where) - s.value);
  return samples.empty() ? 0 : sum / static_cast<double>(samples.size());
}

ValueNet fit_value_net(Game g, int min_left, int max_left, const std::vector<NetSample>& train,
                       const std::vector<NetSample>& test, const NetFitOptions& opt,
                       const std::function<void(const NetFitReport&)>& report) {
  ValueNet net;
  net.game = g;
  net.min_left = min_left;
  net.max_left = max_left;
  net.mid = opt.mid;
  net.scale = opt.scale;
  net.shape(opt.h1, opt.h2);
  Random rng{opt.seed};
  initialise(net, rng);
  std::vector<NetSample> all = relabelled(train);
  Trainer t(net);
  constexpr size_t kBatch = 128;
  const auto huber = static_cast<float>(opt.huber / opt.scale);  // in the output's units
  for (int e = 0; e < opt.epochs; ++e) {
    for (size_t i = all.size(); i > 1; --i) std::swap(all[i - 1], all[rng.next() % i]);
    // The rate falls to a third for the last third of the epochs.
    const double rate = opt.learning_rate * (3 * e >= 2 * opt.epochs ? 0.3 : 1.0);
    double squares = 0;
    for (size_t from = 0; from < all.size(); from += kBatch) {
      const size_t to = std::min(all.size(), from + kBatch);
      for (size_t i = from; i < to; ++i) {
        const float err = t.forward(all[i]) - (all[i].value - opt.mid) / opt.scale;
        squares += static_cast<double>(err) * err;
        t.backward(all[i], opt.huber > 0 ? std::clamp(err, -huber, huber) : err);
      }
      t.adam(to - from, rate);
    }
    if (report)
      report({e + 1, opt.scale * std::sqrt(squares / static_cast<double>(all.size())),
              net_mae(net, test)});
  }
  measure_net_error(net, test);
  return net;
}

void measure_net_error(ValueNet& n, const std::vector<NetSample>& test) {
  const double overall = net_mae(n, test);
  n.error.clear();
  for (int left = n.min_left; left <= n.max_left; ++left) {
    std::vector<NetSample> at;
    int searched = 0;
    for (const NetSample& s : test)
      if (pawns_left(s) == left) {
        at.push_back(s);
        searched = std::max(searched, s.searched);
      }
    double e = at.empty() ? overall : net_mae(n, at);
    if (searched > 0 && left - searched >= n.min_left) e += n.error_at(left - searched);
    n.error.push_back(static_cast<float>(e));
  }
}

ValueNet average_nets(const std::vector<ValueNet>& nets) {
  ValueNet out = nets.at(0);
  int h1 = 0, h2 = 0;
  for (const ValueNet& n : nets) {
    if (n.game != out.game || n.min_left != out.min_left || n.max_left != out.max_left ||
        n.scale != out.scale)
      throw std::invalid_argument("average_nets: networks of other games, pawns left or scales");
    h1 += n.h1;
    h2 += n.h2;
  }
  out.shape(h1, h2);
  out.error.clear();
  const auto share = 1.0f / static_cast<float>(nets.size());
  int o1 = 0, o2 = 0;  // where this network's units start
  for (const ValueNet& n : nets) {
    for (int in = 0; in < kNetInputs; ++in)
      for (int j = 0; j < n.h1; ++j)
        out.w1[static_cast<size_t>(in * h1 + o1 + j)] = n.w1[static_cast<size_t>(in * n.h1 + j)];
    for (int i = 0; i < n.h1; ++i) {
      out.b1[static_cast<size_t>(o1 + i)] = n.b1[static_cast<size_t>(i)];
      for (int j = 0; j < n.h2; ++j)
        out.w2[static_cast<size_t>((o1 + i) * h2 + o2 + j)] =
            n.w2[static_cast<size_t>(i * n.h2 + j)];
    }
    for (int j = 0; j < n.h2; ++j) {
      out.b2[static_cast<size_t>(o2 + j)] = n.b2[static_cast<size_t>(j)];
      out.w3[static_cast<size_t>(o2 + j)] = share * n.w3[static_cast<size_t>(j)];
    }
    // Each network's own middle value, in the first one's terms.
    out.b3 += share * (n.b3 + (n.mid - out.mid) / out.scale);
    o1 += n.h1;
    o2 += n.h2;
  }
  return out;
}

}  // namespace scarney
