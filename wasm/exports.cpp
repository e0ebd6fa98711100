// The WebAssembly module's functions (a WASI reactor): the board's JSON API
// as `scarney serve` answers it (serve/api.h), and the bench signature
// (search/bench_runner.h). Strings cross as (pointer, length) in the
// module's memory: the caller writes its input into a block from
// scarney_alloc, and reads the answer at the returned pointer, whose length
// scarney_result_size gives.
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "games/position_file.h"
#include "search/bench_runner.h"
#include "serve/api.h"
#include "wasm/throw_record.h"

namespace {

std::string result;
std::unique_ptr<scarney::serve::Api> the_api;

const char* answer(std::string text) {
  result = std::move(text);
  return result.c_str();
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
      nlohmann::json{{"positions", s.positions}, {"checksum", s.checksum}, {"nodes", s.nodes}}
          .dump());
}

// The time budget of a placement search, as `scarney serve --time` sets it
// (1 s unless set).
__attribute__((export_name("scarney_set_budget"))) void scarney_set_budget(int milliseconds) {
  scarney::serve::ApiOptions o;
  o.budget = std::chrono::milliseconds(milliseconds);
  the_api = std::make_unique<scarney::serve::Api>(o);
}

// One request of the board's API: {"method", "path", "query": {...},
// "body"} in; {"status", "content_type", "body"} out.
__attribute__((export_name("scarney_api"))) const char* scarney_api(const char* text, size_t size) {
  if (!the_api) the_api = std::make_unique<scarney::serve::Api>();
  const scarney::serve::Api& api = *the_api;
  const nlohmann::json in = nlohmann::json::parse(std::string_view(text, size));
  scarney::serve::Request r;
  r.method = in.value("method", "GET");
  r.path = in.value("path", "/");
  if (in.contains("query"))
    for (const auto& [k, v] : in["query"].items()) r.query.emplace(k, v.get<std::string>());
  r.body = in.value("body", "");
  const scarney::serve::Response out = api.handle(r);
  return answer(
      nlohmann::json{{"status", out.status}, {"content_type", out.content_type}, {"body", out.body}}
          .dump());
}

}  // extern "C"
