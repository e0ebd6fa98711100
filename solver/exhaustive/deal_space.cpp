#include "exhaustive/deal_space.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <numeric>
#include <stdexcept>

#include "board/pawn.h"

namespace scarney::exhaustive {

namespace {

// Symmetry s of a square of side n, as board/symmetry.cpp draws them for n = 4.
int image(int s, int c, int n) {
  const int r = c / n, k = c % n, m = n - 1;
  const auto at = [n](int row, int col) { return row * n + col; };
  switch (s) {
    case 0:
      return at(r, k);
    case 1:
      return at(k, m - r);
    case 2:
      return at(m - r, m - k);
    case 3:
      return at(m - k, r);
    case 4:
      return at(r, m - k);
    case 5:
      return at(m - r, k);
    case 6:
      return at(k, r);
    default:
      return at(m - k, m - r);
  }
}

// Cycle lengths -> how many cycles of that length.
template <class Map>
std::map<int, int> cycle_type(const Map& f, int n) {
  std::map<int, int> type;
  std::vector<bool> seen(n, false);
  for (int i = 0; i < n; ++i) {
    if (seen[i]) continue;
    int len = 0;
    for (int j = i; !seen[j]; j = f[j]) seen[j] = true, ++len;
    ++type[len];
  }
  return type;
}

}  // namespace

std::vector<Relabelling> relabellings(const DealSpace& s) {
  if (s.cells() > kMaxCells || s.colours * s.spots != s.cells() || s.colours > 8)
    throw std::invalid_argument("deal space: colours x spots must fill the board");
  std::vector<uint8_t> perm(s.colours - 1);
  std::iota(perm.begin(), perm.end(), 1);
  std::vector<std::vector<uint8_t>> perms;
  do perms.push_back(perm);
  while (std::next_permutation(perm.begin(), perm.end()));
  std::vector<Relabelling> group;
  for (int sym = 0; sym < 8; ++sym)
    for (const auto& p : perms) {
      Relabelling g;
      g.symmetry = sym;
      g.colour[0] = 0;
      for (int c = 1; c < s.colours; ++c) g.colour[c] = p[c - 1];
      for (int c = 0; c < s.cells(); ++c) {
        g.to[c] = static_cast<uint8_t>(image(sym, c, s.side));
        g.from[g.to[c]] = static_cast<uint8_t>(c);
      }
      for (int q = 0; q < s.cells(); ++q)
        g.pawn[q] = static_cast<uint8_t>(g.colour[q / s.spots] * s.spots + q % s.spots);
      group.push_back(g);
    }
  if (static_cast<int>(group.size()) > kMaxRelabellings)
    throw std::invalid_argument("deal space: too many relabellings");
  return group;  // symmetry 0 with the identity permutation comes first
}

Deal apply(const Relabelling& g, const Deal& d, int cells) {
  Deal r{};
  for (int c = 0; c < cells; ++c) r[g.to[c]] = g.pawn[d[c]];
  return r;
}

uint64_t factorial(int n) {
  uint64_t f = 1;
  for (int i = 2; i <= n; ++i) f *= static_cast<uint64_t>(i);
  return f;
}

namespace {
CircleOrder ring_order(const DealSpace& s, bool outside_in) {
  const int n = s.side;
  const auto ring = [n](int c) {
    return std::max(std::abs(2 * (c / n) - (n - 1)), std::abs(2 * (c % n) - (n - 1)));
  };
  std::vector<int> cs(s.cells());
  std::iota(cs.begin(), cs.end(), 0);
  std::stable_sort(cs.begin(), cs.end(), [&](int a, int b) {
    return outside_in ? ring(a) > ring(b) : ring(a) < ring(b);
  });
  CircleOrder o{};
  for (int i = 0; i < s.cells(); ++i) o[i] = static_cast<uint8_t>(cs[i]);
  return o;
}
}  // namespace

CircleOrder canonical_order(const DealSpace& s) { return ring_order(s, false); }
CircleOrder rank_order(const DealSpace& s) { return ring_order(s, true); }

uint64_t rank_of(const Deal& d, const DealSpace& s) {
  const int cells = s.cells();
  const CircleOrder order = rank_order(s);
  uint64_t r = 0;
  uint32_t used = 0;
  for (int k = 0; k < cells; ++k) {
    const int p = d[order[k]];
    const int smaller = __builtin_popcount(~used & ((1u << p) - 1));
    r += smaller * factorial(cells - 1 - k);
    used |= 1u << p;
  }
  return r;
}

Deal deal_of_rank(uint64_t rank, const DealSpace& s) {
  const int cells = s.cells();
  const CircleOrder order = rank_order(s);
  Deal d{};
  uint32_t free = (1u << cells) - 1;
  for (int k = 0; k < cells; ++k) {
    const uint64_t block = factorial(cells - 1 - k);
    uint64_t j = rank / block;
    rank %= block;
    uint32_t f = free;
    while (j--) f &= f - 1;
    d[order[k]] = static_cast<uint8_t>(__builtin_ctz(f));
    free &= ~(1u << d[order[k]]);
  }
  return d;
}

bool canonically_less(const Deal& a, const Deal& b, const DealSpace& s) {
  const CircleOrder order = canonical_order(s);
  for (int i = 0; i < s.cells(); ++i)
    if (a[order[i]] != b[order[i]]) return a[order[i]] < b[order[i]];
  return false;
}

OrbitFacts orbit_by_brute_force(const DealSpace& s, const std::vector<Relabelling>& group,
                                const Deal& d) {
  const int n = s.cells();
  std::vector<Deal> images;
  OrbitFacts f{true, 0};
  for (const Relabelling& g : group) {
    const Deal e = apply(g, d, n);
    if (canonically_less(e, d, s)) f.representative = false;
    images.push_back(e);
  }
  std::sort(images.begin(), images.end());
  f.orbit_size = static_cast<int>(std::unique(images.begin(), images.end()) - images.begin());
  return f;
}

uint64_t fixed_deals(const DealSpace& s, const Relabelling& g) {
  const int n = s.cells();
  const auto circles = cycle_type(g.to, n), pawns = cycle_type(g.pawn, n);
  if (circles != pawns) return 0;
  uint64_t count = 1;
  for (const auto& [len, m] : circles) {
    count *= factorial(m);
    for (int i = 0; i < m; ++i) count *= static_cast<uint64_t>(len);
  }
  return count;
}

uint64_t orbit_count(const DealSpace& s) {
  const auto group = relabellings(s);
  unsigned __int128 sum = 0;
  for (const Relabelling& g : group) sum += fixed_deals(s, g);
  if (sum % group.size() != 0) throw std::logic_error("Burnside: the sum is not a multiple");
  return static_cast<uint64_t>(sum / group.size());
}

std::string deal_text(const Deal& d) {
  std::string t;
  for (int c = 0; c < kPawns; ++c) {
    if (c) t += ' ';
    t += pawn_name(d[c]);
  }
  return t;
}

}  // namespace scarney::exhaustive
