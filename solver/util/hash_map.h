// The hash map of the search tables: Abseil's flat_hash_map natively; the
// standard unordered_map in the WebAssembly build, which has no Abseil
// (docs/architecture.md). The searches only find and insert, so both give
// the same values and node counts (tests/wasm checks them).
#pragma once

#ifdef __wasi__
#include <unordered_map>
#else
#include <absl/container/flat_hash_map.h>
#endif

namespace scarney {

#ifdef __wasi__
template <class Key, class Value, class Hash>
using HashMap = std::unordered_map<Key, Value, Hash>;
#else
template <class Key, class Value, class Hash>
using HashMap = absl::flat_hash_map<Key, Value, Hash>;
#endif

}  // namespace scarney
