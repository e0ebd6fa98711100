// The C++ runtime pieces Debian's libc++abi for wasm32 lacks.
//
// A throw in the WebAssembly build. Debian's libc++abi for wasm32 has no
// exception support, so a throw cannot unwind: it records what was thrown
// (the message, and for bad input where it is) and traps. The page's
// worker catches the trap, reads the record through scarney_error()
// (exports.cpp) and starts a fresh instance: the user sees the command
// line's located message, never a frozen page (docs/architecture.md).
#include <cstdlib>
#include <cstring>
#include <exception>
#include <new>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <typeinfo>

#include "util/input_error.h"
#include "wasm/throw_record.h"

namespace scarney::wasm {
namespace {

std::string thrown_json;

// The std::exception inside the thrown object, for the types the solver
// and its libraries throw.
template <class E>
const std::exception* as(void* object, const std::type_info* type) {
  return *type == typeid(E) ? static_cast<const E*>(object) : nullptr;
}

const std::exception* standard(void* object, const std::type_info* t) {
  using J = nlohmann::ordered_json;
  for (const std::exception* e :
       {as<std::runtime_error>(object, t), as<std::logic_error>(object, t),
        as<std::invalid_argument>(object, t), as<std::out_of_range>(object, t),
        as<std::overflow_error>(object, t), as<std::length_error>(object, t),
        as<std::bad_alloc>(object, t), as<J::parse_error>(object, t), as<J::type_error>(object, t),
        as<J::out_of_range>(object, t), as<J::invalid_iterator>(object, t),
        as<J::other_error>(object, t)})
    if (e) return e;
  return nullptr;
}

}  // namespace

const std::string& thrown() { return thrown_json; }

void record_throw(void* object, const std::type_info* type) {
  nlohmann::ordered_json j;
  if (*type == typeid(InputError)) {
    const auto* e = static_cast<const InputError*>(object);
    j = {{"kind", "input"}, {"error", e->message()}, {"located", e->what()}};
    if (e->where().line > 0) j["line"] = e->where().line;
    if (e->where().column > 0) j["column"] = e->where().column;
  } else if (const std::exception* e = standard(object, type)) {
    j = {{"kind", "error"}, {"error", e->what()}};
  } else {
    j = {{"kind", "error"}, {"error", std::string("internal: ") + type->name()}};
  }
  thrown_json = j.dump();
}

}  // namespace scarney::wasm

extern "C" {

void* __cxa_allocate_exception(size_t size) noexcept { return std::malloc(size); }
void __cxa_free_exception(void* object) noexcept { std::free(object); }

[[noreturn]] void __cxa_throw(void* object, std::type_info* type, void (*)(void*)) {
  scarney::wasm::record_throw(object, type);
  __builtin_trap();
}

// Destructors of thread_local objects: the module has one thread and never
// exits (a reactor), so there is nothing to run them at.
int __cxa_thread_atexit(void (*)(void*), void*, void*) noexcept { return 0; }

}  // extern "C"
