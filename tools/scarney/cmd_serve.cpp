// `scarney serve`: the analysis board in the browser. This file only wires
// cpp-httplib to the server logic of serve/api.h (the page, the JSON API,
// 404 and 405); it writes no files.
#include <httplib.h>
#include <spawn.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <string>

#include "cli_common.h"
#include "commands.h"
#include "options.h"
#include "serve/api.h"
#include "tablebase/tablebase_set.h"
#include "util/json.h"

namespace scarney::cli {
namespace {

httplib::Server* running = nullptr;

void on_interrupt(int) {
  if (running) running->stop();
}

bool loopback(const std::string& host) {
  return host == "127.0.0.1" || host == "localhost" || host == "::1" || host.rfind("127.", 0) == 0;
}

struct ServeOptions {
  std::string host = "127.0.0.1";
  int port = 8080;
  std::string tb;
  bool open = false;
  double seconds = 1;  // a placement request's time budget
};

// The page, the API, the limits and the headers every answer carries.
// An answer of the HTTP layer itself, as the API words its errors.
std::string error_json(const std::string& what) {
  return json_text(Json{{"api", serve::kApiVersion}, {"error", what}});
}

void configure(httplib::Server& server, const serve::Api& api) {
  server.set_payload_max_length(serve::kMaxBodyBytes);
  server.set_read_timeout(5, 0);
  server.set_write_timeout(10, 0);
  server.set_keep_alive_timeout(2);
  server.set_keep_alive_max_count(100);
  const auto handler = [&api](const httplib::Request& req, httplib::Response& res) {
    serve::Request r;
    r.method = req.method;
    r.path = req.path;
    for (const auto& [k, v] : req.params) r.query.emplace(k, v);
    r.body = req.body;
    const serve::Response out = api.handle(r);
    res.status = out.status;
    if (!out.allow.empty()) res.set_header("Allow", out.allow);
    res.set_header("X-Content-Type-Options", "nosniff");
    res.set_header("Content-Security-Policy",
                   "default-src 'self'; style-src 'self'; img-src 'self' data:; "
                   "frame-ancestors 'none'");
    res.set_header("Cache-Control", "no-store");
    res.set_content(out.body, out.content_type);
  };
  // Every method reaches the API, which answers 405 for the wrong one.
  server.Get(".*", handler);
  server.Post(".*", handler);
  server.Put(".*", handler);
  server.Delete(".*", handler);
  server.Patch(".*", handler);
  server.Options(".*", handler);
  server.set_exception_handler(
      [](const httplib::Request&, httplib::Response& res, std::exception_ptr) {
        res.status = 500;
        res.set_content(error_json("internal error"), "application/json");
      });
  server.set_error_handler([](const httplib::Request&, httplib::Response& res) {
    if (!res.body.empty()) return;
    const std::string what = res.status == 413 ? "the body is larger than 64 KiB"
                                               : "HTTP error " + std::to_string(res.status);
    res.set_content(error_json(what), "application/json");
  });
}

// Binds the port (0: any free one) and returns it; exit 2 when it cannot.
int bind(httplib::Server& server, const ServeOptions& o) {
  // cpp-httplib listens with a backlog of 5: a burst of clients would be
  // refused. The listening socket is remembered and its backlog raised.
  int listening = -1;
  server.set_socket_options([&listening](socket_t sock) {
    httplib::default_socket_options(sock);
    listening = sock;
  });
  int port = o.port;
  if (port == 0)
    port = server.bind_to_any_port(o.host);
  else if (!server.bind_to_port(o.host, port))
    port = -1;
  if (port <= 0) {
    std::cerr << "scarney: cannot listen on " << o.host << ":" << o.port << "\n";
    throw CLI::RuntimeError(kExitBadInput);
  }
  if (listening >= 0) ::listen(listening, SOMAXCONN);
  return port;
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

void serve(const ServeOptions& o) {
  const auto tables = open_tables(o.tb);
  serve::ApiOptions options;
  options.oracle = tables.get();
  options.budget = std::chrono::milliseconds(std::llround(o.seconds * 1000));
  const serve::Api api(options);
  httplib::Server server;
  configure(server, api);
  announce(o, bind(server, o));
  running = &server;
  const auto old_int = std::signal(SIGINT, on_interrupt);
  const auto old_term = std::signal(SIGTERM, on_interrupt);
  server.listen_after_bind();
  std::signal(SIGINT, old_int);
  std::signal(SIGTERM, old_term);
  running = nullptr;
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
  cmd->add_flag("--open", o->open, "open the board in the default browser");
  cmd->add_option("--time", o->seconds,
                  "placement positions: seconds a request's search may take (it deepens and "
                  "answers with the deepest search that finished)")
      ->check(seconds(0.01, 600))
      ->capture_default_str();
  cmd->footer("The API is described in docs/api.md. The server writes no files.");
  cmd->callback([o] { serve(*o); });
}

}  // namespace scarney::cli
