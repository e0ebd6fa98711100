#include "service/requests.h"

#include <algorithm>
#include <charconv>
#include <iterator>

#include "games/position_file.h"
#include "placement/placement_position.h"
#include "util/printable.h"

namespace scarney::service {
namespace {

Refusal bad(std::string message) { return Refusal{400, std::move(message)}; }

// A POST's JSON body, or its refusal (413, 400). Parsed without throwing.
Decoded<Json> json_body(std::string_view body, const char* expected) {
  if (body.size() > kMaxBodyBytes) return Refusal{413, "the body is larger than 64 KiB"};
  Json in = Json::parse(body, nullptr, /*allow_exceptions=*/false);
  if (in.is_discarded()) return bad(std::string("the body is not JSON: expected ") + expected);
  return in;
}

// A query's whole number (0 to 2^64 - 1), or none.
std::optional<uint64_t> whole_number(const std::string& t) {
  uint64_t v = 0;
  const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
  if (ec != std::errc() || end != t.data() + t.size()) return std::nullopt;
  return v;
}

// Exactly one position of the text, as it reads (no placement checks).
Decoded<PositionRecord> only_position(std::string_view text) {
  Expected<std::vector<PositionRecord>> ps = read_positions(text, "-");
  if (!ps) return refusal(ps.error());
  if (ps->size() != 1)
    return refusal(InputError(SourceLocation{"-", (*ps)[1].where.line, 1},
                              "give one position, not " + std::to_string(ps->size())));
  return std::move((*ps)[0]);
}

}  // namespace

Refusal refusal(const InputError& e) {
  return Refusal{400, e.message(), e.where().line, e.where().column, {}};
}

Decoded<Route> route_of(const Request& r) {
  struct Known {
    const char* path;
    const char* method;
    Route route;
  };
  static const Known known[] = {
      {"/api/v1/analyse", "POST", Route::Analyse}, {"/api/v1/play", "POST", Route::Play},
      {"/api/v1/book", "GET", Route::Book},        {"/api/v1/deal", "GET", Route::Deal},
      {"/api/v1/game", "POST", Route::Game},       {"/api/v1/games", "GET", Route::Games}};
  // HEAD is GET without the body (the transport drops it).
  const std::string method = r.method == "HEAD" ? "GET" : r.method;
  for (const Known& k : known) {
    if (r.path != k.path) continue;
    if (method == k.method) return k.route;
    const std::string allow = std::string(k.method) == "GET" ? "GET, HEAD" : k.method;
    return Refusal{405, r.method + " is not allowed here: use " + k.method, 0, 0, allow};
  }
  return Refusal{404, "no such API path: " + r.path};
}

Decoded<PositionRecord> one_position(std::string_view text) {
  Decoded<PositionRecord> read = only_position(text);
  if (!read) return read;
  PositionRecord r = std::move(read).value();
  if (r.position.phase == Phase::Placement)
    if (const Expected<PlacementState> s = read_placement_state(r); !s) return refusal(s.error());
  return r;
}

Decoded<AnalyseRequest> decode_analyse(std::string_view body) {
  if (body.size() > kMaxBodyBytes) return Refusal{413, "the body is larger than 64 KiB"};
  Decoded<PositionRecord> r = one_position(body);
  if (!r) return r.error();
  return AnalyseRequest{std::move(r).value()};
}

Decoded<PlayRequest> decode_play(std::string_view body) {
  const char* shape = "{\"position\": \"...\", \"move\": \"...\"}";
  Decoded<Json> in = json_body(body, shape);
  if (!in) return in.error();
  const Json& j = *in;
  if (!j.is_object() || !j.contains("position") || !j["position"].is_string() ||
      !j.contains("move") || !j["move"].is_string())
    return bad(std::string("expected ") + shape + " with two strings");
  PlayRequest q;
  q.move_text = j["move"].get<std::string>();
  Decoded<PositionRecord> r = only_position(j["position"].get<std::string>());
  if (!r) return r.error();
  q.position = std::move(r).value();
  if (q.position.position.phase == Phase::Placement)
    return bad(
        "placement moves are not played here: analyse the position and take the move's "
        "\"after\"");
  const Expected<WrittenLine> w = read_solution(
      SourcedText{q.move_text, SourceLocation{"move", 1, 1}}, q.position.position.game);
  if (!w) return refusal(w.error());
  if (w->moves.size() != 1) return bad("give one move, not " + std::to_string(w->moves.size()));
  q.move = w->moves[0];
  if (q.move.player && *q.move.player != Side::A)
    return bad("it is A's turn: the side to move is A in a position");
  return q;
}

Decoded<DealRequest> decode_deal(const std::map<std::string, std::string>& query) {
  DealRequest q;
  const auto g = query.find("game");
  const auto game = parse_game(g == query.end() ? "solitaire" : g->second);
  if (!game) return bad("game: expected solitaire, singles, doubles or highlow");
  q.game = *game;
  if (const auto s = query.find("seed"); s != query.end() && !s->second.empty()) {
    q.seed = whole_number(s->second);
    if (!q.seed) return bad("seed: expected a whole number from 0 to 18446744073709551615");
  }
  if (const auto i = query.find("index"); i != query.end()) {
    const auto index = whole_number(i->second);
    if (!index || *index >= 1000) return bad("index: expected a whole number from 0 to 999");
    q.index = *index;
  }
  return q;
}

namespace {

// A game request's fields, each of its type; an unknown one (a typing
// slip) is refused, not ignored.
Decoded<bool> check_game_fields(const Json& in) {
  static const char* const known[] = {
      "start", "moves", "by", "computer", "strength", "placement_samples", "seed", "match"};
  if (!in.is_object() || !in.contains("start") || !in["start"].is_string())
    return bad("expected {\"start\": \"<position text>\", \"moves\": [...], ...}");
  for (const auto& [name, value] : in.items())
    if (std::find(std::begin(known), std::end(known), name) == std::end(known))
      return bad("unknown field '" + printable(name) +
                 "': expected start, moves, by, computer, strength, seed, match or "
                 "placement_samples");
  return true;
}

// A field that must be a string, into `out` when given.
Decoded<bool> string_field(const Json& in, const char* name, std::string& out,
                           const char* expected) {
  if (!in.contains(name)) return true;
  if (!in[name].is_string()) return bad(std::string(name) + ": expected " + expected);
  out = in[name].get<std::string>();
  return true;
}

// Who plays and how: strength, computer, seed, placement_samples.
Decoded<bool> decode_settings(const Json& in, GameRequest& q) {
  const char* strengths = "perfect, strong, fair, weak or random";
  const char* computers = "\"A\", \"B\" or \"\" (no computer)";
  std::string strength = "perfect", computer;
  if (auto r = string_field(in, "strength", strength, strengths); !r) return r;
  if (auto r = string_field(in, "computer", computer, computers); !r) return r;
  const auto s = parse_strength(strength);
  if (!s) return bad(std::string("strength: expected ") + strengths);
  q.strength = *s;
  if (computer != "" && computer != "A" && computer != "B")
    return bad(std::string("computer: expected ") + computers);
  if (!computer.empty()) q.human = computer == "A" ? Side::B : Side::A;
  if (in.contains("seed")) {
    if (!in["seed"].is_number_unsigned())
      return bad("seed: expected a whole number from 0 to 18446744073709551615");
    q.seed = in["seed"].get<uint64_t>();
  }
  if (in.contains("placement_samples")) {
    const Json& x = in["placement_samples"];
    if (!x.is_number_unsigned() || x.get<uint64_t>() < 1 || x.get<uint64_t>() > 64)
      return bad("placement_samples: expected a whole number from 1 to 64");
    q.placement_samples = x.get<int>();
  }
  return true;
}

// The "match" member: the lines of the games before, each read as `scarney
// match` reads a sheet's.
Decoded<bool> decode_match(const Json& x, GameRequest& q) {
  const Game g = q.start.position.game;
  if (!x.is_array()) return bad("match: expected the lines of the games before, [\"23 17\", ...]");
  if (!traits(g).matches) return bad("match: Solitaire has no match rules");
  if (!q.human) return bad("match: needs \"computer\": \"A\" or \"B\"");
  if (x.size() > kMaxMatchGames) return bad("match: too many games");
  std::vector<std::string> lines;
  for (const Json& l : x) {
    if (!l.is_string()) return bad("match: expected strings, one line a game");
    lines.push_back(l.get<std::string>());
  }
  Expected<MatchSession> m = MatchSession::open(g, *q.human, lines);
  if (!m) {
    // Located by game: line k + 1 is lines[k].
    const InputError& e = m.error();
    const int k = e.where().line - 1;
    if (k < 0 || k >= static_cast<int>(lines.size())) return bad("match: " + e.message());
    return bad("match[" + std::to_string(k) + "] '" + printable(lines[k]) + "': " + e.message());
  }
  q.match.emplace(std::move(m).value());
  return true;
}

// The moves so far (text, resolved as the game is replayed) and who made
// each.
Decoded<bool> decode_moves(const Json& in, GameRequest& q) {
  const Json moves = in.value("moves", Json::array());
  if (!moves.is_array()) return bad("moves: expected a list of moves");
  if (moves.size() > 200) return bad("moves: too many");
  if (in.contains("by")) {
    const char* expected = "by: expected a list of \"player\" or \"computer\"";
    if (!in["by"].is_array()) return bad(expected);
    for (const Json& b : in["by"]) {
      if (b != "computer" && b != "player") return bad(expected);
      q.by_computer.push_back(b == "computer");
    }
  }
  for (const Json& m : moves) {
    if (!m.is_string()) return bad("moves: expected strings");
    q.moves.push_back(m.get<std::string>());
  }
  return true;
}

}  // namespace

Decoded<GameRequest> decode_game(std::string_view body) {
  Decoded<Json> read = json_body(body, "{\"start\": \"...\", \"moves\": [...]}");
  if (!read) return read.error();
  const Json& in = *read;
  GameRequest q;
  if (auto r = check_game_fields(in); !r) return r.error();
  if (auto r = decode_settings(in, q); !r) return r.error();
  Decoded<PositionRecord> start = one_position(in["start"].get<std::string>());
  if (!start) return start.error();
  q.start = std::move(start).value();
  if (in.contains("match"))
    if (auto r = decode_match(in["match"], q); !r) return r.error();
  if (auto r = decode_moves(in, q); !r) return r.error();
  return q;
}

namespace {

template <class T>
Call call_of(Decoded<T> q) {
  if (!q) return Call{q.error()};
  return Call{std::move(q).value()};
}

}  // namespace

Call decode(const Request& r) {
  Decoded<Route> route = route_of(r);
  if (!route) return Call{route.error()};
  switch (*route) {
    case Route::Analyse:
      return call_of(decode_analyse(r.body));
    case Route::Play:
      return call_of(decode_play(r.body));
    case Route::Book:
      return Call{BookRequest{}};
    case Route::Deal:
      return call_of(decode_deal(r.query));
    case Route::Game:
      return call_of(decode_game(r.body));
    case Route::Games:
      return Call{GamesRequest{}};
  }
  return Call{Refusal{404, "no such API path: " + r.path}};
}

bool Call::slow() const {
  if (const auto* a = std::get_if<AnalyseRequest>(&what))
    return a->position.position.phase == Phase::Placement;
  if (const auto* g = std::get_if<GameRequest>(&what))
    return g->start.position.phase == Phase::Placement;
  return false;  // refused at once, or quick
}

}  // namespace scarney::service
