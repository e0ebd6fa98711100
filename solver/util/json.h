// JSON, one library for every output: nlohmann's ordered_json (keys in the
// order they are added) built per record (`to_json`, or functions returning
// a Json value) and written out at the edge. What this file adds is the
// outputs' own rules:
//   - numbers: json_number keeps a double's 10 significant digits (an
//     integral one becomes an integer, a non-finite one null), and the
//     writer writes such a fraction with those digits (nlohmann's own
//     writer may take more); other doubles are written as nlohmann does;
//   - text: one line, compact (json_text), or with a blank after each comma
//     and colon (json_spaced, the chance games' layout); bytes that are not
//     UTF-8 are replaced, not refused.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace scarney {

using Json = nlohmann::ordered_json;

Json json_number(double v);
// A value kept whole: an integral double as an integer, any other as it is.
Json json_whole(double v);
std::string json_text(const Json& j);
std::string json_spaced(const Json& j);

// Adds fields to an object in order; a double goes through json_number, so
// that a field's type, not each call, decides how it is written.
class JsonObject {
 public:
  JsonObject& add(std::string_view key, std::string_view value) { return put(key, value); }
  JsonObject& add(std::string_view key, const char* value) { return put(key, value); }
  JsonObject& add(std::string_view key, const std::string& value) { return put(key, value); }
  JsonObject& add(std::string_view key, int64_t value) { return put(key, value); }
  JsonObject& add(std::string_view key, int value) { return put(key, value); }
  JsonObject& add(std::string_view key, double value) { return put(key, json_number(value)); }
  JsonObject& add(std::string_view key, bool value) { return put(key, value); }
  JsonObject& add(std::string_view key, const std::vector<std::string>& values) {
    return put(key, values);
  }
  JsonObject& add(std::string_view key, Json value) { return put(key, std::move(value)); }
  JsonObject& add(std::string_view key, const JsonObject& o) { return put(key, o.value()); }
  JsonObject& add_null(std::string_view key) { return put(key, nullptr); }

  const Json& value() const { return j_; }
  std::string str() const { return json_text(j_); }

 private:
  JsonObject& put(std::string_view key, Json v) {
    j_[std::string(key)] = std::move(v);
    return *this;
  }
  Json j_ = Json::object();
};

}  // namespace scarney
