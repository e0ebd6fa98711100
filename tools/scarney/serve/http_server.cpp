#include "serve/http_server.h"

#include <sys/socket.h>

#include <array>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/string.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/error.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/write.hpp>
#include <csignal>
#include <cstdio>
#include <optional>
#include <unordered_map>
#include <vector>

#include "serve/http_message.h"
#include "serve/work_pool.h"

namespace scarney::serve {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;
using Clock = std::chrono::steady_clock;

namespace {

constexpr size_t kReadBytes = 16 * 1024;     // a read of an idle connection
constexpr size_t kBufferBytes = 128 * 1024;  // bytes read and not yet parsed
constexpr std::string_view kContinue = "HTTP/1.1 100 Continue\r\n\r\n";

// "3", "0.5": the deadline as the 408 words it.
std::string seconds_text(std::chrono::milliseconds d) {
  if (d.count() % 1000 == 0) return std::to_string(d.count() / 1000);
  char text[32];
  std::snprintf(text, sizeof text, "%g", static_cast<double>(d.count()) / 1000);
  return text;
}

}  // namespace

class Session;

// What the connections share. Everything but the pools and the constant
// parts (options, api) is touched on the event loop only.
class ServerState {
 public:
  ServerState(int listening, ServerOptions o, const Api& a);
  void run();
  void shut();              // no new connections; the idle ones close
  void forget(Session* s);  // a connection closed
  // On a worker: the answer to a request that was queued at `queued`.
  Answer work(Api::Decoded& request, Clock::time_point queued) const;

  asio::io_context io{1};
  const ServerOptions options;
  const Api& api;
  bool stopping = false;
  WorkPool quick, slow;  // declared after io: joined before it goes

 private:
  void accept();

  tcp::acceptor acceptor_;
  asio::signal_set signals_;
  asio::steady_timer retry_;
  std::optional<asio::executor_work_guard<asio::io_context::executor_type>> guard_;
  std::unordered_map<Session*, std::weak_ptr<Session>> sessions_;
};

// One connection, from accept to close; its handlers run on its strand.
class Session : public std::enable_shared_from_this<Session> {
 public:
  Session(tcp::socket socket, ServerState& server)
      : server_(server),
        stream_(std::move(socket)),
        executor_(stream_.get_executor()),
        buffer_(kBufferBytes),
        deadline_(executor_) {}

  void start() { wait_for_request(); }
  void stop_if_idle();
  // An error of the HTTP layer: the answer, then the connection closes.
  void refuse(const Answer& a);

 private:
  enum class State { Idle, Reading, Working, Writing, Closing, Closed };
  enum class After { Next, Close, Linger };

  void wait_for_request();
  void read_head();
  void on_head(beast::error_code ec);
  void read_body();
  void on_body(beast::error_code ec);
  void read_failed(beast::error_code ec);
  void dispatch(Request request, bool head, bool keep_alive);
  void answer(const Answer& a, bool head, bool keep_alive);
  void write(HttpResponse response, After after);
  void linger();
  void drain();
  void close();

  ServerState& server_;
  beast::tcp_stream stream_;
  const asio::any_io_executor executor_;  // the strand
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  asio::steady_timer deadline_;  // the request's, head and body
  bool timed_out_ = false;
  HttpResponse out_;
  std::array<char, 4096> drained_{};
  State state_ = State::Idle;
};

// ---- a connection -----------------------------------------------------------

void Session::wait_for_request() {
  state_ = State::Idle;
  if (server_.stopping) return close();
  if (buffer_.size() > 0) return read_head();  // pipelined: already here
  // The deadline runs from the request's first byte; until then the idle
  // timeout, and a quiet close when it passes.
  stream_.expires_after(server_.options.idle);
  stream_.async_read_some(buffer_.prepare(kReadBytes),
                          [self = shared_from_this()](beast::error_code ec, size_t n) {
                            if (ec) return self->close();
                            self->buffer_.commit(n);
                            self->read_head();
                          });
}

void Session::read_head() {
  if (server_.stopping) return close();
  state_ = State::Reading;
  timed_out_ = false;
  parser_.emplace();
  parser_->header_limit(static_cast<std::uint32_t>(server_.options.head_bytes));
  parser_->body_limit(kMaxBodyBytes);
  stream_.expires_never();
  deadline_.expires_after(server_.options.request_deadline);
  deadline_.async_wait([self = shared_from_this()](beast::error_code ec) {
    if (ec || self->state_ != State::Reading) return;
    self->timed_out_ = true;
    self->stream_.cancel();  // the read ends with an error: then 408
  });
  http::async_read_header(
      stream_, buffer_, *parser_,
      [self = shared_from_this()](beast::error_code ec, size_t) { self->on_head(ec); });
}

void Session::on_head(beast::error_code ec) {
  if (ec) return read_failed(ec);
  if (auto refused = refuse_head(parser_->get(), parser_->chunked())) return refuse(*refused);
  if (parser_->is_done()) return on_body({});
  if (beast::iequals(parser_->get()[http::field::expect], "100-continue")) {
    asio::async_write(stream_, asio::buffer(kContinue.data(), kContinue.size()),
                      [self = shared_from_this()](beast::error_code e, size_t) {
                        if (e) return self->read_failed(e);
                        self->read_body();
                      });
    return;
  }
  read_body();
}

void Session::read_body() {
  http::async_read(
      stream_, buffer_, *parser_,
      [self = shared_from_this()](beast::error_code ec, size_t) { self->on_body(ec); });
}

void Session::on_body(beast::error_code ec) {
  if (ec) return read_failed(ec);
  deadline_.cancel();
  const HttpRequest message = parser_->release();
  parser_.reset();
  dispatch(decode(message), message.method() == http::verb::head, message.keep_alive());
}

// The request did not arrive: Beast's parser refused it, the deadline
// passed, or the peer went.
void Session::read_failed(beast::error_code ec) {
  deadline_.cancel();
  if (timed_out_)
    return refuse(error_answer(408, "the request did not arrive whole within " +
                                        seconds_text(server_.options.request_deadline) + " s"));
  if (server_.stopping) return close();
  if (ec == http::error::end_of_stream || ec == http::error::partial_message) return close();
  if (ec == http::error::header_limit)
    return refuse(error_answer(431, "the request's head is larger than " +
                                        std::to_string(server_.options.head_bytes / 1024) +
                                        " KiB"));
  if (ec == http::error::body_limit)
    return refuse(error_answer(413, "the body is larger than 64 KiB"));
  if (ec.category() == http::make_error_code(http::error::bad_method).category())
    return refuse(error_answer(400, "not an HTTP request this server understands"));
  close();  // a reset, an error of the socket
}

// To a pool; a worker answers, and posts the answer back to this strand.
void Session::dispatch(Request request, bool head, bool keep_alive) {
  state_ = State::Working;
  // Decoded once: the pool is chosen and the answer given on the same call.
  const auto shared = std::make_shared<Api::Decoded>(Api::decode(std::move(request)));
  const bool slow = shared->slow();
  const auto queued = Clock::now();
  auto job = [self = shared_from_this(), shared, queued, head, keep_alive]() mutable {
    const Answer a = self->server_.work(*shared, queued);
    const asio::any_io_executor to = self->executor_;
    // The worker keeps no reference: the session is let go on its strand.
    asio::post(
        to, [self = std::move(self), a, head, keep_alive] { self->answer(a, head, keep_alive); });
  };
  if ((slow ? server_.slow : server_.quick).offer(std::move(job))) return;
  refuse(error_answer(503, slow ? "the server is busy with other searches: try again in a moment"
                                : "the server is busy: try again in a moment"));
}

void Session::answer(const Answer& a, bool head, bool keep_alive) {
  const bool keep = keep_alive && !a.close && !server_.stopping;
  write(encode(a, head, keep), keep ? After::Next : After::Close);
}

void Session::refuse(const Answer& a) {
  deadline_.cancel();
  write(encode(a, false, false), After::Linger);
}

void Session::write(HttpResponse response, After after) {
  state_ = State::Writing;
  out_ = std::move(response);
  // A client that does not read its answers is cut off here, holding no
  // worker: tcp_stream closes the socket when the deadline passes.
  stream_.expires_after(server_.options.write_deadline);
  http::async_write(stream_, out_,
                    [self = shared_from_this(), after](beast::error_code ec, size_t) {
                      if (ec || after == After::Close) return self->close();
                      if (after == After::Linger) return self->linger();
                      self->wait_for_request();
                    });
}

// After an error answer: what the client still sends is read and dropped
// for a moment, so that closing does not reset the answer away.
void Session::linger() {
  state_ = State::Closing;
  beast::error_code ignored;
  stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
  stream_.expires_after(server_.options.linger);
  drain();
}

void Session::drain() {
  stream_.async_read_some(asio::buffer(drained_),
                          [self = shared_from_this()](beast::error_code ec, size_t) {
                            if (ec) return self->close();
                            self->drain();
                          });
}

void Session::close() {
  if (state_ == State::Closed) return;
  state_ = State::Closed;
  deadline_.cancel();
  beast::error_code ignored;
  stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
  stream_.close();
  server_.forget(this);
}

// Stopping: a connection waiting for a request, or reading one, closes;
// one with a request in hand finishes it.
void Session::stop_if_idle() {
  if (state_ == State::Idle || state_ == State::Reading) stream_.cancel();
}

// ---- the server ---------------------------------------------------------------

ServerState::ServerState(int listening, ServerOptions o, const Api& a)
    : options(o),
      api(a),
      quick(o.quick_workers, o.quick_queue),
      slow(o.slow_workers, o.slow_queue),
      acceptor_(io),
      signals_(io, SIGINT, SIGTERM),
      retry_(io) {
  sockaddr_storage bound{};
  socklen_t len = sizeof bound;
  ::getsockname(listening, reinterpret_cast<sockaddr*>(&bound), &len);
  acceptor_.assign(bound.ss_family == AF_INET6 ? tcp::v6() : tcp::v4(), listening);
}

void ServerState::run() {
  guard_.emplace(io.get_executor());
  signals_.async_wait([this](beast::error_code ec, int) {
    if (!ec) shut();
  });
  accept();
  io.run();
}

void ServerState::accept() {
  acceptor_.async_accept(asio::make_strand(io), [this](beast::error_code ec, tcp::socket socket) {
    if (stopping) return;
    if (ec) {  // out of descriptors, say: again in a moment, not in a busy loop
      retry_.expires_after(std::chrono::milliseconds(50));
      retry_.async_wait([this](beast::error_code e) {
        if (!e && !stopping) accept();
      });
      return;
    }
    // An answer is written in pieces (head, body): without this, Nagle's
    // algorithm and the peer's delayed ACK hold the body back 40 ms.
    beast::error_code ignored;
    socket.set_option(tcp::no_delay(true), ignored);
    const auto s = std::make_shared<Session>(std::move(socket), *this);
    sessions_.emplace(s.get(), s);
    if (sessions_.size() > options.max_connections)
      s->refuse(error_answer(503, "too many connections: try again in a moment"));
    else
      s->start();
    accept();
  });
}

void ServerState::shut() {
  if (stopping) return;
  stopping = true;
  beast::error_code ignored;
  acceptor_.close(ignored);
  signals_.clear(ignored);  // a second Ctrl-C ends the process at once
  retry_.cancel();
  std::vector<std::shared_ptr<Session>> live;
  for (const auto& [raw, weak] : sessions_)
    if (auto s = weak.lock()) live.push_back(std::move(s));
  for (const auto& s : live) s->stop_if_idle();
  if (sessions_.empty()) guard_.reset();
}

void ServerState::forget(Session* s) {
  sessions_.erase(s);
  if (stopping && sessions_.empty()) guard_.reset();
}

Answer ServerState::work(Api::Decoded& request, Clock::time_point queued) const {
  if (Clock::now() - queued > options.queue_wait)
    return error_answer(503, "the server is busy with other searches: try again in a moment");
  try {
    return Answer{api.handle(request), {}, false};
  } catch (const std::exception&) {
    Answer a = error_answer(500, "internal error");
    a.close = false;
    return a;
  }
}

HttpServer::HttpServer(int listening, ServerOptions options, const Api& api)
    : state_(std::make_unique<ServerState>(listening, options, api)) {}

HttpServer::~HttpServer() = default;

void HttpServer::run() { state_->run(); }

void HttpServer::stop() {
  asio::post(state_->io, [s = state_.get()] { s->shut(); });
}

}  // namespace scarney::serve
