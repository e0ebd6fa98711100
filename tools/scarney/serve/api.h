// What `scarney serve` answers, without the HTTP layer: the API from the
// service layer (solver/service/service.h), the page's files compiled into
// the binary, and the book verified here (book.h). A request (method,
// path, query, body) in, a status and a body out, testable without a
// socket. Every API answer is JSON naming the API version (`"api": 1`).
// See docs/api.md.
#pragma once

#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "placement/proven_top.h"
#include "search/oracle.h"
#include "service/service.h"

namespace scarney::serve {

using service::kApiVersion;
using service::kMaxBodyBytes;
using service::Request;
using service::Response;

struct ApiOptions {
  const Oracle* oracle = nullptr;                // endgame tables (`--tb`), shared read-only
  std::chrono::milliseconds budget{1000};        // a placement search's (service.h)
  const ProofLookup* proof = committed_proof();  // High-Low's proved positions
};

class Api {
 public:
  explicit Api(ApiOptions options = {});

  // A request as the server holds it between its event loop and a worker:
  // an API request decoded once (service::Call), or a path of the page.
  struct Decoded {
    Request request;
    std::optional<service::Call> call;  // none: one of the page's files
    // Whether answering takes a search with a time budget.
    bool slow() const { return call && call->slow(); }
  };
  static Decoded decode(Request r);

  // Any request: the API, the page's files, 404 and 405. Thread-safe.
  Response handle(const Request& r) const;
  Response handle(Decoded& d) const;

  // GET /api/v1/book's answer: the book's positions, verified once.
  static Response book();

 private:
  service::Service service_;
};

// The headers every answer carries, errors included.
const std::vector<std::pair<std::string, std::string>>& security_headers();

// The page's files compiled into the binary (web/...), and the book's
// position files (book/..., examples/...): path and contents.
struct EmbeddedFile {
  const char* path;
  const unsigned char* data;
  size_t size;
};
const EmbeddedFile* embedded_files();  // ends with {nullptr, nullptr, 0}

}  // namespace scarney::serve
