#include "serve/http_front.h"

#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "serve/api.h"
#include "serve/work_pool.h"

namespace scarney::serve {

using Clock = std::chrono::steady_clock;

bool write_all(int fd, std::string_view bytes, Clock::time_point by) {
  while (!bytes.empty()) {
    const ssize_t n = ::send(fd, bytes.data(), bytes.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
    if (n > 0) {
      bytes.remove_prefix(static_cast<size_t>(n));
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK) return false;
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(by - Clock::now());
    if (left.count() <= 0) return false;
    pollfd p{fd, POLLOUT, 0};
    if (::poll(&p, 1, static_cast<int>(left.count())) < 0 && errno != EINTR) return false;
  }
  return true;
}

namespace {

const char* reason_phrase(int status) {
  switch (status) {
    case 400:
      return "Bad Request";
    case 408:
      return "Request Timeout";
    case 413:
      return "Content Too Large";
    case 431:
      return "Request Header Fields Too Large";
    case 501:
      return "Not Implemented";
    default:
      return "Service Unavailable";
  }
}

// An answer of the front itself, as the API words its errors; the
// connection closes after it.
std::string front_answer(int status, const std::string& message) {
  const std::string body = error_body(message);
  std::string out = "HTTP/1.1 " + std::to_string(status) + " " + reason_phrase(status) + "\r\n";
  for (const auto& [name, value] : security_headers()) out += name + ": " + value + "\r\n";
  if (status == 503) out += "Retry-After: 2\r\n";
  out += "Content-Type: application/json\r\nConnection: close\r\nContent-Length: " +
         std::to_string(body.size()) + "\r\n\r\n" + body;
  return out;
}

}  // namespace

// A connection (named outside the anonymous namespace: HttpFront::Loop,
// declared in the header, holds them).
struct Conn {
  int fd = -1;
  std::string bytes;
  enum class State { Idle, Reading, Lingering } state = State::Idle;
  Clock::time_point deadline;
  bool continued = false;  // 100 Continue sent for the request in hand
};

namespace {

constexpr auto kLinger = std::chrono::seconds(2);

}  // namespace

struct HttpFront::Loop {
  int listening;
  FrontOptions options;
  RequestClassifier slow;
  ExchangeHandler handler;
  int wake[2] = {-1, -1};
  std::atomic<bool> stopping{false};
  std::map<int, Conn> conns;  // the connections the loop watches
  std::mutex returned_mutex;
  std::vector<Conn> returned;  // kept alive by a worker, back to the loop
  std::unique_ptr<WorkPool> quick, slow_pool;

  void serve();
  void accept_all();
  void read_from(Conn& c);
  void advance(Conn& c);
  void refuse(Conn& c, int status, const std::string& message);
  void dispatch(Conn c, RequestFrame frame);
  void work(Conn c, const RequestFrame& frame, Clock::time_point queued);
  void give_back(Conn c);
  void expire();
  int poll_timeout() const;
};

HttpFront::HttpFront(int listening, FrontOptions options, RequestClassifier slow,
                     ExchangeHandler handler)
    : loop_(std::make_unique<Loop>()) {
  loop_->listening = listening;
  loop_->options = options;
  loop_->slow = std::move(slow);
  loop_->handler = std::move(handler);
  if (::pipe2(loop_->wake, O_NONBLOCK | O_CLOEXEC) != 0) throw std::runtime_error("pipe2 failed");
  ::fcntl(listening, F_SETFL, ::fcntl(listening, F_GETFL) | O_NONBLOCK);
}

HttpFront::~HttpFront() {
  ::close(loop_->wake[0]);
  ::close(loop_->wake[1]);
}

void HttpFront::stop() {
  loop_->stopping.store(true);
  const char x = 's';
  [[maybe_unused]] const ssize_t n = ::write(loop_->wake[1], &x, 1);
}

void HttpFront::run() {
  Loop& l = *loop_;
  l.quick = std::make_unique<WorkPool>(l.options.quick_workers, l.options.quick_queue);
  l.slow_pool = std::make_unique<WorkPool>(l.options.slow_workers, l.options.slow_queue);
  l.serve();
  // The requests in hand are answered; then every connection closes.
  l.quick.reset();
  l.slow_pool.reset();
  for (auto& [fd, c] : l.conns) ::close(fd);
  l.conns.clear();
  for (Conn& c : l.returned) ::close(c.fd);
  l.returned.clear();
}

void HttpFront::Loop::serve() {
  std::vector<pollfd> fds;
  while (!stopping.load()) {
    fds.clear();
    fds.push_back({wake[0], POLLIN, 0});
    fds.push_back({listening, POLLIN, 0});
    for (const auto& [fd, c] : conns) fds.push_back({fd, POLLIN, 0});
    if (::poll(fds.data(), fds.size(), poll_timeout()) < 0 && errno != EINTR) break;
    if (fds[0].revents) {
      char drain[64];
      while (::read(wake[0], drain, sizeof drain) > 0) {
      }
      std::vector<Conn> back;
      {
        std::lock_guard lock(returned_mutex);
        back.swap(returned);
      }
      for (Conn& c : back) {
        const int fd = c.fd;
        conns[fd] = std::move(c);
        advance(conns[fd]);
      }
    }
    if (fds[1].revents) accept_all();
    for (size_t i = 2; i < fds.size(); ++i)
      if (fds[i].revents) {
        const auto it = conns.find(fds[i].fd);
        if (it != conns.end()) read_from(it->second);
      }
    expire();
  }
}

int HttpFront::Loop::poll_timeout() const {
  const auto now = Clock::now();
  auto next = now + std::chrono::seconds(1);
  for (const auto& [fd, c] : conns) next = std::min(next, c.deadline);
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(next - now).count();
  return static_cast<int>(std::max<long long>(ms, 0) + 1);
}

void HttpFront::Loop::accept_all() {
  for (;;) {
    const int fd = ::accept4(listening, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (fd < 0) return;  // EAGAIN: no more; other errors: try again on the next wake
    // An answer is written in pieces (head, body): without this, Nagle's
    // algorithm and the peer's delayed ACK hold the body back 40 ms.
    const int yes = 1;
    ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &yes, sizeof yes);
    Conn c;
    c.fd = fd;
    c.deadline = Clock::now() + options.idle;
    conns[fd] = std::move(c);
    if (conns.size() > options.max_connections)
      refuse(conns[fd], 503, "too many connections: try again in a moment");
  }
}

// What the peer sent; then the request's framing decides.
void HttpFront::Loop::read_from(Conn& c) {
  const size_t cap = 4 * (options.limits.head_bytes + options.limits.body_bytes);
  char buf[16384];
  for (;;) {
    const ssize_t n = ::recv(c.fd, buf, sizeof buf, 0);
    if (n > 0) {
      if (c.state == Conn::State::Lingering) continue;  // read and dropped
      if (c.state == Conn::State::Idle) {
        c.state = Conn::State::Reading;
        c.deadline = Clock::now() + options.request_deadline;
      }
      c.bytes.append(buf, static_cast<size_t>(n));
      if (c.bytes.size() > cap) break;
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
    // The peer closed (or failed): nothing more to answer.
    ::close(c.fd);
    conns.erase(c.fd);
    return;
  }
  if (c.state == Conn::State::Lingering) return;
  if (c.bytes.size() > cap) return refuse(c, 400, "too many chunks for the body's size");
  advance(c);
}

// The framing of the bytes in hand: wait, refuse, or hand to a worker.
void HttpFront::Loop::advance(Conn& c) {
  if (c.bytes.empty()) return;
  RequestFrame f = frame_request(c.bytes, options.limits);
  if (c.state == Conn::State::Idle) {
    c.state = Conn::State::Reading;
    c.deadline = Clock::now() + options.request_deadline;
  }
  if (f.state == RequestFrame::State::Refused) return refuse(c, f.status, f.reason);
  if (f.state == RequestFrame::State::Incomplete) {
    if (f.head_complete && f.expects_continue && !c.continued) {
      c.continued = true;
      // One try: the loop never waits for a peer.
      write_all(c.fd, "HTTP/1.1 100 Continue\r\n\r\n", Clock::now());
    }
    return;
  }
  const int fd = c.fd;
  Conn taken = std::move(c);
  conns.erase(fd);
  dispatch(std::move(taken), std::move(f));
}

void HttpFront::Loop::refuse(Conn& c, int status, const std::string& message) {
  write_all(c.fd, front_answer(status, message), Clock::now());  // one try
  // Read what is still coming for a moment, so that the answer is not lost
  // to a reset.
  ::shutdown(c.fd, SHUT_WR);
  c.state = Conn::State::Lingering;
  c.bytes.clear();
  c.deadline = Clock::now() + kLinger;
}

void HttpFront::Loop::dispatch(Conn c, RequestFrame frame) {
  const bool is_slow = slow(frame);
  auto shared = std::make_shared<std::pair<Conn, RequestFrame>>(std::move(c), std::move(frame));
  WorkPool& pool = is_slow ? *slow_pool : *quick;
  const auto queued = Clock::now();
  if (pool.offer(
          [this, shared, queued] { work(std::move(shared->first), shared->second, queued); }))
    return;
  const int fd = shared->first.fd;
  conns[fd] = std::move(shared->first);
  refuse(conns[fd], 503,
         is_slow ? "the server is busy with other searches: try again in a moment"
                 : "the server is busy: try again in a moment");
}

// On a worker: the answer, then the connection back to the loop or closed.
void HttpFront::Loop::work(Conn c, const RequestFrame& frame, Clock::time_point queued) {
  if (Clock::now() - queued > options.queue_wait) {
    write_all(c.fd,
              front_answer(503, "the server is busy with other searches: try again in a moment"),
              Clock::now() + options.write_deadline);
    ::close(c.fd);
    return;
  }
  std::string_view request(c.bytes.data(), frame.end);
  std::string without_expect;
  if (frame.expect_end > 0) {
    without_expect = c.bytes.substr(0, frame.expect_begin) +
                     c.bytes.substr(frame.expect_end, frame.end - frame.expect_end);
    request = without_expect;
  }
  const Exchange x{c.fd, request, &frame, Clock::now() + options.write_deadline};
  bool keep = false;
  try {
    keep = handler(x);
  } catch (...) {
    keep = false;
  }
  if (!keep || stopping.load()) {
    ::close(c.fd);
    return;
  }
  c.bytes.erase(0, frame.end);
  c.state = Conn::State::Idle;
  c.continued = false;
  c.deadline = Clock::now() + options.idle;
  give_back(std::move(c));
}

void HttpFront::Loop::give_back(Conn c) {
  {
    std::lock_guard lock(returned_mutex);
    returned.push_back(std::move(c));
  }
  const char x = 'r';
  [[maybe_unused]] const ssize_t n = ::write(wake[1], &x, 1);
}

// Deadlines: an idle connection closes quietly, a request that has not
// arrived whole gets 408, a lingering one closes.
void HttpFront::Loop::expire() {
  const auto now = Clock::now();
  std::vector<int> done;
  for (auto& [fd, c] : conns) {
    if (c.deadline > now) continue;
    if (c.state == Conn::State::Reading)
      refuse(c, 408,
             "the request did not arrive whole within " +
                 std::to_string(options.request_deadline.count() / 1000) + " s");
    else
      done.push_back(fd);
  }
  for (int fd : done) {
    ::close(fd);
    conns.erase(fd);
  }
}

}  // namespace scarney::serve
