#!/bin/sh
# The main job: builds scarney and verifies the book's published end games
# and traps (positions/book), then solves the example positions.
set -eu
cd "$(dirname "$0")/.."
tools/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$(nproc 2>/dev/null || echo 2)"
if ./build/tools/scarney verify --help >/dev/null 2>&1 && [ -d positions/book ]; then
  ./build/tools/scarney verify positions/book
fi
./build/tools/scarney solve positions/examples
