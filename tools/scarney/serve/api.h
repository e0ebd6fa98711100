// The analysis board's server logic, without the HTTP layer: a request
// (method, path, query, body) in, a status and a body out. `scarney serve`
// (cmd_serve.cpp) only wires these to cpp-httplib, so the API is tested in
// process as well as over HTTP. Every API answer is JSON naming the API
// version (`"api": 1`); the page's files are served from the binary.
//
//   POST /api/v1/analyse   body: one position (position-file text)
//   POST /api/v1/play      body: {"position": text, "move": "G3 jumps B2"}
//   GET  /api/v1/book      the book's positions and the examples, verified
//   GET  /api/v1/deal      ?game=G&seed=S: a random full deal
//   POST /api/v1/game      a game against the computer (play/play_game.h):
//                          the start and the moves so far in, the
//                          computer's replies, values and history out
//
// See docs/api.md.
#pragma once

#include <chrono>
#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "search/oracle.h"

namespace scarney::serve {

inline constexpr int kApiVersion = 1;
inline constexpr size_t kMaxBodyBytes = 64 * 1024;

struct Request {
  std::string method;  // "GET", "POST", ...
  std::string path;    // without the query
  std::map<std::string, std::string> query;
  std::string body;
};

struct Response {
  int status = 200;
  std::string content_type = "application/json";
  std::string body;
  std::string allow;  // 405: the methods the path accepts
};

struct ApiOptions {
  const Oracle* oracle = nullptr;  // endgame tables (`--tb`), shared read-only
  // A placement position's search deepens while this lasts and answers
  // with the deepest search that finished (`"exact": false` short of the
  // end, `"budget_spent": true` when the time ran out).
  std::chrono::milliseconds budget{1000};
};

class Api {
 public:
  explicit Api(ApiOptions options = {}) : options_(options) {}

  // Any request: the API, the page's files, 404 and 405. Thread-safe: each
  // calling thread keeps its own warm solvers.
  Response handle(const Request& r) const;

  Response analyse(std::string_view body) const;
  Response play(std::string_view body) const;
  Response book() const;
  Response deal(const std::map<std::string, std::string>& query) const;
  Response game(std::string_view body) const;
  Response games() const;

  // Whether answering takes a search with a time budget (a placement
  // position, or a game that starts with placing): the server runs such
  // requests apart from the quick ones (http_front.h).
  bool slow(const Request& r) const;

 private:
  ApiOptions options_;
};

// The headers every answer carries, errors included.
const std::vector<std::pair<std::string, std::string>>& security_headers();
// An error's body, as every API error words it: {"api": 1, "error": ...}.
std::string error_body(const std::string& message);

// The page's files compiled into the binary (web/...), and the book's
// position files (book/..., examples/...): path and contents.
struct EmbeddedFile {
  const char* path;
  const unsigned char* data;
  size_t size;
};
const EmbeddedFile* embedded_files();  // ends with {nullptr, nullptr, 0}

}  // namespace scarney::serve
