// A `scarney serve --port 0` process for the tests that talk HTTP to it,
// and a raw connection to it (for clients that misbehave on purpose).
#pragma once

#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace scarney::test {

// Stopped with SIGINT when it goes.
class ServeProcess {
 public:
  explicit ServeProcess(std::vector<std::string> extra = {}) {
    int out[2];
    REQUIRE(pipe(out) == 0);
    pid_ = fork();
    REQUIRE(pid_ >= 0);
    if (pid_ == 0) {
      dup2(out[1], STDOUT_FILENO);
      close(out[0]);
      close(out[1]);
      std::vector<std::string> args = {SCARNEY_BINARY, "serve", "--port", "0"};
      args.insert(args.end(), extra.begin(), extra.end());
      std::vector<char*> argv;
      for (std::string& a : args) argv.push_back(a.data());
      argv.push_back(nullptr);
      execv(SCARNEY_BINARY, argv.data());
      _exit(127);
    }
    close(out[1]);
    out_ = fdopen(out[0], "r");
    char line[512] = {0};
    REQUIRE(std::fgets(line, sizeof line, out_) != nullptr);
    first_line_ = line;
    const auto at = first_line_.find("http://127.0.0.1:");
    REQUIRE(at != std::string::npos);
    port_ = std::stoi(first_line_.substr(at + 17));
  }
  ~ServeProcess() {
    if (pid_ > 0) stop();
  }
  ServeProcess(const ServeProcess&) = delete;
  ServeProcess& operator=(const ServeProcess&) = delete;

  // SIGINT; returns the exit status and what was printed after the URL.
  std::pair<int, std::string> stop() {
    kill(pid_, SIGINT);
    std::string rest;
    char buf[512];
    while (std::fgets(buf, sizeof buf, out_)) rest += buf;
    fclose(out_);
    int status = 0;
    waitpid(pid_, &status, 0);
    pid_ = -1;
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, rest};
  }
  int port() const { return port_; }
  const std::string& first_line() const { return first_line_; }
  // The resident memory of the process, in KiB (/proc).
  long rss_kib() const {
    std::ifstream in("/proc/" + std::to_string(pid_) + "/status");
    for (std::string line; std::getline(in, line);)
      if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
    return -1;
  }

 private:
  pid_t pid_ = -1;
  FILE* out_ = nullptr;
  int port_ = 0;
  std::string first_line_;
};

// A TCP connection to 127.0.0.1:port, closed when it goes.
class RawConnection {
 public:
  explicit RawConnection(int port) {
    fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(static_cast<uint16_t>(port));
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    connected_ = fd_ >= 0 && ::connect(fd_, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0;
  }
  ~RawConnection() {
    if (fd_ >= 0) ::close(fd_);
  }
  RawConnection(const RawConnection&) = delete;
  RawConnection& operator=(const RawConnection&) = delete;

  bool connected() const { return connected_; }
  bool send(const std::string& bytes) {
    return ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL) ==
           static_cast<ssize_t>(bytes.size());
  }
  // The client's FIN: nothing more from this side (its answers still come).
  void shutdown_write() { ::shutdown(fd_, SHUT_WR); }
  // Everything until the server closes, or `seconds` pass.
  std::string read_all(double seconds) {
    timeval tv{static_cast<time_t>(seconds),
               static_cast<suseconds_t>((seconds - static_cast<time_t>(seconds)) * 1e6)};
    ::setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    std::string out;
    char buf[4096];
    const auto until = std::chrono::steady_clock::now() +
                       std::chrono::milliseconds(static_cast<long>(seconds * 1000));
    while (std::chrono::steady_clock::now() < until) {
      const ssize_t n = ::recv(fd_, buf, sizeof buf, 0);
      if (n <= 0) break;
      out.append(buf, static_cast<size_t>(n));
    }
    return out;
  }

 private:
  int fd_ = -1;
  bool connected_ = false;
};

// A port nothing listens on now (the kernel's choice).
inline int free_port() {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t len = sizeof a;
  ::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a);
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len);
  ::close(fd);
  return ntohs(a.sin_port);
}

// Debian's nginx in front of a scarney serve on `upstream`, configured by
// the site file docs/serve.md publishes (tools/nginx/scarney.conf) with
// only its two ports changed; its own files in a temporary folder.
class NginxProcess {
 public:
  explicit NginxProcess(int upstream) : port_(free_port()) {
    dir_ = std::filesystem::temp_directory_path() /
           ("scarney-nginx-" + std::to_string(::getpid()) + "-" + std::to_string(port_));
    std::filesystem::create_directories(dir_);
    std::ifstream in(std::string(SCARNEY_SOURCE_DIR) + "/tools/nginx/scarney.conf");
    std::stringstream site;
    site << in.rdbuf();
    std::string text = site.str();
    REQUIRE(replace(text, "listen 80;", "listen 127.0.0.1:" + std::to_string(port_) + ";"));
    REQUIRE(replace(text, "server 127.0.0.1:8080;",
                    "server 127.0.0.1:" + std::to_string(upstream) + ";"));
    std::ofstream(dir_ / "site.conf") << text;
    const std::string d = dir_.string();
    // One process as the user running the tests (no worker user to switch
    // to), every file of its own in the folder.
    std::ofstream(dir_ / "nginx.conf")
        << "daemon off;\nmaster_process off;\npid " << d << "/nginx.pid;\nerror_log " << d
        << "/error.log;\nevents { worker_connections 512; }\nhttp {\n  access_log off;\n"
        << "  client_body_temp_path " << d << "/body;\n  proxy_temp_path " << d << "/proxy;\n"
        << "  fastcgi_temp_path " << d << "/fastcgi;\n  uwsgi_temp_path " << d << "/uwsgi;\n"
        << "  scgi_temp_path " << d << "/scgi;\n  include " << d << "/site.conf;\n}\n";
    pid_ = fork();
    REQUIRE(pid_ >= 0);
    if (pid_ == 0) {
      execl("/usr/sbin/nginx", "nginx", "-p", d.c_str(), "-c", (d + "/nginx.conf").c_str(), "-e",
            (d + "/error.log").c_str(), static_cast<char*>(nullptr));
      _exit(127);
    }
    // Up when it accepts a connection (a few tries).
    for (int i = 0; i < 100; ++i) {
      RawConnection c(port_);
      if (c.connected()) return;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    FAIL("nginx did not start: see " << d
                                     << "/error.log (is nginx installed? "
                                        "tools/install-deps.sh)");
  }
  ~NginxProcess() {
    ::kill(pid_, SIGQUIT);
    int status = 0;
    ::waitpid(pid_, &status, 0);
    std::error_code ignored;
    std::filesystem::remove_all(dir_, ignored);
  }
  NginxProcess(const NginxProcess&) = delete;
  NginxProcess& operator=(const NginxProcess&) = delete;
  int port() const { return port_; }

 private:
  static bool replace(std::string& s, const std::string& from, const std::string& to) {
    const size_t at = s.find(from);
    if (at == std::string::npos) return false;
    s.replace(at, from.size(), to);
    return true;
  }
  int port_;
  pid_t pid_ = -1;
  std::filesystem::path dir_;
};

}  // namespace scarney::test
