#include "serve/api.h"

#include <cstring>
#include <mutex>

#include "serve/book.h"

namespace scarney::serve {
namespace {

std::string content_type(const std::string& path) {
  auto ends = [&](const char* ext) {
    const size_t n = std::strlen(ext);
    return path.size() >= n && path.compare(path.size() - n, n, ext) == 0;
  };
  if (ends(".html")) return "text/html; charset=utf-8";
  if (ends(".js")) return "text/javascript; charset=utf-8";
  if (ends(".css")) return "text/css; charset=utf-8";
  if (ends(".md")) return "text/markdown; charset=utf-8";
  if (ends(".svg")) return "image/svg+xml";
  if (ends(".png")) return "image/png";
  if (ends(".ico")) return "image/x-icon";
  return "application/octet-stream";
}

const EmbeddedFile* web_file(const std::string& url_path) {
  const std::string want = "web" + (url_path == "/" ? std::string("/index.html") : url_path);
  for (const EmbeddedFile* f = embedded_files(); f->path; ++f)
    if (want == f->path) return f;
  return nullptr;
}

// One of the page's files, or 404 / 405.
Response page_file(const Request& r) {
  const EmbeddedFile* f = web_file(r.path);
  if (!f) return service::error_answer(404, "not found: " + r.path);
  if (r.method != "GET" && r.method != "HEAD") {
    Response x = service::error_answer(405, r.method + " is not allowed here: use GET");
    x.allow = "GET, HEAD";
    return x;
  }
  return {
      200, content_type(f->path), std::string(reinterpret_cast<const char*>(f->data), f->size), {}};
}

}  // namespace

Api::Api(ApiOptions options)
    : service_(service::ServiceOptions{options.oracle, options.budget, &Api::book, options.proof}) {
}

Api::Decoded Api::decode(Request r) {
  Decoded d{std::move(r), std::nullopt};
  if (service::is_api_path(d.request.path)) d.call = service::Service::decode(d.request);
  return d;
}

Response Api::handle(const Request& r) const {
  Decoded d = decode(r);
  return handle(d);
}

Response Api::handle(Decoded& d) const {
  if (!d.call) return page_file(d.request);
  return service_.answer(*d.call);
}

Response Api::book() {
  static std::once_flag once;
  static Response cached;
  std::call_once(once, [] {
    try {
      cached = service::json_answer(200, book_positions());
    } catch (const std::exception& e) {
      cached = service::error_answer(
          500, std::string("the compiled-in book does not read: ") + e.what());
    }
  });
  return cached;
}

const std::vector<std::pair<std::string, std::string>>& security_headers() {
  static const std::vector<std::pair<std::string, std::string>> headers = {
      {"X-Content-Type-Options", "nosniff"},
      {"Content-Security-Policy",
       "default-src 'self'; style-src 'self'; img-src 'self' data:; frame-ancestors 'none'"},
      {"Referrer-Policy", "no-referrer"},
      {"Cache-Control", "no-store"}};
  return headers;
}

}  // namespace scarney::serve
