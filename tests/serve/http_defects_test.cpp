// `scarney serve` against the defects issue 37 found in the hand-written
// front and cpp-httplib behind it (two parsers that disagreed): each test
// here failed against that server. The request is parsed once (Boost.Beast)
// and decoded once (serve/http_message.h), for the pool and the answer
// alike; coded bodies are refused, Range is ignored, a request sent with
// the client's FIN is answered, and a client that never reads its answers
// holds no worker. The timing tests are [slow].
#include <algorithm>
#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "http_client.h"
#include "serve_process.h"
#include "serve_test_util.h"

using namespace scarney;
using Json = nlohmann::json;
using test::RawConnection;
using test::ServeProcess;
using Clock = std::chrono::steady_clock;
using test::client;
using test::seconds_since;

namespace {

size_t count_of(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

std::string post(const std::string& target, const std::string& body) {
  return "POST " + target + " HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: " +
         std::to_string(body.size()) + "\r\n\r\n" + body;
}

}  // namespace

TEST_CASE("serve http: issue 37: %61nalyse is the analysis, two spaces after the method a 400",
          "[serve]") {
  ServeProcess server({"--time", "0.3"});
  const std::string placement = test::cli_stdout("deal --game doubles --left 12 --seed 5");
  auto c = client(server.port());
  const auto t = Clock::now();
  const auto encoded = c.Post("/api/v1/%61nalyse", placement, "text/plain");
  const double took = seconds_since(t);
  REQUIRE(encoded);
  INFO("POST /api/v1/%61nalyse: " << encoded->status << " in " << took * 1000 << " ms");
  CHECK(encoded->status == 200);
  const auto plain = c.Post("/api/v1/analyse", placement, "text/plain");
  REQUIRE(plain);
  CHECK(Json::parse(encoded->body)["position_text"] == Json::parse(plain->body)["position_text"]);
  // A request line Beast's parser does not accept is refused, not guessed.
  RawConnection raw(server.port());
  raw.send(post("/api/v1/analyse", placement).insert(4, " "));
  const std::string answer = raw.read_all(5);
  CHECK(answer.rfind("HTTP/1.1 400 ", 0) == 0);
  CHECK(count_of(answer, "HTTP/1.1 ") == 1);
  CHECK(answer.find("X-Content-Type-Options: nosniff") != std::string::npos);
}

TEST_CASE(
    "serve http: issue 37: %61nalyse placement searches go to the slow pool, a Solitaire "
    "analysis answers within 0.5 s",
    "[serve][slow]") {
  ServeProcess server({"--time", "1"});
  const std::string placement = test::cli_stdout("deal --game doubles --left 12 --seed 5");
  const std::string solitaire = test::cli_stdout("deal --game solitaire --seed 4");
  std::atomic<int> answered{0}, busy{0}, other{0};
  std::vector<std::thread> threads;
  // More than the quick workers: were they classified quick, they would
  // take every quick worker for a second each.
  for (int i = 0; i < 8; ++i)
    threads.emplace_back([&] {
      const auto r = client(server.port()).Post("/api/v1/%61nalyse", placement, "text/plain");
      if (r && r->status == 200)
        ++answered;
      else if (r && r->status == 503)
        ++busy;
      else
        ++other;
    });
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  test::check_quick_answers(server.port(), solitaire);
  for (auto& t : threads) t.join();
  CHECK(other == 0);
  CHECK(answered + busy == 8);
}

TEST_CASE("serve http: issue 37: 'Content-Length : 46' is refused, never read as two requests",
          "[serve]") {
  ServeProcess server;
  const std::string inner = "GET /api/v1/deal?seed=1 HTTP/1.1\r\nHost: x\r\n\r\n";
  RawConnection raw(server.port());
  raw.send("POST /api/v1/analyse HTTP/1.1\r\nHost: x\r\nContent-Length : " +
           std::to_string(inner.size()) + "\r\n\r\n" + inner);
  const std::string answer = raw.read_all(5);
  CHECK(answer.rfind("HTTP/1.1 400 ", 0) == 0);
  CHECK(count_of(answer, "HTTP/1.1 ") == 1);
  CHECK(answer.find("\"position\"") == std::string::npos);
  CHECK(answer.find("{\"api\":1,\"error\":") != std::string::npos);
  CHECK(answer.find("Cache-Control: no-store") != std::string::npos);
}

TEST_CASE("serve http: issue 37: a body with a Content-Encoding is refused (415), not inflated",
          "[serve]") {
  ServeProcess server;
  const std::string text = test::cli_stdout("deal --game solitaire --seed 4");
  const std::string gzipped =
      test::run_command("cd " + std::string(SCARNEY_SOURCE_DIR) + " && " + SCARNEY_BINARY +
                        " deal --game solitaire --seed 4 | gzip -c -n");
  REQUIRE(gzipped.size() > 10);
  REQUIRE(gzipped.substr(0, 2) == "\x1f\x8b");
  auto c = client(server.port());
  for (const auto& [coding, body] : std::vector<std::pair<std::string, std::string>>{
           {"gzip", gzipped}, {"GZIP", gzipped}, {"br", text}, {"identity, gzip", gzipped}}) {
    INFO(coding);
    const auto r = c.Post("/api/v1/analyse", body, "text/plain", {{"Content-Encoding", coding}});
    REQUIRE(r);
    CHECK(r->status == 415);
    CHECK(r->get_header_value("Content-Type") == "application/json");
    CHECK(r->get_header_value("Accept-Encoding") == "identity");
    CHECK(r->get_header_value("X-Content-Type-Options") == "nosniff");
    const Json e = Json::parse(r->body);
    CHECK(e["api"] == 1);
    CHECK(e["error"].get<std::string>().find("Content-Encoding") != std::string::npos);
  }
  const auto identity =
      c.Post("/api/v1/analyse", text, "text/plain", {{"Content-Encoding", "identity"}});
  REQUIRE(identity);
  CHECK(identity->status == 200);
}

TEST_CASE("serve http: issue 37: Range is ignored, the whole answer is sent (200)", "[serve]") {
  ServeProcess server;
  auto c = client(server.port());
  for (const char* target : {"/", "/api/v1/book"}) {
    INFO(target);
    const auto whole = c.Get(target);
    const auto ranged = c.Get(target, {{"Range", "bytes=0-9"}});
    REQUIRE(whole);
    REQUIRE(ranged);
    CHECK(ranged->status == 200);
    CHECK(ranged->body.size() == whole->body.size());
    CHECK(ranged->body == whole->body);
    CHECK(ranged->get_header_value("Content-Range").empty());
  }
}

TEST_CASE("serve http: issue 37: a request sent with the client's FIN is answered", "[serve]") {
  ServeProcess server;
  {
    RawConnection raw(server.port());
    raw.send("GET /api/v1/deal?game=doubles&seed=3 HTTP/1.1\r\nHost: x\r\n\r\n");
    raw.shutdown_write();
    const std::string answer = raw.read_all(5);
    CHECK(answer.rfind("HTTP/1.1 200 ", 0) == 0);
    CHECK(answer.find("\"seed\":\"3\"") != std::string::npos);
  }
  {
    // A body, and two pipelined requests: every answer, in order.
    const std::string text = test::cli_stdout("deal --game solitaire --seed 4");
    RawConnection raw(server.port());
    raw.send(post("/api/v1/analyse", text) +
             "GET /api/v1/deal?seed=1 HTTP/1.1\r\nHost: x\r\n\r\n"
             "GET /api/v1/deal?seed=2 HTTP/1.1\r\nHost: x\r\n\r\n");
    raw.shutdown_write();
    const std::string answer = raw.read_all(5);
    CHECK(count_of(answer, "HTTP/1.1 200 ") == 3);
    const size_t analysis = answer.find("\"position_text\"");
    const size_t one = answer.find("\"seed\":\"1\"");
    const size_t two = answer.find("\"seed\":\"2\"");
    CHECK(analysis != std::string::npos);
    CHECK(one != std::string::npos);
    CHECK(two != std::string::npos);
    CHECK(analysis < one);
    CHECK(one < two);
  }
}

TEST_CASE(
    "serve http: issue 37: six clients that pipeline and never read hold no worker, and are cut "
    "off",
    "[serve][slow]") {
  ServeProcess server;
  // 600 book answers (63 KB each) a client: more than the socket buffers
  // hold, so the server's writes to them stall.
  std::string pipeline;
  for (int i = 0; i < 600; ++i) pipeline += "GET /api/v1/book HTTP/1.1\r\nHost: x\r\n\r\n";
  std::vector<std::unique_ptr<RawConnection>> hung;
  const auto sent = Clock::now();
  for (int i = 0; i < 6; ++i) {
    hung.push_back(std::make_unique<RawConnection>(server.port()));
    REQUIRE(hung.back()->send(pipeline));
  }
  std::this_thread::sleep_for(std::chrono::seconds(1));
  const std::string solitaire = test::cli_stdout("deal --game solitaire --seed 4");
  auto c = client(server.port());
  std::vector<double> times;
  for (int i = 0; i < 11; ++i) {
    const auto t = Clock::now();
    const auto r = c.Post("/api/v1/analyse", solitaire, "text/plain");
    REQUIRE(r);
    CHECK(r->status == 200);
    times.push_back(seconds_since(t));
  }
  std::sort(times.begin(), times.end());
  INFO("median quick analysis " << times[5] * 1000 << " ms, slowest " << times[10] * 1000
                                << " ms; server " << server.rss_kib() << " KiB resident");
  CHECK(times[5] < 0.1);
  CHECK(times[10] < 1.0);
  // The write deadline (10 s) cuts them off: what they read then ends
  // (closed), short of their 600 answers.
  std::this_thread::sleep_for(std::chrono::seconds(12) - (Clock::now() - sent));
  for (auto& h : hung) {
    const auto t = Clock::now();
    const std::string got = h->read_all(8);
    CHECK(seconds_since(t) < 7);
    CHECK(count_of(got, "HTTP/1.1 200 ") < 600);
  }
}
