// The WebAssembly module's functions (a WASI reactor): the board's JSON API
// from the service layer, as `scarney serve` answers it (service/service.h),
// and the bench signature
// (search/bench_runner.h). Strings cross as (pointer, length) in the
// module's memory: the caller writes its input into a block from
// scarney_alloc, and reads the answer at the returned pointer, whose length
// scarney_result_size gives.
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "games/position_file.h"
#include "placement/value_net.h"
#include "search/bench_runner.h"
#include "service/service.h"
#include "wasm/throw_record.h"

namespace {

using scarney::Json;
namespace service = scarney::service;

std::string result;
std::chrono::milliseconds budget{1000};
std::string book;  // the site's book.json (scarney_set_book)
std::unique_ptr<service::Service> the_service;

const char* answer(std::string text) {
  result = std::move(text);
  return result.c_str();
}

service::Service& the() {
  if (!the_service) {
    service::ServiceOptions o;
    o.budget = budget;
    if (!book.empty()) o.book = [] { return service::Response{200, "application/json", book, {}}; };
    the_service = std::make_unique<service::Service>(o);
  }
  return *the_service;
}

std::string response_json(const service::Response& r) {
  Json out{{"status", r.status}, {"content_type", r.content_type}, {"body", r.body}};
  if (!r.allow.empty()) out["allow"] = r.allow;
  return out.dump();
}

// The page's request ({"method", "path", "query": {...}, "body"}), read
// without throwing: the worker writes it, so a bad one is a bug there.
std::optional<service::Request> request_of(std::string_view text) {
  const Json in = Json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (!in.is_object()) return std::nullopt;
  service::Request r{"GET", "/", {}, ""};
  for (auto [name, into] : {std::pair{"method", &r.method}, {"path", &r.path}, {"body", &r.body}}) {
    if (!in.contains(name)) continue;
    if (!in[name].is_string()) return std::nullopt;
    *into = in[name].get<std::string>();
  }
  if (in.contains("query")) {
    if (!in["query"].is_object()) return std::nullopt;
    for (const auto& [k, v] : in["query"].items()) {
      if (!v.is_string()) return std::nullopt;
      r.query.emplace(k, v.get<std::string>());
    }
  }
  return r;
}

}  // namespace

extern "C" {

__attribute__((export_name("scarney_alloc"))) char* scarney_alloc(size_t size) {
  return static_cast<char*>(std::malloc(size + 1));
}

__attribute__((export_name("scarney_free"))) void scarney_free(char* p) { std::free(p); }

__attribute__((export_name("scarney_result_size"))) size_t scarney_result_size() {
  return result.size();
}

// After a trap: what was thrown, as JSON (throw_record.h).
__attribute__((export_name("scarney_error"))) const char* scarney_error() {
  return answer(scarney::wasm::thrown());
}

// A position file's bench signature for one pass (0 value, 1 High-Low
// winner by search, 2 winner by the pass over every subset), as
// `scarney bench --signature` prints it (without the file).
__attribute__((export_name("scarney_bench"))) const char* scarney_bench(const char* text,
                                                                        size_t size, int pass) {
  std::vector<scarney::Position> positions;
  for (const scarney::PositionRecord& r :
       scarney::parse_positions(std::string_view(text, size), "bench"))
    positions.push_back(r.position);
  const auto s = scarney::bench_signature(positions, static_cast<scarney::BenchPass>(pass));
  return answer(
      Json{{"positions", s.positions}, {"checksum", s.checksum}, {"nodes", s.nodes}}.dump());
}

// The time budget of a placement search, as `scarney serve --time` sets it
// (1 s unless set).
__attribute__((export_name("scarney_set_budget"))) void scarney_set_budget(int milliseconds) {
  budget = std::chrono::milliseconds(milliseconds);
  the_service.reset();
}

// The answer to GET /api/v1/book: the site's book.json, verified by the
// native build (the verifier is not in the module).
__attribute__((export_name("scarney_set_book"))) const char* scarney_set_book(const char* text,
                                                                              size_t size) {
  book.assign(text, size);
  the_service.reset();
  return answer("");
}

// A learned evaluation (value_net.h): the game (its number in game.h's
// Game) and the whole numbers of one network of the site's value-nets.txt
// after its game's name, split by the page (wasm/engine.js), so that the
// module holds no text reader. 1 when installed, 0 when they make no
// network of a game that has one.
__attribute__((export_name("scarney_set_net"))) int scarney_set_net(int game,
                                                                    const int32_t* numbers,
                                                                    size_t count) {
  if (game < 0 || game >= static_cast<int>(scarney::kGames.size())) return 0;
  const auto g = static_cast<scarney::Game>(game);
  if (!scarney::has_net_slot(g)) return 0;
  std::optional<scarney::ValueNet> n = scarney::net_of_numbers(g, numbers, count);
  if (!n) return 0;
  scarney::install_net(std::move(*n));
  return 1;
}

// One request of the board's API: {"method", "path", "query": {...},
// "body"} in; {"status", "content_type", "body"} out (and "allow" with a
// 405).
__attribute__((export_name("scarney_api"))) const char* scarney_api(const char* text, size_t size) {
  const std::optional<service::Request> r = request_of(std::string_view(text, size));
  if (!r)
    return answer(response_json(service::error_answer(
        400, "expected {\"method\", \"path\", \"query\", \"body\"} with strings")));
  return answer(response_json(the().answer(*r)));
}

// After a trap inside scarney_api: the answer the API gives for it (a bug:
// 500 and what was thrown), built here as every other answer is.
__attribute__((export_name("scarney_api_trapped"))) const char* scarney_api_trapped() {
  const Json t = Json::parse(scarney::wasm::thrown(), nullptr, false);
  const std::string what = t.is_object() ? t.value("error", "unknown") : "unknown";
  return answer(response_json(service::error_answer(500, "internal error: " + what)));
}

}  // extern "C"
