#include "serve/http_layer.h"

#include <arpa/inet.h>
#include <httplib.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <algorithm>
#include <cstring>
#include <string>

namespace scarney::serve {
namespace {

// A request already read whole, and the connection to answer on.
class MemoryStream : public httplib::Stream {
 public:
  explicit MemoryStream(const Exchange& x) : x_(x), left_(x.request) {}

  bool is_readable() const override { return !left_.empty(); }
  bool is_writable() const override { return true; }
  ssize_t read(char* ptr, size_t size) override {
    const size_t n = std::min(size, left_.size());
    std::memcpy(ptr, left_.data(), n);
    left_.remove_prefix(n);
    return static_cast<ssize_t>(n);
  }
  ssize_t write(const char* ptr, size_t size) override {
    return write_all(x_.fd, std::string_view(ptr, size), x_.write_by) ? static_cast<ssize_t>(size)
                                                                      : -1;
  }
  void get_remote_ip_and_port(std::string& ip, int& port) const override {
    address(::getpeername, ip, port);
  }
  void get_local_ip_and_port(std::string& ip, int& port) const override {
    address(::getsockname, ip, port);
  }
  socket_t socket() const override { return x_.fd; }

 private:
  void address(int (*get)(int, sockaddr*, socklen_t*), std::string& ip, int& port) const {
    sockaddr_storage a{};
    socklen_t len = sizeof a;
    ip.clear();
    port = 0;
    if (get(x_.fd, reinterpret_cast<sockaddr*>(&a), &len) != 0) return;
    char text[INET6_ADDRSTRLEN] = {0};
    if (a.ss_family == AF_INET) {
      const auto* v4 = reinterpret_cast<const sockaddr_in*>(&a);
      ::inet_ntop(AF_INET, &v4->sin_addr, text, sizeof text);
      port = ntohs(v4->sin_port);
    } else if (a.ss_family == AF_INET6) {
      const auto* v6 = reinterpret_cast<const sockaddr_in6*>(&a);
      ::inet_ntop(AF_INET6, &v6->sin6_addr, text, sizeof text);
      port = ntohs(v6->sin6_port);
    }
    ip = text;
  }

  const Exchange& x_;
  std::string_view left_;
};

void add_security_headers(httplib::Response& res) {
  for (const auto& [name, value] : security_headers())
    if (!res.has_header(name.c_str())) res.set_header(name, value);
}

// An error of the HTTP layer itself (a request it cannot parse), as the
// API words its errors.
std::string layer_error(const httplib::Request& req, int status) {
  if (status == 413 &&
      req.get_header_value("Content-Type").rfind("application/x-www-form-urlencoded", 0) == 0)
    return "a form-encoded body is limited to 8 KiB: send the position or the JSON as text/plain "
           "or application/json (up to 64 KiB)";
  if (status == 413) return "the body is larger than 64 KiB";
  if (status == 400) return "not an HTTP request this server understands";
  return "HTTP error " + std::to_string(status);
}

}  // namespace

// cpp-httplib's server, used for its request parsing and answer writing
// only: the front owns the sockets.
class HttpLayer::Router : public httplib::Server {
 public:
  using httplib::Server::process_request;
};

HttpLayer::HttpLayer(const Api& api) : router_(std::make_unique<Router>()) {
  Router& r = *router_;
  r.set_payload_max_length(kMaxBodyBytes);
  r.set_keep_alive_max_count(100);
  r.set_keep_alive_timeout(5);
  const auto handler = [&api](const httplib::Request& req, httplib::Response& res) {
    Request q;
    q.method = req.method;
    q.path = req.path;
    for (const auto& [k, v] : req.params) q.query.emplace(k, v);
    q.body = req.body;
    const Response out = api.handle(q);
    res.status = out.status;
    if (!out.allow.empty()) res.set_header("Allow", out.allow);
    add_security_headers(res);
    res.set_content(out.body, out.content_type);
  };
  // Every method reaches the API, which answers 405 for the wrong one
  // (HEAD reaches the GET handler).
  r.Get(".*", handler);
  r.Post(".*", handler);
  r.Put(".*", handler);
  r.Delete(".*", handler);
  r.Patch(".*", handler);
  r.Options(".*", handler);
  r.set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr) {
    res.status = 500;
    add_security_headers(res);
    res.set_content(error_body("internal error"), "application/json");
  });
  r.set_error_handler([](const httplib::Request& req, httplib::Response& res) {
    add_security_headers(res);
    if (!res.body.empty()) return;
    res.set_content(error_body(layer_error(req, res.status)), "application/json");
  });
}

HttpLayer::~HttpLayer() = default;

bool HttpLayer::exchange(const Exchange& x) const {
  MemoryStream stream(x);
  bool closed = false;
  const bool written = router_->process_request(stream, false, closed, nullptr);
  return written && !closed;
}

}  // namespace scarney::serve
