// A value, or the located error that stopped it (input_error.h): how the
// text front ends and the service layer give bad input back without
// throwing. The WebAssembly build cannot unwind (a throw traps there), so
// whatever answers a request returns its refusal as a value; the command
// line, which can throw, turns it into an exception with `or_throw()`.
//
// Not absl::StatusOr: a Status carries a code and a message, and the
// callers here need the error's file, line and column as values.
#pragma once

#include <optional>
#include <utility>
#include <variant>

#include "util/input_error.h"

namespace scarney {

template <class T, class E = InputError>
class [[nodiscard]] Expected {
 public:
  Expected(T value) : v_(std::in_place_index<0>, std::move(value)) {}
  Expected(E error) : v_(std::in_place_index<1>, std::move(error)) {}

  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }

  T& value() & { return std::get<0>(v_); }
  const T& value() const& { return std::get<0>(v_); }
  T&& value() && { return std::get<0>(std::move(v_)); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }

  const E& error() const { return std::get<1>(v_); }

  // The value, or the error thrown (for callers that can throw).
  T or_throw() && {
    if (!ok()) throw std::get<1>(v_);
    return std::get<0>(std::move(v_));
  }

 private:
  std::variant<T, E> v_;
};

// Nothing, or the error: for steps that only check.
template <class E>
class [[nodiscard]] Expected<void, E> {
 public:
  Expected() = default;
  Expected(E error) : error_(std::move(error)) {}

  bool ok() const { return !error_; }
  explicit operator bool() const { return ok(); }
  const E& error() const { return *error_; }
  void or_throw() const {
    if (error_) throw *error_;
  }

 private:
  std::optional<E> error_;
};

}  // namespace scarney
