#include "exhaustive/shard.h"

#include <cstdio>
#include <sstream>

#include "exhaustive/deal_space.h"
#include "games/scoring.h"
#include "stats/bands.h"
#include "util/input_error.h"
#include "util/text.h"

#ifndef SCARNEY_VERSION
#define SCARNEY_VERSION "unknown"
#endif

namespace scarney::exhaustive {

namespace {

constexpr const char* kMagic = "scarney-exhaustive-shard 1";

std::string histogram_line(const Histogram& h) {
  std::string s;
  for (const auto& [v, c] : h) {
    if (!s.empty()) s += ' ';
    s += std::to_string(v) + ":" + std::to_string(c);
  }
  return s;
}

std::string extreme_line(const Extreme& e) {
  return std::to_string(e.deal) + " " + std::to_string(e.value) + " " +
         deal_text(deal_of_rank(e.deal, kScarney));
}

[[noreturn]] void damaged(const std::string& name, const std::string& why) {
  throw InputError(name + ": damaged shard file: " + why + " (delete it and run the shard again)");
}

uint64_t to_u64(const std::string& s, const std::string& name) {
  if (s.empty() || s.size() > 20 || s.find_first_not_of("0123456789") != std::string::npos)
    damaged(name, "not a number: " + s);
  return std::stoull(s);
}

int to_int(const std::string& s, const std::string& name) {
  const bool neg = !s.empty() && s[0] == '-';
  return static_cast<int>(neg ? -static_cast<int64_t>(to_u64(s.substr(1), name))
                              : static_cast<int64_t>(to_u64(s, name)));
}

Histogram parse_histogram(const std::string& line, const std::string& name) {
  Histogram h;
  std::istringstream in(line);
  std::string item;
  while (in >> item) {
    const auto colon = item.find(':');
    if (colon == std::string::npos) damaged(name, "bad histogram entry " + item);
    h[to_int(item.substr(0, colon), name)] += to_u64(item.substr(colon + 1), name);
  }
  return h;
}

Extreme parse_extreme(const std::string& line, const std::string& name) {
  std::istringstream in(line);
  std::string rank, value;
  in >> rank >> value;
  return {to_u64(rank, name), to_int(value, name)};
}

}  // namespace

const std::string& program_version() {
  static const std::string v = std::string("scarney ") + SCARNEY_VERSION;
  return v;
}

const std::string& rules_variant() {
  static const std::string r =
      "book rules: take-off of a 1 or 2, jumps over another colour, score 40 - spots + bonuses";
  return r;
}

ShardId parse_shard_id(const std::string& text) {
  const auto slash = text.find('/');
  const auto refuse = [&] {
    throw InputError("--shard: expected K/S, whole numbers with 0 <= K < S <= " +
                     std::to_string(kMaxShardCount) + ", got '" + text + "'");
  };
  const auto number = [&](const std::string& s) -> uint64_t {
    if (s.empty() || s.size() > 13 || s.find_first_not_of("0123456789") != std::string::npos)
      refuse();
    return std::stoull(s);
  };
  if (slash == std::string::npos) refuse();
  const ShardId id{number(text.substr(0, slash)), number(text.substr(slash + 1))};
  if (id.count == 0 || id.count > kMaxShardCount || id.index >= id.count) refuse();
  return id;
}

RankRange shard_range(ShardId id, uint64_t deals) {
  const auto at = [&](uint64_t k) {
    return static_cast<uint64_t>(static_cast<unsigned __int128>(k) * deals / id.count);
  };
  return {at(id.index), at(id.index + 1)};
}

std::string shard_file_name(Game game, ShardId id) {
  const int width = static_cast<int>(std::to_string(id.count).size());
  char buf[96];
  std::snprintf(buf, sizeof buf, "%s-shard-%0*llu-of-%llu.txt", game_name(game).c_str(), width,
                static_cast<unsigned long long>(id.index),
                static_cast<unsigned long long>(id.count));
  return buf;
}

void add_weighted(Tally& t, uint64_t rank, const DealOutcome& o, uint64_t weight) {
  const auto better = [](const Extreme& e, int v, uint64_t d, bool higher) {
    if (v != e.value) return higher ? v > e.value : v < e.value;
    return d < e.deal;
  };
  if (t.deals == 0 || better(t.best, o.value, rank, true)) t.best = {rank, o.value};
  if (t.deals == 0 || better(t.worst, o.value, rank, false)) t.worst = {rank, o.value};
  t.deals += weight;
  t.headline[headline(t.game, o)] += weight;
  t.values[o.value] += weight;
  if (traits(t.game).calls_scarney) t.call_gain[o.value - o.solitaire] += weight;
}

void add_tally(Tally& a, const Tally& b) {
  if (b.deals == 0) return;
  if (a.deals == 0) {
    a = b;
    return;
  }
  const auto take = [](Extreme& into, const Extreme& e, bool higher) {
    if (e.value != into.value ? (higher ? e.value > into.value : e.value < into.value)
                              : e.deal < into.deal)
      into = e;
  };
  take(a.best, b.best, true);
  take(a.worst, b.worst, false);
  a.deals += b.deals;
  for (const auto& [v, c] : b.headline) a.headline[v] += c;
  for (const auto& [v, c] : b.values) a.values[v] += c;
  for (const auto& [v, c] : b.call_gain) a.call_gain[v] += c;
}

uint64_t fnv1a64(const std::string& text) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (unsigned char c : text) h = (h ^ c) * 0x100000001b3ull;
  return h;
}

std::string format_shard(const ShardResult& r) {
  const Tally& t = r.tally;
  std::string s = std::string(kMagic) + "\n";
  s += "version: " + r.version + "\n";
  s += "rules: " + r.rules + "\n";
  s += "game: " + game_name(r.game) + "\n";
  s += "shard: " + std::to_string(r.id.index) + "/" + std::to_string(r.id.count) + "\n";
  s += "ranks: " + std::to_string(r.range.lo) + " " + std::to_string(r.range.hi) + "\n";
  s += "representatives: " + std::to_string(r.representatives) + "\n";
  s += "deals: " + std::to_string(t.deals) + "\n";
  s += "histogram: " + histogram_line(t.headline) + "\n";
  if (traits(r.game).calls_scarney) s += "call-gain: " + histogram_line(t.call_gain) + "\n";
  for (const Band& b : bands_for(r.game))
    s += "band: " + b.name + ": " + std::to_string(count_in(t.values, b)) + "\n";
  if (t.deals) {
    s += "best: " + extreme_line(t.best) + "\n";
    s += "worst: " + extreme_line(t.worst) + "\n";
  }
  char sum[40];
  std::snprintf(sum, sizeof sum, "checksum: fnv1a64 %016llx\n",
                static_cast<unsigned long long>(fnv1a64(s)));
  return s + sum;
}

ShardResult parse_shard(const std::string& text, const std::string& name) {
  const auto at = text.rfind("checksum: fnv1a64 ");
  if (at == std::string::npos || (at > 0 && text[at - 1] != '\n'))
    damaged(name, "no checksum line (cut short?)");
  char expect[20];
  std::snprintf(expect, sizeof expect, "%016llx",
                static_cast<unsigned long long>(fnv1a64(text.substr(0, at))));
  if (text.substr(at + 18) != std::string(expect) + "\n") damaged(name, "checksum mismatch");
  std::istringstream in(text.substr(0, at));
  std::string line;
  if (!std::getline(in, line) || line != kMagic) damaged(name, "not a shard file");
  ShardResult r;
  std::map<std::string, std::string> fields;
  std::map<std::string, uint64_t> bands;
  while (std::getline(in, line)) {
    const auto colon = line.find(": ");
    if (colon == std::string::npos) damaged(name, "bad line: " + line);
    const std::string key = line.substr(0, colon), value = line.substr(colon + 2);
    if (key == "band") {
      const auto c = value.rfind(": ");
      if (c == std::string::npos) damaged(name, "bad band line");
      bands[value.substr(0, c)] = to_u64(value.substr(c + 2), name);
    } else {
      fields[key] = value;
    }
  }
  for (const char* k :
       {"version", "rules", "game", "shard", "ranks", "representatives", "deals", "histogram"})
    if (!fields.count(k)) damaged(name, std::string("no ") + k + " line");
  const auto game = parse_game(fields["game"]);
  if (!game || two_player(*game)) damaged(name, "bad game " + fields["game"]);
  r.game = *game;
  r.tally = Tally(r.game);
  r.version = fields["version"];
  r.rules = fields["rules"];
  try {
    r.id = parse_shard_id(fields["shard"]);
  } catch (const InputError&) {
    damaged(name, "bad shard " + fields["shard"]);
  }
  {
    std::istringstream rr(fields["ranks"]);
    std::string lo, hi;
    rr >> lo >> hi;
    r.range = {to_u64(lo, name), to_u64(hi, name)};
  }
  r.representatives = to_u64(fields["representatives"], name);
  Tally& t = r.tally;
  t.deals = to_u64(fields["deals"], name);
  t.headline = parse_histogram(fields["histogram"], name);
  t.values = t.headline;  // Solitaire and Singles count the best score in both
  if (traits(r.game).calls_scarney) t.call_gain = parse_histogram(fields["call-gain"], name);
  if (t.deals) {
    if (!fields.count("best") || !fields.count("worst")) damaged(name, "no best or worst line");
    t.best = parse_extreme(fields["best"], name);
    t.worst = parse_extreme(fields["worst"], name);
  }
  // What is derived must agree with what is stored.
  if (total(t.headline) != t.deals) damaged(name, "the histogram does not sum to the deals");
  if (r.range.lo > r.range.hi) damaged(name, "bad rank range");
  for (const Band& b : bands_for(r.game))
    if (!bands.count(b.name) || bands[b.name] != count_in(t.values, b))
      damaged(name, "band " + b.name + " disagrees with the histogram");
  return r;
}

}  // namespace scarney::exhaustive
