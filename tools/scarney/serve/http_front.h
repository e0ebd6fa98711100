// The server's front: one event loop accepts connections and reads each
// request whole (http_framing.h) before a worker sees it, then hands it to
// one of two bounded worker pools (work_pool.h), quick or slow as the
// classifier says.
//
//   clients ──► event loop (poll) ──► quick pool ──► handler ──┐
//                │  deadlines,        slow pool  ──► handler ──┤
//                │  408/413/431/503                            │
//                ◄──────────── kept-alive connections ◄────────┘
//
// So a slow client holds a connection, never a worker: its request must
// arrive whole within a deadline (408 otherwise), a body declared too large
// is refused before it is read (413), a head too large gets 431, and when
// the slow queue is full a slow request gets 503 at once. The handler (the
// HTTP layer, http_layer.h) reads the request from memory and writes the
// answer to the socket within a write deadline.
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <string_view>

#include "serve/http_framing.h"

namespace scarney::serve {

struct FrontOptions {
  int quick_workers = 4;
  int slow_workers = 2;  // the cores: each slow request uses one fully
  size_t quick_queue = 256;
  size_t slow_queue = 64;
  // A request that waited this long in a queue gets 503 instead: a burst
  // of quick placement positions is served, a long queue is not kept.
  std::chrono::milliseconds queue_wait{10000};
  std::chrono::milliseconds request_deadline{10000};  // a request's head and body, whole
  std::chrono::milliseconds idle{5000};  // a kept-alive connection waiting for its next request
  std::chrono::milliseconds write_deadline{10000};  // an answer, whole
  size_t max_connections = 1000;
  FrameLimits limits;
};

// One whole request as a worker sees it.
struct Exchange {
  int fd = -1;               // the connection, to write the answer to
  std::string_view request;  // its bytes for the HTTP layer (no Expect field)
  const RequestFrame* frame = nullptr;
  std::chrono::steady_clock::time_point write_by;  // the answer's deadline
};

// True: keep the connection open for the next request.
using ExchangeHandler = std::function<bool(const Exchange&)>;
// True: slow work (the slow pool).
using RequestClassifier = std::function<bool(const RequestFrame&)>;

// Writes all of `bytes` to a non-blocking socket by `by`; false when it
// cannot (the peer went, or the deadline passed).
bool write_all(int fd, std::string_view bytes, std::chrono::steady_clock::time_point by);

class HttpFront {
 public:
  // Serves on `listening` (a bound, listening socket; not owned).
  HttpFront(int listening, FrontOptions options, RequestClassifier slow, ExchangeHandler handler);
  ~HttpFront();
  HttpFront(const HttpFront&) = delete;
  HttpFront& operator=(const HttpFront&) = delete;

  // Until stop(); then finishes the requests in hand and closes every
  // connection.
  void run();
  // From any thread or a signal handler.
  void stop();

 private:
  struct Loop;
  std::unique_ptr<Loop> loop_;
};

}  // namespace scarney::serve
