// A small HTTP/1.1 client for the serve tests, on Boost.Beast (the server's
// own library, from the client's side): Get, Post, Put, Head over
// 127.0.0.1. Each request opens its own connection and asks to close it,
// unless set_keep_alive(true) keeps one open for the next. A request that
// gets no answer (refused, reset, timed out) is an empty optional.
#pragma once

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/http/write.hpp>
#include <catch2/catch.hpp>
#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace scarney::test {

struct HttpReply {
  int status = 0;
  std::string body;
  boost::beast::http::fields headers;

  std::string get_header_value(const std::string& name) const {
    const auto it = headers.find(name);
    return it == headers.end() ? "" : std::string(it->value());
  }
  size_t get_header_value_count(const std::string& name) const { return headers.count(name); }
};

using HttpResult = std::optional<HttpReply>;
// Header fields a request adds (Range, Content-Encoding, ...).
using HttpFields = std::vector<std::pair<std::string, std::string>>;

class HttpClient {
 public:
  HttpClient(std::string host, int port) : host_(std::move(host)), port_(port) {}

  void set_keep_alive(bool keep) { keep_alive_ = keep; }
  void set_tcp_nodelay(bool on) { nodelay_ = on; }
  void set_read_timeout(int seconds) { timeout_ = std::chrono::seconds(seconds); }

  HttpResult Get(const std::string& target, const HttpFields& fields = {}) {
    return send(Verb::get, target, "", "", fields);
  }
  HttpResult Head(const std::string& target) { return send(Verb::head, target, "", ""); }
  HttpResult Post(const std::string& target, const std::string& body, const std::string& type,
                  const HttpFields& fields = {}) {
    return send(Verb::post, target, body, type, fields);
  }
  HttpResult Put(const std::string& target, const std::string& body, const std::string& type) {
    return send(Verb::put, target, body, type);
  }

 private:
  using Verb = boost::beast::http::verb;
  using tcp = boost::asio::ip::tcp;

  HttpResult send(Verb method, const std::string& target, const std::string& body,
                  const std::string& type, const HttpFields& fields = {}) {
    namespace http = boost::beast::http;
    http::request<http::string_body> req{method, target, 11};
    req.set(http::field::host, host_);
    if (!type.empty()) req.set(http::field::content_type, type);
    for (const auto& [name, value] : fields) req.set(name, value);
    req.keep_alive(keep_alive_);
    req.body() = body;
    if (method != Verb::get && method != Verb::head) req.prepare_payload();
    // A kept connection the server has closed meanwhile: once more, anew.
    for (int attempt = 0; attempt < 2; ++attempt) {
      const bool reused = stream_ != nullptr;
      boost::system::error_code ec;
      if (!stream_) ec = connect();
      http::response_parser<http::string_body> parser;
      parser.body_limit(64 * 1024 * 1024);
      if (method == Verb::head) parser.skip(true);
      if (!ec) {
        stream_->expires_after(timeout_);
        http::async_write(*stream_, req, [&](boost::system::error_code e, size_t) { ec = e; });
        run();
      }
      if (!ec) {
        http::async_read(*stream_, buffer_, parser,
                         [&](boost::system::error_code e, size_t) { ec = e; });
        run();
      }
      if (ec) {
        stream_.reset();
        if (!reused) return std::nullopt;
        continue;
      }
      const auto res = parser.release();
      HttpReply reply{static_cast<int>(res.result_int()), res.body(), res.base()};
      if (!keep_alive_ || !res.keep_alive()) stream_.reset();
      return reply;
    }
    return std::nullopt;
  }

  // The operations started, to their end (async: the stream's timeout
  // applies to asynchronous operations only).
  void run() {
    io_.restart();
    io_.run();
  }

  boost::system::error_code connect() {
    stream_ = std::make_unique<boost::beast::tcp_stream>(io_);
    buffer_.clear();
    boost::system::error_code ec;
    stream_->expires_after(timeout_);
    stream_->async_connect(
        tcp::endpoint(boost::asio::ip::make_address(host_), static_cast<unsigned short>(port_)),
        [&](boost::system::error_code e) { ec = e; });
    run();
    if (!ec && nodelay_) stream_->socket().set_option(tcp::no_delay(true), ec);
    return ec;
  }

  std::string host_;
  int port_;
  bool keep_alive_ = false;
  bool nodelay_ = false;
  std::chrono::seconds timeout_{60};
  boost::asio::io_context io_;
  std::unique_ptr<boost::beast::tcp_stream> stream_;
  boost::beast::flat_buffer buffer_;
};

inline HttpClient client(int port) { return HttpClient("127.0.0.1", port); }

inline double seconds_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

// Three quick analyses in a row on one connection, each answered within
// half a second: what the slow searches in flight must never delay.
inline void check_quick_answers(int port, const std::string& quick_position) {
  auto c = client(port);
  for (int i = 0; i < 3; ++i) {
    const auto t = std::chrono::steady_clock::now();
    const auto r = c.Post("/api/v1/analyse", quick_position, "text/plain");
    REQUIRE(r);
    CHECK(r->status == 200);
    CHECK(seconds_since(t) < 0.5);
  }
}

}  // namespace scarney::test
