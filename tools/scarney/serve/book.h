// The book's positions and the examples compiled into `scarney serve`, each
// verified and with its lines valued: the body of GET /api/v1/book. The
// static site has it as a file (book.json, written by `scarney serve
// --book-json`), so the WebAssembly build leaves this and the verifier out.
#pragma once

#include "util/json.h"

namespace scarney::serve {

// {"positions": [...]} (docs/api.md); computed afresh on each call.
Json book_positions();

}  // namespace scarney::serve
