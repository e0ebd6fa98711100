// Where a request ends (serve/http_framing.h): a length, chunks, nothing;
// what is refused before a worker sees it, and why.
#include "serve/http_framing.h"

#include <catch2/catch.hpp>
#include <string>

using namespace scarney::serve;
using State = RequestFrame::State;

TEST_CASE("framing: a request without a body ends with its head", "[serve]") {
  const std::string r = "GET /api/v1/book HTTP/1.1\r\nHost: x\r\n\r\nGET / HTTP/1.1\r\n";
  const RequestFrame f = frame_request(r);
  REQUIRE(f.state == State::Complete);
  CHECK(f.method == "GET");
  CHECK(f.target == "/api/v1/book");
  CHECK(f.end == r.find("GET /", 5));  // the pipelined request after it is not taken
  CHECK(f.body.empty());
  // Every prefix of the head is incomplete.
  for (size_t n = 0; n < f.end; ++n)
    CHECK(frame_request(r.substr(0, n)).state == State::Incomplete);
}

TEST_CASE("framing: a Content-Length body", "[serve]") {
  const std::string head = "POST /api/v1/analyse HTTP/1.1\r\nContent-Length: 5\r\n\r\n";
  CHECK(frame_request(head + "abcd").state == State::Incomplete);
  const RequestFrame f = frame_request(head + "abcdeXYZ");
  REQUIRE(f.state == State::Complete);
  CHECK(f.body == "abcde");
  CHECK(f.end == head.size() + 5);
  CHECK(frame_request(head).head_complete);
}

TEST_CASE("framing: a chunked body is decoded, trailers and extensions too", "[serve]") {
  const std::string head = "POST /x HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n";
  const std::string body = "5;ext=1\r\nhello\r\nB\r\n 0123456789\r\n0\r\n";
  for (size_t n = 0; n < body.size() + 2; ++n)
    CHECK(frame_request(head + (body + "\r\n").substr(0, n)).state == State::Incomplete);
  const RequestFrame f = frame_request(head + body + "\r\nNEXT");
  REQUIRE(f.state == State::Complete);
  CHECK(f.body == "hello 0123456789");
  CHECK(f.end == head.size() + body.size() + 2);
  const RequestFrame t = frame_request(head + body + "Trailer: 1\r\n\r\n");
  REQUIRE(t.state == State::Complete);
  CHECK(t.end == head.size() + body.size() + 14);
}

TEST_CASE("framing: too large is refused before the body arrives", "[serve]") {
  const RequestFrame big =
      frame_request("POST /x HTTP/1.1\r\nContent-Length: 10000000\r\n\r\n", FrameLimits{});
  CHECK(big.state == State::Refused);
  CHECK(big.status == 413);
  CHECK(big.reason == "the body is larger than 64 KiB");
  const RequestFrame huge = frame_request(
      "POST /x HTTP/1.1\r\nContent-Length: 99999999999999999999999\r\n\r\n", FrameLimits{});
  CHECK(huge.status == 413);
  const RequestFrame chunks = frame_request(
      "POST /x HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n10001\r\n", FrameLimits{});
  CHECK(chunks.status == 413);
  const RequestFrame head = frame_request("GET / HTTP/1.1\r\nX: " + std::string(9000, 'a'));
  CHECK(head.status == 431);
  CHECK(head.reason == "the request's head is larger than 8 KiB");
}

TEST_CASE("framing: ambiguous framing is refused", "[serve]") {
  const auto status = [](const std::string& head) {
    const RequestFrame f = frame_request(head + "\r\n");
    return f.state == State::Refused ? f.status : 0;
  };
  CHECK(status("POST /x HTTP/1.1\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n") == 400);
  CHECK(status("POST /x HTTP/1.1\r\nContent-Length: 3\r\nContent-Length: 4\r\n") == 400);
  CHECK(status("POST /x HTTP/1.1\r\nContent-Length: 3\r\nContent-Length: 3\r\n") == 0);
  CHECK(status("POST /x HTTP/1.1\r\nContent-Length: -3\r\n") == 400);
  CHECK(status("POST /x HTTP/1.1\r\nContent-Length: 0x10\r\n") == 400);
  CHECK(status("POST /x HTTP/1.1\r\nTransfer-Encoding: gzip\r\n") == 501);
  CHECK(status("POST /x HTTP/1.1\r\nno colon here\r\n") == 400);
  CHECK(status("HELLO\r\n") == 400);
  CHECK(status("GET / SPDY/3\r\n") == 400);
  const RequestFrame bad =
      frame_request("POST /x HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", FrameLimits{});
  CHECK(bad.status == 400);
  CHECK(bad.reason == "a bad chunk size");
}

TEST_CASE("framing: Expect: 100-continue is found, with its line", "[serve]") {
  const std::string r =
      "POST /x HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n";
  const RequestFrame f = frame_request(r);
  CHECK(f.state == State::Incomplete);
  CHECK(f.head_complete);
  CHECK(f.expects_continue);
  CHECK(r.substr(f.expect_begin, f.expect_end - f.expect_begin) == "Expect: 100-continue\r\n");
}
