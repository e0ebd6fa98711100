// What the last throw of the WebAssembly build said (runtime.cpp), as
// JSON: {"kind": "input"|"error", "error": ..., "line", "column"}.
#pragma once

#include <string>
#include <typeinfo>

namespace scarney::wasm {

const std::string& thrown();
void record_throw(void* object, const std::type_info* type);

}  // namespace scarney::wasm
