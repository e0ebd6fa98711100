// Where one HTTP/1.1 request ends in the bytes a connection has sent so
// far (RFC 9112 §6), decided before any of it reaches a worker: the server
// reads every request whole on its one event loop (http_front.h), so a
// client sending a byte a second holds no worker, and a body declared too
// large is refused at once, not after it has trickled in.
//
// Only framing is decided here: the request line is split for its method
// and target, the head is searched for Content-Length, Transfer-Encoding and
// Expect; everything else is the HTTP layer's. A request whose framing is
// ambiguous (both a length and chunked, two different lengths, a transfer
// coding other than chunked) is refused, so no two parsers can disagree
// about where it ends.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace scarney::serve {

struct FrameLimits {
  size_t head_bytes = 8 * 1024;  // request line and header fields
  size_t body_bytes = 64 * 1024;
};

struct RequestFrame {
  enum class State { Incomplete, Complete, Refused };
  State state = State::Incomplete;
  // The head is in (Incomplete: the body is still coming).
  bool head_complete = false;
  bool expects_continue = false;  // "Expect: 100-continue"
  // The "Expect" field line, [expect_begin, expect_end) (both 0 when none):
  // the server answers 100 Continue itself and hides the field from the
  // HTTP layer, which would answer it a second time.
  size_t expect_begin = 0, expect_end = 0;
  size_t end = 0;  // Complete: the request's bytes, head and body as sent
  std::string method, target;
  std::string body;  // Complete: decoded (de-chunked)
  int status = 0;    // Refused: the status to answer with, and why
  std::string reason;
};

RequestFrame frame_request(std::string_view bytes, const FrameLimits& limits = {});

}  // namespace scarney::serve
