#include "serve/api.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <mutex>
#include <optional>
#include <random>
#include <vector>

#include "analysis/analysis.h"
#include "games/deal.h"
#include "games/game_facts.h"
#include "games/match.h"
#include "games/position_file.h"
#include "games/rules.h"
#include "play/match_session.h"
#include "play/match_sheet.h"
#include "play/play_game.h"
#include "play/strength.h"
#include "search/solver.h"
#include "serve/book.h"
#include "util/input_error.h"
#include "util/json.h"
#include "util/printable.h"
#include "verify/notation.h"

namespace scarney::serve {
namespace {

// Every answer: the API version first, then the answer's fields.
Response json_response(int status, const Json& j) {
  Json out = {{"api", kApiVersion}};
  out.update(j);
  return {status, "application/json", json_text(out), {}};
}

Response error(int status, const std::string& message) {
  return json_response(status, {{"error", message}});
}

// Bad input, located: the command line's message, and where it is.
Response input_error(const InputError& e) {
  Json j = {{"error", e.message()}};
  if (e.where().line > 0) j["line"] = e.where().line;
  if (e.where().column > 0) j["column"] = e.where().column;
  return json_response(400, j);
}

// Exactly one position from the text the user sent (named "-", as standard
// input is on the command line, so `source` reads as `solve -` gives it).
PositionRecord one_position(std::string_view text) {
  std::vector<PositionRecord> ps = parse_positions(text, "-");
  if (ps.empty()) throw InputError(SourceLocation{"-", 1, 1}, "no position");
  if (ps.size() != 1)
    throw InputError(SourceLocation{"-", ps[1].where.line, 1},
                     "give one position, not " + std::to_string(ps.size()));
  return ps[0];
}

// One warm analyser per worker thread.
Analyser& thread_analyser(const Oracle* oracle) {
  thread_local std::unique_ptr<Analyser> analyser;
  thread_local const Oracle* made_with = nullptr;
  if (!analyser || made_with != oracle) {
    analyser = std::make_unique<Analyser>(oracle);
    made_with = oracle;
  }
  return *analyser;
}

// ---- the page's files -----------------------------------------------------

std::string content_type(const std::string& path) {
  auto ends = [&](const char* ext) {
    const size_t n = std::strlen(ext);
    return path.size() >= n && path.compare(path.size() - n, n, ext) == 0;
  };
  if (ends(".html")) return "text/html; charset=utf-8";
  if (ends(".js")) return "text/javascript; charset=utf-8";
  if (ends(".css")) return "text/css; charset=utf-8";
  if (ends(".md")) return "text/markdown; charset=utf-8";
  if (ends(".svg")) return "image/svg+xml";
  if (ends(".png")) return "image/png";
  if (ends(".ico")) return "image/x-icon";
  return "application/octet-stream";
}

const EmbeddedFile* web_file(const std::string& url_path) {
  const std::string want = "web" + (url_path == "/" ? std::string("/index.html") : url_path);
  for (const EmbeddedFile* f = embedded_files(); f->path; ++f)
    if (want == f->path) return f;
  return nullptr;
}

}  // namespace

Response Api::analyse(std::string_view body) const {
  if (body.size() > kMaxBodyBytes) return error(413, "the body is larger than 64 KiB");
  try {
    const PositionRecord r = one_position(body);
    AnalysisRequest q;
    q.line = q.moves = q.with_after = q.line_positions = true;
    Analyser& analyser = thread_analyser(options_.oracle);
    // A placement search deepens while the budget lasts and answers with
    // the deepest search that finished (exact where it reaches the end).
    if (r.position.phase == Phase::Placement) q.budget = options_.budget;
    const Analysis a = analyser.analyse(r, q);
    Json out = analysis_json(a);
    if (a.line) {
      std::vector<std::string> texts;
      for (const Position& p : a.line_positions.value_or(std::vector<Position>{}))
        texts.push_back(format_position(p));
      if (a.placement_line_positions) texts = *a.placement_line_positions;
      out["line_positions"] = texts;
    }
    // The record, not the bare state: a placement position keeps its
    // `hands:` and `to-move:` lines (pasted text loads as it was given).
    out["position_text"] = format_position(r);
    return json_response(200, out);
  } catch (const InputError& e) {
    return input_error(e);
  }
}

namespace {

// A POST's JSON body into `in`, or the answer refusing it (413, 400).
std::optional<Response> read_json_body(std::string_view body, const char* expected, Json& in) {
  if (body.size() > kMaxBodyBytes) return error(413, "the body is larger than 64 KiB");
  try {
    in = Json::parse(body);
  } catch (const Json::exception&) {
    return error(400, std::string("the body is not JSON: expected ") + expected);
  }
  return std::nullopt;
}

}  // namespace

Response Api::play(std::string_view body) const {
  Json in;
  if (auto refused = read_json_body(body, "{\"position\": \"...\", \"move\": \"...\"}", in))
    return *refused;
  if (!in.is_object() || !in.contains("position") || !in["position"].is_string() ||
      !in.contains("move") || !in["move"].is_string())
    return error(400, "expected {\"position\": \"...\", \"move\": \"...\"} with two strings");
  const std::string text = in["position"].get<std::string>();
  const std::string move = in["move"].get<std::string>();
  try {
    const PositionRecord r = one_position(text);
    const Position& p = r.position;
    if (p.phase == Phase::Placement)
      return error(400,
                   "placement moves are not played here: analyse the position and take "
                   "the move's \"after\"");
    const WrittenLine w = parse_solution(SourcedText{move, SourceLocation{"move", 1, 1}}, p.game);
    if (w.moves.size() != 1)
      return error(400, "give one move, not " + std::to_string(w.moves.size()));
    const WrittenMove& wm = w.moves[0];
    if (wm.player && *wm.player != Side::A)
      return error(400, "it is A's turn: the side to move is A in a position");
    const ResolvedMove m = resolve(p, wm);
    if (!m.move) return error(400, "illegal move '" + move + "': " + m.why);
    if (m.move->kind == MoveKind::Call)
      return json_response(200, {{"position", format_position(p)}, {"over", true}});
    const Position q = scarney::play(p, *m.move);
    return json_response(200, {{"move", move_text(p.board, *m.move)},
                               {"position", format_position(q)},
                               {"over", is_over(q)}});
  } catch (const InputError& e) {
    return input_error(e);
  }
}

Response Api::games() const { return json_response(200, {{"games", games_facts_json()}}); }

Response Api::book() const {
#ifdef __wasi__
  // The page's copy of the book is book.json beside it (wasm/engine.js).
  return error(404, "the book is not in this build: the site's book.json holds it");
#else
  static std::once_flag once;
  static std::string cached;
  static std::string failure;
  std::call_once(once, [] {
    try {
      cached = json_response(200, book_positions()).body;
    } catch (const std::exception& e) {
      failure = e.what();
    }
  });
  if (!failure.empty()) return error(500, "the compiled-in book does not read: " + failure);
  return {200, "application/json", cached, {}};
#endif
}

Response Api::deal(const std::map<std::string, std::string>& query) const {
  const auto g = query.find("game");
  const std::string game_text = g == query.end() ? "solitaire" : g->second;
  const auto game = parse_game(game_text);
  if (!game) return error(400, "game: expected solitaire, singles, doubles or highlow");
  uint64_t seed = 0;
  const auto s = query.find("seed");
  if (s == query.end() || s->second.empty()) {
    std::random_device rd;
    seed = (uint64_t{rd()} << 32 | rd()) % 1000000000000ull;
  } else {
    const std::string& t = s->second;
    const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), seed);
    if (ec != std::errc() || end != t.data() + t.size())
      return error(400, "seed: expected a whole number from 0 to 18446744073709551615");
  }
  // The k-th deal of a seed: a match's game k + 1 (as `scarney play --match`).
  uint64_t index = 0;
  if (const auto i = query.find("index"); i != query.end()) {
    const std::string& t = i->second;
    const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), index);
    if (ec != std::errc() || end != t.data() + t.size() || index >= 1000)
      return error(400, "index: expected a whole number from 0 to 999");
  }
  return json_response(200, {{"game", game_name(*game)},
                             {"seed", std::to_string(seed)},
                             {"position", format_position(dealt_position(*game, seed, index))}});
}

namespace {

Json ply_json(const Ply& y) {
  Json j;
  j["ply"] = y.ply;
  j["side"] = std::string(1, side_letter(y.side));
  j["position"] = y.position;
  j["move"] = y.move;
  j["circles"] = move_circles_json(y.what);
  j["gain"] = y.gain;
  j["value_before"] = json_whole(y.value_before);
  j["value_after"] = json_whole(y.value_after);
  j["loss"] = json_whole(y.loss());
  // An estimate's loss within its error (twice the standard error, and the
  // measured error of such estimates) says nothing.
  if (!y.exact) {
    j["within_error"] = !y.gave_away();
    j["error"] = json_whole(std::max(2 * y.std_error, y.error));
  }
  j["best_move"] = y.best_move;
  j["exact"] = y.exact;
  j["placement"] = y.placement;
  j["by"] = y.by_computer ? "computer" : "player";
  return j;
}

Json outcome_json(const Outcome& o) {
  Json j;
  j["summary"] = o.summary;
  if (!o.why.empty()) j["why"] = o.why;
  const GameResult& r = o.result;
  if (!two_player(r.game)) {
    j["score"] = r.score.total();
    j["game_score"] = r.score.game;
    j["bonus"] = r.score.bonus;
    j["bonus_kind"] = r.score.bonus_kind;
    j["rating"] = o.rating;
  } else {
    j["points"] = {r.points[0], r.points[1]};
    j["winner"] = std::string(1, r.winner ? side_letter(*r.winner) : '-');
  }
  return j;
}

// The match the game belongs to (play/match_session.h): once the game is
// over, its line (Singles: the computer plays the same deal alone first),
// and the match scored as `scarney match` scores it.
Json match_json_of(PlayGame& g, const PositionRecord& start, MatchSession& match, Strength strength,
                   uint64_t seed) {
  Json out;
  out["number"] = match.next_game();
  if (g.over())
    if (const auto alone = match.add(g, start, strength, seed)) {
      const Outcome t = alone->outcome();
      out["computer_alone"] = {{"summary", t.summary}, {"score", t.result.score.total()}};
    }
  out["lines"] = match.lines();
  out["sheet"] = match.sheet();
  out["score_sheet"] = format_score_sheet(match.match(), match.result());
  out["finished"] = match.finished();
  out["status"] = match.result().status;
  out["result"] = match_json(match.match(), match.result());
  return out;
}

// The "match" member of a game request: the lines of the games before,
// each checked as `scarney match` checks a sheet's.
std::optional<Response> open_match(const Json& in, Game g, std::optional<Side> human,
                                   std::optional<MatchSession>& match) {
  const Json& x = in["match"];
  if (!x.is_array())
    return error(400, "match: expected the lines of the games before, [\"23 17\", ...]");
  if (!traits(g).matches) return error(400, "match: Solitaire has no match rules");
  if (!human) return error(400, "match: needs \"computer\": \"A\" or \"B\"");
  if (x.size() > kMaxMatchGames) return error(400, "match: too many games");
  std::vector<std::string> lines;
  for (const Json& l : x) {
    if (!l.is_string()) return error(400, "match: expected strings, one line a game");
    lines.push_back(l.get<std::string>());
  }
  try {
    match.emplace(g, *human, lines);
  } catch (const InputError& e) {
    // Located by game: line k + 1 is lines[k].
    const int k = e.where().line - 1;
    if (k < 0 || k >= static_cast<int>(lines.size())) return error(400, "match: " + e.message());
    return error(400,
                 "match[" + std::to_string(k) + "] '" + printable(lines[k]) + "': " + e.message());
  }
  return std::nullopt;
}

// A game request's settings, as decoded.
struct GameRequest {
  Strength strength = Strength::Perfect;
  std::optional<Side> human;  // none: no computer
  uint64_t seed = 1;
  int samples = -1;
};

// A field of a game request that must be a string.
std::optional<Response> string_field(const Json& in, const char* name, std::string& out,
                                     const char* expected) {
  if (!in.contains(name)) return std::nullopt;
  if (!in[name].is_string()) return error(400, std::string(name) + ": expected " + expected);
  out = in[name].get<std::string>();
  return std::nullopt;
}

// A game request's fields, each of its type; an unknown one (a typing
// slip) is refused, not ignored.
std::optional<Response> check_game_fields(const Json& in) {
  static const char* const known[] = {
      "start", "moves", "by", "computer", "strength", "placement_samples", "seed", "match"};
  if (!in.is_object() || !in.contains("start") || !in["start"].is_string())
    return error(400, "expected {\"start\": \"<position text>\", \"moves\": [...], ...}");
  for (const auto& [name, value] : in.items())
    if (std::find(std::begin(known), std::end(known), name) == std::end(known))
      return error(400, "unknown field '" + printable(name) +
                            "': expected start, moves, by, computer, strength, seed, match or "
                            "placement_samples");
  return std::nullopt;
}

std::optional<Response> decode_game(const Json& in, GameRequest& q) {
  if (auto refused = check_game_fields(in)) return refused;
  const char* strengths = "perfect, strong, fair, weak or random";
  std::string strength = "perfect", computer;
  if (auto refused = string_field(in, "strength", strength, strengths)) return refused;
  if (auto refused = string_field(in, "computer", computer, "\"A\", \"B\" or \"\" (no computer)"))
    return refused;
  const auto s = parse_strength(strength);
  if (!s) return error(400, std::string("strength: expected ") + strengths);
  q.strength = *s;
  if (computer != "" && computer != "A" && computer != "B")
    return error(400, "computer: expected \"A\", \"B\" or \"\" (no computer)");
  if (!computer.empty()) q.human = computer == "A" ? Side::B : Side::A;
  if (in.contains("seed")) {
    if (!in["seed"].is_number_unsigned())
      return error(400, "seed: expected a whole number from 0 to 18446744073709551615");
    q.seed = in["seed"].get<uint64_t>();
  }
  if (in.contains("placement_samples")) {
    const Json& x = in["placement_samples"];
    if (!x.is_number_unsigned() || x.get<uint64_t>() < 1 || x.get<uint64_t>() > 64)
      return error(400, "placement_samples: expected a whole number from 1 to 64");
    q.samples = x.get<int>();
  }
  return std::nullopt;
}

// The moves of the request played: each typed move resolved as `scarney
// play` resolves it.
std::optional<Response> replay_moves(const Json& in, PlayGame& g) {
  const Json moves = in.value("moves", Json::array());
  if (!moves.is_array()) return error(400, "moves: expected a list of moves");
  if (moves.size() > 200) return error(400, "moves: too many");
  std::vector<bool> by_computer;
  if (in.contains("by")) {
    if (!in["by"].is_array())
      return error(400, "by: expected a list of \"player\" or \"computer\"");
    for (const Json& b : in["by"]) {
      if (b != "computer" && b != "player")
        return error(400, "by: expected a list of \"player\" or \"computer\"");
      by_computer.push_back(b == "computer");
    }
  }
  for (size_t i = 0; i < moves.size(); ++i) {
    if (!moves[i].is_string()) return error(400, "moves: expected strings");
    std::string why;
    const auto m = g.resolve(moves[i].get<std::string>(), &why);
    if (!m)
      return error(400, "move " + std::to_string(i + 1) + " '" +
                            printable(moves[i].get<std::string>()) + "': " + why);
    g.play(*m, i < by_computer.size() && by_computer[i]);
  }
  return std::nullopt;
}

// The game as the board shows it: the plies, the position, the values, and
// the moves to choose from or the outcome.
Json game_json(PlayGame& g, std::optional<Side> human) {
  Json out;
  Json plies = Json::array();
  for (const Ply& y : g.plies()) plies.push_back(ply_json(y));
  out["game"] = game_name(g.game());
  out["plies"] = plies;
  out["position"] = g.current_text();
  out["over"] = g.over();
  out["to_move"] = std::string(1, side_letter(g.to_move()));
  out["two_sides"] = g.two_sides();
  out["placement"] = g.in_placement();
  Json history = Json::array();
  for (double v : g.history_for_a()) history.push_back(json_whole(v));
  out["history"] = history;
  if (!g.over()) {
    const Analysis& a = g.analysis();
    out["exact"] = a.exact;
    if (!a.exact && a.placement && a.placement->error)
      out["error"] = json_whole(*a.placement->error);
    if (!a.exact && a.line) out["line"] = *a.line;
    Json list = Json::array();
    for (const MoveAnalysis& m : *a.moves) {
      Json x = {{"move", m.move}, {"value", json_whole(m.value)}};
      if (m.to_move_wins) x["to_move_wins"] = *m.to_move_wins;
      x["circles"] = move_circles_json(m.what);
      x["gain"] = m.gain;
      list.push_back(x);
    }
    out["moves"] = list;
  } else {
    const Outcome oc = g.outcome();
    out["outcome"] = outcome_json(oc);
    // Solitaire has no match rules: no sheet.
    if (traits(g.game()).matches)
      out["match_sheet"] = "# one game of scarney play\n" +
                           match_sheet_head(g.game(), human.value_or(Side::A)) +
                           match_sheet_line(oc) + "\n";
  }
  out["position_file"] = g.position_file_with_solution();
  return out;
}

}  // namespace

Response Api::game(std::string_view body) const {
  Json in;
  if (auto refused = read_json_body(body, "{\"start\": \"...\", \"moves\": [...]}", in))
    return *refused;
  GameRequest q;
  if (auto refused = decode_game(in, q)) return *refused;
  try {
    const PositionRecord start = one_position(in["start"].get<std::string>());
    // One cache for every worker, bounded (play/analysis_cache.h).
    static AnalysisCache cache;
    PlayOptions o;
    o.cache = &cache;
    o.deadline = std::chrono::steady_clock::now() + options_.budget;
    if (q.samples > 0) o.placement_samples = q.samples;
    PlayGame g(start, thread_analyser(options_.oracle), o);
    std::optional<MatchSession> match;
    if (in.contains("match"))
      if (auto refused = open_match(in, start.position.game, q.human, match)) return *refused;
    if (auto refused = replay_moves(in, g)) return *refused;
    // The computer answers until it is the player's turn.
    if (q.human && g.two_sides())
      while (!g.over() && g.to_move() != *q.human) g.play(g.choose(q.strength, q.seed), true);
    Json out = game_json(g, q.human);
    if (match) out["match"] = match_json_of(g, start, *match, q.strength, q.seed);
    return json_response(200, out);
  } catch (const InputError& e) {
    return input_error(e);
  }
}

Response Api::handle(const Request& r) const {
  struct Route {
    const char* path;
    const char* method;
  };
  static const Route routes[] = {{"/api/v1/analyse", "POST"}, {"/api/v1/play", "POST"},
                                 {"/api/v1/book", "GET"},     {"/api/v1/deal", "GET"},
                                 {"/api/v1/game", "POST"},    {"/api/v1/games", "GET"}};
  // HEAD is GET without the body (the HTTP layer drops it).
  const std::string method = r.method == "HEAD" ? "GET" : r.method;
  for (const Route& route : routes) {
    if (r.path != route.path) continue;
    if (method != route.method) {
      Response x = error(405, r.method + " is not allowed here: use " + route.method);
      x.allow = std::string(route.method) == "GET" ? "GET, HEAD" : route.method;
      return x;
    }
    if (r.path == "/api/v1/analyse") return analyse(r.body);
    if (r.path == "/api/v1/play") return play(r.body);
    if (r.path == "/api/v1/book") return book();
    if (r.path == "/api/v1/game") return game(r.body);
    if (r.path == "/api/v1/games") return games();
    return deal(r.query);
  }
  if (r.path.rfind("/api/", 0) == 0) return error(404, "no such API path: " + r.path);
  if (const EmbeddedFile* f = web_file(r.path)) {
    if (method != "GET") {
      Response x = error(405, r.method + " is not allowed here: use GET");
      x.allow = "GET, HEAD";
      return x;
    }
    return {200,
            content_type(f->path),
            std::string(reinterpret_cast<const char*>(f->data), f->size),
            {}};
  }
  return error(404, "not found: " + r.path);
}

bool Api::slow(const Request& r) const {
  if (r.method != "POST") return false;
  try {
    std::string text;
    if (r.path == "/api/v1/analyse") {
      text = r.body;
    } else if (r.path == "/api/v1/game") {
      const Json in = Json::parse(r.body);
      if (!in.is_object() || !in.contains("start") || !in["start"].is_string()) return false;
      text = in["start"].get<std::string>();
    } else {
      return false;
    }
    const std::vector<PositionRecord> ps = parse_positions(text, "-");
    return ps.size() == 1 && ps[0].position.phase == Phase::Placement;
  } catch (const std::exception&) {
    return false;  // refused at once, by a quick worker
  }
}

const std::vector<std::pair<std::string, std::string>>& security_headers() {
  static const std::vector<std::pair<std::string, std::string>> headers = {
      {"X-Content-Type-Options", "nosniff"},
      {"Content-Security-Policy",
       "default-src 'self'; style-src 'self'; img-src 'self' data:; frame-ancestors 'none'"},
      {"Referrer-Policy", "no-referrer"},
      {"Cache-Control", "no-store"}};
  return headers;
}

std::string error_body(const std::string& message) {
  return json_text(Json{{"api", kApiVersion}, {"error", message}});
}

}  // namespace scarney::serve
