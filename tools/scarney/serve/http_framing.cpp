#include "serve/http_framing.h"

#include <algorithm>
#include <cctype>
#include <optional>

namespace scarney::serve {
namespace {

using State = RequestFrame::State;

RequestFrame refused(int status, std::string reason) {
  RequestFrame f;
  f.state = State::Refused;
  f.status = status;
  f.reason = std::move(reason);
  return f;
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// What the head says about the body.
struct Head {
  std::optional<size_t> length;
  bool chunked = false;
};

// A Content-Length value: digits only, at most the limit plus one (more is
// refused as too large, whatever its size).
std::optional<size_t> length_value(std::string_view v, size_t limit) {
  if (v.empty() || v.size() > 19) return v.empty() ? std::nullopt : std::optional(limit + 1);
  size_t n = 0;
  for (char c : v) {
    if (c < '0' || c > '9') return std::nullopt;
    n = n * 10 + static_cast<size_t>(c - '0');
  }
  return std::min(n, limit + 1);
}

// One header field line; false with `f` refused when it breaks framing.
bool read_field(std::string_view line, size_t at, const FrameLimits& limits, Head& head,
                RequestFrame& f) {
  const size_t colon = line.find(':');
  if (colon == std::string_view::npos || colon == 0) {
    f = refused(400, "a header line without a name and a colon");
    return false;
  }
  const std::string name = lower(line.substr(0, colon));
  const std::string_view value = trim(line.substr(colon + 1));
  if (name == "content-length") {
    const auto n = length_value(value, limits.body_bytes);
    if (!n || (head.length && *head.length != *n)) {
      f = refused(400, "Content-Length: expected one whole number of bytes");
      return false;
    }
    head.length = n;
  } else if (name == "transfer-encoding") {
    if (lower(value) != "chunked") {
      f = refused(501, "Transfer-Encoding: only chunked is understood");
      return false;
    }
    head.chunked = true;
  } else if (name == "expect" && lower(value) == "100-continue") {
    f.expects_continue = true;
    f.expect_begin = at;
    f.expect_end = at + line.size() + 2;
  }
  return true;
}

// The request line and the fields; false with `f` refused when they are
// not a request.
bool read_head(std::string_view head_text, const FrameLimits& limits, Head& head, RequestFrame& f) {
  size_t line_end = head_text.find("\r\n");
  const std::string_view request_line = head_text.substr(0, line_end);
  const size_t sp1 = request_line.find(' ');
  const size_t sp2 = request_line.rfind(' ');
  if (sp1 == std::string_view::npos || sp2 == sp1 || request_line.substr(sp2 + 1, 7) != "HTTP/1.") {
    f = refused(400, "expected a request line: METHOD /path HTTP/1.1");
    return false;
  }
  f.method = std::string(request_line.substr(0, sp1));
  f.target = std::string(request_line.substr(sp1 + 1, sp2 - sp1 - 1));
  while (line_end + 2 < head_text.size()) {
    const size_t at = line_end + 2;
    line_end = head_text.find("\r\n", at);
    if (!read_field(head_text.substr(at, line_end - at), at, limits, head, f)) return false;
  }
  if (head.chunked && head.length) {
    f = refused(400, "both Content-Length and Transfer-Encoding: send one");
    return false;
  }
  return true;
}

// A chunked body from `at`: Complete with the decoded body, Incomplete, or
// refused.
void read_chunks(std::string_view bytes, size_t at, const FrameLimits& limits, RequestFrame& f) {
  for (;;) {
    const size_t eol = bytes.find("\r\n", at);
    if (eol == std::string_view::npos) {
      if (bytes.size() - at > 64) f = refused(400, "a chunk size line longer than 64 bytes");
      return;
    }
    std::string_view size_text = bytes.substr(at, eol - at);
    size_text = size_text.substr(0, size_text.find(';'));  // chunk extensions are ignored
    size_text = trim(size_text);
    size_t size = 0;
    if (size_text.empty() || size_text.size() > 8)
      return void(f = refused(400, "a bad chunk size"));
    for (char c : size_text) {
      if (!std::isxdigit(static_cast<unsigned char>(c)))
        return void(f = refused(400, "a bad chunk size"));
      size = size * 16 +
             static_cast<size_t>(std::isdigit(static_cast<unsigned char>(c))
                                     ? c - '0'
                                     : std::tolower(static_cast<unsigned char>(c)) - 'a' + 10);
    }
    if (f.body.size() + size > limits.body_bytes)
      return void(f = refused(413, "the body is larger than " +
                                       std::to_string(limits.body_bytes / 1024) + " KiB"));
    at = eol + 2;
    if (size == 0) {
      // Trailer fields, then an empty line.
      const size_t end =
          at + 2 <= bytes.size() && bytes.substr(at, 2) == "\r\n" ? at : bytes.find("\r\n\r\n", at);
      if (end == std::string_view::npos) return;
      f.end = end + 2 + (end == at ? 0 : 2);
      f.state = State::Complete;
      return;
    }
    if (bytes.size() < at + size + 2) return;
    if (bytes.substr(at + size, 2) != "\r\n")
      return void(f = refused(400, "a chunk without its CRLF"));
    f.body.append(bytes.substr(at, size));
    at += size + 2;
  }
}

}  // namespace

RequestFrame frame_request(std::string_view bytes, const FrameLimits& limits) {
  RequestFrame f;
  const size_t head_end = bytes.find("\r\n\r\n");
  if (head_end == std::string_view::npos || head_end + 4 > limits.head_bytes) {
    if (std::min(bytes.size(), head_end) + 4 > limits.head_bytes)
      return refused(431, "the request's head is larger than " +
                              std::to_string(limits.head_bytes / 1024) + " KiB");
    return f;
  }
  Head head;
  if (!read_head(bytes.substr(0, head_end + 2), limits, head, f)) return f;
  f.head_complete = true;
  const size_t body_at = head_end + 4;
  if (head.chunked) {
    read_chunks(bytes, body_at, limits, f);
    return f;
  }
  const size_t length = head.length.value_or(0);
  if (length > limits.body_bytes)
    return refused(413,
                   "the body is larger than " + std::to_string(limits.body_bytes / 1024) + " KiB");
  if (bytes.size() < body_at + length) return f;
  f.body = std::string(bytes.substr(body_at, length));
  f.end = body_at + length;
  f.state = State::Complete;
  return f;
}

}  // namespace scarney::serve
