// What a transport hands the service and gets back (service.h): the
// request as decoded from HTTP or from the page's worker, and the answer.
#pragma once

#include <cstddef>
#include <map>
#include <string>

namespace scarney::service {

inline constexpr int kApiVersion = 1;
inline constexpr size_t kMaxBodyBytes = 64 * 1024;

struct Request {
  std::string method;  // "GET", "POST", ...
  std::string path;    // decoded, without the query
  std::map<std::string, std::string> query;
  std::string body;
};

struct Response {
  int status = 200;
  std::string content_type = "application/json";
  std::string body;
  std::string allow;  // 405: the methods the path accepts
};

}  // namespace scarney::service
