// A small JSON writer: enough for one object per line, keys in a fixed order.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace scarney {

std::string json_quote(std::string_view s);

class JsonObject {
 public:
  JsonObject& add(std::string_view key, std::string_view value);
  JsonObject& add(std::string_view key, const char* value) {
    return add(key, std::string_view(value));
  }
  JsonObject& add(std::string_view key, const std::string& value) {
    return add(key, std::string_view(value));
  }
  JsonObject& add(std::string_view key, int64_t value);
  JsonObject& add(std::string_view key, int value) { return add(key, static_cast<int64_t>(value)); }
  JsonObject& add(std::string_view key, double value);
  JsonObject& add(std::string_view key, bool value);
  JsonObject& add(std::string_view key, const std::vector<std::string>& values);
  JsonObject& add_null(std::string_view key);
  // `raw` must already be valid JSON (a nested object or array).
  JsonObject& add_raw(std::string_view key, std::string_view raw);
  std::string str() const { return "{" + body_ + "}"; }

 private:
  void key(std::string_view k);
  std::string body_;
};

std::string json_array(const std::vector<std::string>& raw_items);

}  // namespace scarney
