// One HTTP message in, one out, between Boost.Beast and the API (api.h):
//
//   Beast's parsed request ──► refuse_head() ──► 415 / 501, before the body
//                         └──► decode() ──► serve::Request, decoded once
//                                             into Api::Decoded: its
//                                             Call::slow() picks the pool,
//                                             Api::handle() answers it
//   serve::Response + extras (Answer) ──► encode() ──► Beast's response
//
// decode() is the only place a request's target is read: the method as
// sent, the path percent-decoded, the query split and decoded ('+' is a
// space there), the body as received. So the pool a request is sent to
// and the answer it gets are decided on the same Request. encode() adds
// the security headers to every answer and drops the body of a HEAD.
#pragma once

#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "serve/api.h"

namespace scarney::serve {

using HttpRequest = boost::beast::http::request<boost::beast::http::string_body>;
using HttpResponse = boost::beast::http::response<boost::beast::http::string_body>;

// An answer as the server sends it: the API's Response, the fields the
// HTTP layer adds (Retry-After, Accept-Encoding), and whether the
// connection closes after it.
struct Answer {
  Response response;
  std::vector<std::pair<std::string, std::string>> fields;
  bool close = false;
};

// "%61" is "a"; a '%' not followed by two hex digits stays as it is.
std::string percent_decode(std::string_view text, bool plus_is_space);

Request decode(const HttpRequest& message);

// A request refused on its head alone, before its body is read: a coded
// body (Content-Encoding other than identity: 415; nothing is inflated), a
// transfer coding other than chunked (501).
std::optional<Answer> refuse_head(const HttpRequest& head, bool chunked);

// An error of the HTTP layer, worded as the API words its errors; the
// connection closes after it (503 says when to try again).
Answer error_answer(int status, const std::string& message);

HttpResponse encode(const Answer& answer, bool head, bool keep_alive);

}  // namespace scarney::serve
