// Errors in what the user gave us, located the way compilers do:
// `file:line:column: message`. The command line turns these into exit status 2.
#pragma once

#include <stdexcept>
#include <string>

#include "util/printable.h"

namespace scarney {

struct SourceLocation {
  std::string file;  // "-" for standard input, "" when not from a file
  int line = 0;      // 1-based; 0 when unknown
  int column = 0;    // 1-based; 0 when unknown
};

class InputError : public std::runtime_error {
 public:
  // The message and file name are made printable (util/printable.h): they
  // may quote the user's bytes.
  InputError(SourceLocation where, const std::string& message)
      : std::runtime_error(format(where, printable(message))),
        where_(std::move(where)),
        message_(printable(message)) {}
  explicit InputError(const std::string& message) : InputError(SourceLocation{}, message) {}

  const SourceLocation& where() const { return where_; }
  const std::string& message() const { return message_; }

 private:
  static std::string format(const SourceLocation& w, const std::string& m) {
    if (w.file.empty()) return m;
    std::string s = printable(w.file);
    if (w.line > 0) s += ":" + std::to_string(w.line);
    if (w.column > 0) s += ":" + std::to_string(w.column);
    return s + ": " + m;
  }
  SourceLocation where_;
  std::string message_;
};

}  // namespace scarney
