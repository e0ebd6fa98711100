// `scarney serve`: the analysis board in the browser. This file binds the
// socket and hands it to the HTTP server (serve/http_server.h: Boost.Beast
// on one event loop, deadlines, two bounded worker pools), which answers
// with the API (serve/api.h). Serving writes no files; --book-json,
// --value-net and --proof-json write the static site's and exit.
#include <netdb.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>

#include "cli_common.h"
#include "commands.h"
#include "games/position_file.h"
#include "options.h"
#include "placement/placement_position.h"
#include "placement/proven_top.h"
#include "placement/value_net.h"
#include "serve/api.h"
#include "serve/http_server.h"
#include "tablebase/tablebase_set.h"
#include "util/atomic_file.h"

namespace scarney::cli {
namespace {

bool loopback(const std::string& host) {
  return host == "127.0.0.1" || host == "localhost" || host == "::1" || host.rfind("127.", 0) == 0;
}

struct ServeOptions {
  std::string host = "127.0.0.1";
  int port = 8080;
  std::string tb;
  bool open = false;
  double seconds = 1;      // a placement request's time budget
  double deadline = 10;    // a request's head and body must arrive within it
  std::string book_json;   // write GET /api/v1/book's answer here and exit
  std::string value_net;   // write the learned evaluation's text here and exit
  std::string proof;       // a High-Low proof's top; none: the committed one
  std::string proof_json;  // write the proof's table for the static site here and exit
};

// The static site's proof table (tools/site.cmake): every position on the
// proof's top by its text (as record_of writes it: the page looks up its
// position_text's game, phase, placement and hands lines), with the fields
// the API adds to an analysis there. No positions while no proof is
// complete: the page then says nothing is proved.
std::string proof_table(const ProvenTop* top) {
  Json positions = Json::object();
  if (top)
    for (const PlacementState& s : top->images()) {
      const auto proved = proved_text(*top, s);
      Json fields = {{"proved_winner", std::string(1, side_letter(proved->winner))}};
      if (proved->placement) fields["proved_placement"] = *proved->placement;
      positions[format_position(record_of(s))] = std::move(fields);
    }
  return Json{{"api", 1}, {"positions", std::move(positions)}}.dump() + "\n";
}

// A listening socket on host:port (0: any free one), and the port it got;
// exit 2 when there is none.
std::pair<int, int> listen_on(const ServeOptions& o) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_PASSIVE;
  addrinfo* found = nullptr;
  const std::string port = std::to_string(o.port);
  std::string why = "no address found for the host";
  if (const int r = ::getaddrinfo(o.host.c_str(), port.c_str(), &hints, &found); r != 0) {
    why = ::gai_strerror(r);
  } else {
    for (addrinfo* a = found; a; a = a->ai_next) {
      const int fd = ::socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, a->ai_protocol);
      if (fd < 0) continue;
      const int yes = 1;
      ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
      sockaddr_storage bound{};
      socklen_t len = sizeof bound;
      if (::bind(fd, a->ai_addr, a->ai_addrlen) == 0 && ::listen(fd, SOMAXCONN) == 0 &&
          ::getsockname(fd, reinterpret_cast<sockaddr*>(&bound), &len) == 0) {
        ::freeaddrinfo(found);
        const auto* in =
            reinterpret_cast<const sockaddr_in*>(&bound);  // the port is where v6 has it
        return {fd, ntohs(in->sin_port)};
      }
      why = std::strerror(errno);
      ::close(fd);
    }
    ::freeaddrinfo(found);
  }
  // Why, and what to do about the commonest case (another program there).
  std::cerr << "scarney: cannot listen on " << o.host << ":" << o.port << ": " << why
            << (why == std::strerror(EADDRINUSE)
                    ? " (another program is listening there: give another --port, or --port 0 "
                      "for any free one)"
                    : "")
            << "\n";
  throw CLI::RuntimeError(kExitBadInput);
}

// The URL on standard output; a browser on it with --open (no shell in
// between: the host is the user's text).
void announce(const ServeOptions& o, int port) {
  if (!loopback(o.host))
    std::cerr << "scarney: warning: listening on " << o.host
              << ", not only this machine: anyone who can reach it can use the board\n";
  const std::string shown = o.host.find(':') != std::string::npos ? "[" + o.host + "]" : o.host;
  const std::string url = "http://" + shown + ":" + std::to_string(port) + "/";
  std::cout << "scarney serve: listening on " << url << "  (Ctrl-C stops)" << std::endl;
  if (!o.open) return;
  const char* argv[] = {"xdg-open", url.c_str(), nullptr};
  pid_t pid;
  if (::posix_spawnp(&pid, "xdg-open", nullptr, nullptr, const_cast<char* const*>(argv), environ) !=
      0)
    std::cerr << "scarney: could not open a browser\n";
}

// Each connection is a descriptor: as many as the hard limit allows.
void raise_descriptor_limit() {
  rlimit r{};
  if (::getrlimit(RLIMIT_NOFILE, &r) == 0 && r.rlim_cur < r.rlim_max) {
    r.rlim_cur = r.rlim_max;
    ::setrlimit(RLIMIT_NOFILE, &r);
  }
}

serve::ServerOptions server_options(const ServeOptions& o) {
  serve::ServerOptions f;
  f.request_deadline = std::chrono::milliseconds(std::llround(o.deadline * 1000));
  f.slow_workers = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  rlimit r{};
  if (::getrlimit(RLIMIT_NOFILE, &r) == 0 && r.rlim_cur != RLIM_INFINITY)
    f.max_connections = std::min<size_t>(f.max_connections, r.rlim_cur > 64 ? r.rlim_cur - 64 : 1);
  return f;
}

void serve(const ServeOptions& o) {
  if (!o.value_net.empty()) {
    // The static site's copy of the learned evaluations (tools/site.cmake),
    // one network after the other: the WebAssembly module does not embed
    // them (wasm/exports.cpp).
    check_output_file("--value-net", o.value_net);
    guarded([&] {
      std::string text;
      for (Game g : kGames)
        if (const ValueNet* n = committed_net(g)) text += net_text(*n);
      write_file_atomically(o.value_net, text);
    });
    return;
  }
  if (!o.book_json.empty()) {
    // The static site's copy of the book (tools/site.cmake). A write error
    // (/dev/full, a full disk) is a message and status 2, as everywhere.
    check_output_file("--book-json", o.book_json);
    guarded([&] {
      const serve::Response r = serve::Api().book();
      if (r.status != 200) throw std::runtime_error(r.body);
      write_file_atomically(o.book_json, r.body + "\n");
    });
    return;
  }
  if (!o.proof_json.empty()) {
    check_output_file("--proof-json", o.proof_json);
    guarded([&] { write_file_atomically(o.proof_json, proof_table(open_proof(o.proof).get())); });
    return;
  }
  const auto tables = open_tables(o.tb);
  const auto proof = open_proof(o.proof);
  serve::ApiOptions options;
  options.oracle = tables.get();
  options.proof = proof.get();
  options.budget = std::chrono::milliseconds(std::llround(o.seconds * 1000));
  const serve::Api api(options);
  raise_descriptor_limit();
  const auto [fd, port] = listen_on(o);
  // It takes the socket over, and catches SIGINT and SIGTERM until it stops.
  serve::HttpServer server(fd, server_options(o), api);
  announce(o, port);
  server.run();
  std::cout << "scarney serve: stopped" << std::endl;
}

}  // namespace

void register_serve(CLI::App& app) {
  auto* cmd = app.add_subcommand("serve", "The analysis board in the browser, and its JSON API");
  auto o = std::make_shared<ServeOptions>();
  cmd->add_option("--host", o->host, "address to listen on (default 127.0.0.1: this machine only)");
  cmd->add_option("--port", o->port, "port to listen on; 0 picks a free one")
      ->check(whole_number(0, 65535));
  add_tb_option(cmd, o->tb, "directory of endgame tables to stop the search at");
  add_proof_option(cmd, o->proof);
  cmd->add_flag("--open", o->open, "open the board in the default browser");
  cmd->add_option("--time", o->seconds,
                  "placement positions: seconds a request's search may take (it deepens and "
                  "answers with the deepest search that finished)")
      ->check(seconds(0.01, 600))
      ->capture_default_str();
  cmd->add_option("--deadline", o->deadline,
                  "seconds a request has to arrive whole, head and body (408 after)")
      ->check(seconds(0.5, 600))
      ->capture_default_str();
  cmd->add_option("--book-json", o->book_json,
                  "write the answer to GET /api/v1/book (the book's positions, verified) to "
                  "this file and exit, without serving: the static site's book.json");
  cmd->add_option("--value-net", o->value_net,
                  "write the learned evaluations of placements (Singles, Doubles) to this file "
                  "and exit, without serving: the static site's value-nets.txt");
  cmd->add_option("--proof-json", o->proof_json,
                  "write the High-Low proof's positions (--proof, or the committed one once "
                  "complete) with what the board says of each to this file and exit, without "
                  "serving: the static site's proof-top.json");
  cmd->footer("The API is described in docs/api.md. Serving writes no files.");
  cmd->callback([o] { serve(*o); });
}

}  // namespace scarney::cli
