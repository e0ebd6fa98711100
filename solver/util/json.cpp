#include "util/json.h"

#include <cmath>
#include <cstdio>

namespace scarney {

std::string json_quote(std::string_view s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (c < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  return out + "\"";
}

void JsonObject::key(std::string_view k) {
  if (!body_.empty()) body_ += ",";
  body_ += json_quote(k);
  body_ += ":";
}

JsonObject& JsonObject::add(std::string_view k, std::string_view v) {
  key(k);
  body_ += json_quote(v);
  return *this;
}

JsonObject& JsonObject::add(std::string_view k, int64_t v) {
  key(k);
  body_ += std::to_string(v);
  return *this;
}

JsonObject& JsonObject::add(std::string_view k, double v) {
  key(k);
  if (!std::isfinite(v)) {
    body_ += "null";
  } else {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.10g", v);
    body_ += buf;
  }
  return *this;
}

JsonObject& JsonObject::add(std::string_view k, bool v) {
  key(k);
  body_ += v ? "true" : "false";
  return *this;
}

JsonObject& JsonObject::add(std::string_view k, const std::vector<std::string>& values) {
  std::vector<std::string> quoted;
  quoted.reserve(values.size());
  for (const auto& v : values) quoted.push_back(json_quote(v));
  return add_raw(k, json_array(quoted));
}

JsonObject& JsonObject::add_null(std::string_view k) {
  key(k);
  body_ += "null";
  return *this;
}

JsonObject& JsonObject::add_raw(std::string_view k, std::string_view raw) {
  key(k);
  body_ += raw;
  return *this;
}

std::string json_array(const std::vector<std::string>& raw_items) {
  std::string s = "[";
  for (size_t i = 0; i < raw_items.size(); ++i) {
    if (i) s += ",";
    s += raw_items[i];
  }
  return s + "]";
}

}  // namespace scarney
