#include "serve/http_message.h"

#include <boost/beast/core/string.hpp>
#include <boost/beast/http/field.hpp>
#include <boost/beast/http/status.hpp>

namespace scarney::serve {
namespace http = boost::beast::http;

namespace {

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// The comma-separated tokens of a field's values, trimmed, in order.
std::vector<std::string> tokens(const HttpRequest& m, http::field f) {
  std::vector<std::string> out;
  const auto [begin, end] = m.equal_range(f);
  for (auto it = begin; it != end; ++it) {
    const std::string_view value(it->value().data(), it->value().size());
    size_t at = 0;
    while (at <= value.size()) {
      size_t comma = value.find(',', at);
      if (comma == std::string_view::npos) comma = value.size();
      std::string_view t = value.substr(at, comma - at);
      while (!t.empty() && (t.front() == ' ' || t.front() == '\t')) t.remove_prefix(1);
      while (!t.empty() && (t.back() == ' ' || t.back() == '\t')) t.remove_suffix(1);
      if (!t.empty()) out.emplace_back(t);
      at = comma + 1;
    }
  }
  return out;
}

}  // namespace

std::string percent_decode(std::string_view text, bool plus_is_space) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '%' && i + 2 < text.size() && hex_digit(text[i + 1]) >= 0 &&
        hex_digit(text[i + 2]) >= 0) {
      out += static_cast<char>(hex_digit(text[i + 1]) * 16 + hex_digit(text[i + 2]));
      i += 2;
    } else {
      out += plus_is_space && c == '+' ? ' ' : c;
    }
  }
  return out;
}

Request decode(const HttpRequest& message) {
  Request r;
  r.method = std::string(message.method_string());
  const std::string_view target(message.target().data(), message.target().size());
  const size_t q = target.find('?');
  r.path = percent_decode(target.substr(0, q), false);
  if (q != std::string_view::npos) {
    std::string_view query = target.substr(q + 1);
    while (!query.empty()) {
      const size_t amp = query.find('&');
      const std::string_view pair = query.substr(0, amp);
      const size_t eq = pair.find('=');
      std::string key = percent_decode(pair.substr(0, eq), true);
      // The first of a repeated key counts.
      if (!key.empty())
        r.query.emplace(std::move(key), eq == std::string_view::npos
                                            ? ""
                                            : percent_decode(pair.substr(eq + 1), true));
      query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
    }
  }
  r.body = message.body();
  return r;
}

std::optional<Answer> refuse_head(const HttpRequest& head, bool chunked) {
  for (const std::string& coding : tokens(head, http::field::content_encoding)) {
    if (boost::beast::iequals(coding, "identity")) continue;
    Answer a = error_answer(415, "a body with Content-Encoding '" + coding +
                                     "' is not accepted: send it uncoded (identity)");
    a.fields.emplace_back("Accept-Encoding", "identity");
    return a;
  }
  const auto te = tokens(head, http::field::transfer_encoding);
  const bool only_chunked = te.size() == 1 && chunked;
  if (!te.empty() && !only_chunked)
    return error_answer(501, "no transfer coding but chunked is implemented");
  return std::nullopt;
}

Answer error_answer(int status, const std::string& message) {
  Answer a;
  a.response = service::error_answer(status, message);
  a.close = true;
  if (status == 503) a.fields.emplace_back("Retry-After", "2");
  return a;
}

HttpResponse encode(const Answer& answer, bool head, bool keep_alive) {
  const Response& r = answer.response;
  HttpResponse out;
  out.version(11);
  out.result(static_cast<unsigned>(r.status));
  for (const auto& [name, value] : security_headers()) out.set(name, value);
  out.set(http::field::content_type, r.content_type);
  if (!r.allow.empty()) out.set(http::field::allow, r.allow);
  for (const auto& [name, value] : answer.fields) out.set(name, value);
  out.keep_alive(keep_alive && !answer.close);
  // HEAD: GET's head, its Content-Length included, without the body.
  if (head) {
    out.content_length(r.body.size());
  } else {
    out.body() = r.body;
    out.prepare_payload();
  }
  return out;
}

}  // namespace scarney::serve
