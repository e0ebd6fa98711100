#include "util/json.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace scarney {

Json json_number(double v) {
  if (!std::isfinite(v)) return nullptr;
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.10g", v);
  const std::string_view s(buf);
  // Integral: written without a decimal point, as before.
  if (s.find_first_of(".e") == std::string_view::npos) return std::strtoll(buf, nullptr, 10);
  // nlohmann writes the shortest text that reads back as the same double:
  // for a value read from 10 significant digits, those digits.
  return std::strtod(buf, nullptr);
}

Json json_whole(double v) { return std::floor(v) == v ? Json(static_cast<long long>(v)) : Json(v); }

namespace {

// A scalar as the outputs write it. A fraction that 10 significant digits
// give back exactly (every json_number) is written so: nlohmann's own
// writer can take more digits than it needs.
std::string scalar_text(const Json& j) {
  if (j.is_number_float()) {
    const double v = j.get<double>();
    if (std::isfinite(v) && v != std::floor(v)) {
      char buf[64];
      std::snprintf(buf, sizeof buf, "%.10g", v);
      if (std::strtod(buf, nullptr) == v) return buf;
    }
  }
  return j.dump(-1, ' ', false, Json::error_handler_t::replace);
}

std::string write(const Json& j, const char* comma, const char* colon) {
  if (j.is_object()) {
    std::string s = "{";
    for (auto it = j.begin(); it != j.end(); ++it)
      s += (it == j.begin() ? "" : comma) + scalar_text(it.key()) + colon +
           write(it.value(), comma, colon);
    return s + "}";
  }
  if (j.is_array()) {
    std::string s = "[";
    for (size_t i = 0; i < j.size(); ++i) s += (i ? comma : "") + write(j[i], comma, colon);
    return s + "]";
  }
  return scalar_text(j);
}

}  // namespace

std::string json_text(const Json& j) { return write(j, ",", ":"); }

std::string json_spaced(const Json& j) { return write(j, ", ", ": "); }

}  // namespace scarney
