// The HTTP layer behind the front (http_front.h): cpp-httplib parses each
// whole request from memory and writes the answer, within the write
// deadline; the API (api.h) answers it. Every answer, errors of the HTTP
// layer included, carries the security headers; HEAD is answered as GET
// without the body.
#pragma once

#include <memory>

#include "serve/api.h"
#include "serve/http_front.h"

namespace scarney::serve {

class HttpLayer {
 public:
  explicit HttpLayer(const Api& api);
  ~HttpLayer();
  HttpLayer(const HttpLayer&) = delete;
  HttpLayer& operator=(const HttpLayer&) = delete;

  // The front's handler: true to keep the connection open.
  bool exchange(const Exchange& x) const;

 private:
  class Router;
  std::unique_ptr<Router> router_;
};

}  // namespace scarney::serve
