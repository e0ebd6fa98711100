// Errors in what the user gave us, located the way compilers do:
// `file:line:column: message`. The command line turns these into exit status 2.
#pragma once

#include <stdexcept>
#include <string>

namespace scarney {

struct SourceLocation {
  std::string file;  // "-" for standard input, "" when not from a file
  int line = 0;      // 1-based; 0 when unknown
  int column = 0;    // 1-based; 0 when unknown
};

class InputError : public std::runtime_error {
 public:
  InputError(SourceLocation where, const std::string& message)
      : std::runtime_error(format(where, message)), where_(std::move(where)), message_(message) {}
  explicit InputError(const std::string& message) : InputError(SourceLocation{}, message) {}

  const SourceLocation& where() const { return where_; }
  const std::string& message() const { return message_; }

 private:
  static std::string format(const SourceLocation& w, const std::string& m) {
    if (w.file.empty()) return m;
    std::string s = w.file;
    if (w.line > 0) s += ":" + std::to_string(w.line);
    if (w.column > 0) s += ":" + std::to_string(w.column);
    return s + ": " + m;
  }
  SourceLocation where_;
  std::string message_;
};

}  // namespace scarney
