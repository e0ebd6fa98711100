// `scarney serve`'s HTTP server: Boost.Beast on one Boost.Asio event loop,
// and two bounded worker pools (work_pool.h) for the API (api.h).
//
//   clients ──► event loop (one thread: every socket, every timer)
//                │ accept (max connections, else 503)
//                │ read the head: Beast's request_parser, head ≤ 8 KiB (431),
//                │   Content-Length ≤ 64 KiB (413 before the body is sent),
//                │   Content-Encoding (415), transfer coding (501)
//                │ read the body; head and body within the deadline (408)
//                │ decode once (http_message.h, Api::decode) ──► Call::slow()?
//                │      ├─ no ─► quick pool (4) ─┐  Api::handle(decoded)
//                │      └─ yes ► slow pool (cores)┤  (a queue full: 503 at once;
//                │                                │   waited too long: 503)
//                ◄──── the answer posted back to the connection's strand
//                │ write it within the write deadline, then the next
//                │ request (kept alive, pipelined requests in order)
//
// A worker never touches a socket: a client that sends slowly, or never
// reads its answers, holds a connection and its timers, never a worker.
// Errors of the HTTP layer close the connection after the answer, reading
// (and dropping) what still comes for a moment so the answer is not lost
// to a reset. SIGINT and SIGTERM stop it: no new connection, idle ones
// close, the requests in hand are answered, then run() returns.
#pragma once

#include <chrono>
#include <cstddef>
#include <memory>

#include "serve/api.h"

namespace scarney::serve {

struct ServerOptions {
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
  std::chrono::milliseconds linger{2000};           // reading after an error answer
  size_t max_connections = 1000;
  size_t head_bytes = 8 * 1024;  // request line and header fields
};

class ServerState;

class HttpServer {
 public:
  // Serves on `listening`, a bound and listening socket it takes over.
  HttpServer(int listening, ServerOptions options, const Api& api);
  ~HttpServer();
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  // Until SIGINT, SIGTERM or stop(); then finishes the requests in hand
  // and closes every connection.
  void run();
  // From any thread (not a signal handler: run() catches the signals).
  void stop();

 private:
  std::unique_ptr<ServerState> state_;
};

}  // namespace scarney::serve
