// The board's API as a library layer: a request (method, path, query,
// body) in, a status and a JSON body out. No I/O, and no exception leaves
// it: each request is decoded into a typed record (requests.h), its errors
// returned as values, answered through analysis/ and play/, and encoded
// once (answers.h). Two thin transports stand on it: `scarney serve`
// (tools/scarney/serve, HTTP) and the WebAssembly module (wasm/exports.cpp),
// so both give the same bytes for the same request, bad ones included.
//
//   POST /api/v1/analyse   body: one position (position-file text)
//   POST /api/v1/play      body: {"position": text, "move": "G3 jumps B2"}
//   GET  /api/v1/book      the book's positions and the examples, verified
//   GET  /api/v1/deal      ?game=G&seed=S: a random full deal
//   POST /api/v1/game      a game against the computer (play/play_game.h):
//                          the start and the moves so far in, the
//                          computer's replies, values and history out
//   GET  /api/v1/games     every game's facts (games/game_facts.h), so that
//                          a client never names a game
//
// See docs/api.md.
#pragma once

#include <chrono>
#include <functional>
#include <string>

#include "search/oracle.h"
#include "service/message.h"
#include "service/requests.h"
#include "util/json.h"

namespace scarney::service {

struct ServiceOptions {
  const Oracle* oracle = nullptr;  // endgame tables (`--tb`), shared read-only
  // A placement position's search deepens while this lasts and answers
  // with the deepest search that finished (`"exact": false` short of the
  // end, `"budget_spent": true` when the time ran out).
  std::chrono::milliseconds budget{1000};
  // The answer to GET /api/v1/book: the native server verifies the book it
  // holds (tools/scarney/serve/book.h), the WebAssembly module is given the
  // site's book.json. None: 404.
  std::function<Response()> book;
  // High-Low placements: a checked proof's positions answered as proved
  // (placement/proven_top.h); the native server gives the committed one.
  const ProofLookup* proof = nullptr;
};

class Service {
 public:
  explicit Service(ServiceOptions options = {}) : options_(std::move(options)) {}

  // A request to a path under /api/ (anything else: 404), decoded once: a
  // transport may look at the call (Call::slow) before it is answered, on
  // another thread.
  static Call decode(const Request& r);
  // Thread-safe: each calling thread keeps its own warm solvers.
  Response answer(Call& call) const;
  Response answer(const Request& r) const;

 private:
  ServiceOptions options_;
};

bool is_api_path(const std::string& path);

// Every answer's JSON: the API version first, then the answer's fields.
Response json_answer(int status, const Json& fields);
// An error as every API error words it: {"api": 1, "error": ...}.
Response error_answer(int status, const std::string& message);

}  // namespace scarney::service
