#!/bin/sh
# The main job: builds the scarney binary (only it: the tests, the
# WebAssembly module and the static site are tools/test.sh's), verifies the
# book's published end games and traps (positions/book), then solves the
# example positions; each step under a heading with the time it took, and
# at the end what to try next.
set -eu
cd "$(dirname "$0")/.."
jobs=$(nproc 2>/dev/null || echo 2)
# Ninja where installed (tools/install-deps.sh installs it): it keeps both
# cores busy to the end of the build, where make waits on one target at a
# time (the sanitizer build 6 min 37 s against 7 min 46 s). A build folder
# made with another generator keeps it.
command -v ninja >/dev/null 2>&1 && export CMAKE_GENERATOR="${CMAKE_GENERATOR:-Ninja}"
t0=$(date +%s)
step_start=$t0

# "== 2/4 Building scarney ==" and, when the next one starts, how long the
# last one took.
step() {
  now=$(date +%s)
  [ -n "${step_name:-}" ] &&
    printf '   (%ds)\n\n' $((now - step_start))
  step_start=$now
  step_name=$2
  printf '== %s %s ==\n' "$1" "$2"
}

step 1/4 "Installing what is missing from Debian's packages"
tools/install-deps.sh

step 2/4 "Building scarney (Release; the log in build/build.log)"
mkdir -p build
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
if ! cmake --build build -j"$jobs" --target scarney >build/build.log 2>&1; then
  tail -n 40 build/build.log >&2
  echo "run.sh: the build failed; the whole log is build/build.log" >&2
  exit 1
fi
echo "build/tools/scarney is built"

step 3/4 "Verifying the book's end games and traps (positions/book)"
echo "(the words of the games and of the output: docs/glossary.md)"
./build/tools/scarney verify positions/book

step 4/4 "Solving the example positions (positions/examples)"
./build/tools/scarney solve positions/examples

step done "in $(($(date +%s) - t0))s. Next"
cat <<'EOF'
  scarney on the PATH:     cmake --install build   (or use build/tools/scarney)
  a game in a terminal:    build/tools/scarney play --game singles
  the board in a browser:  build/tools/scarney serve --open   (http://127.0.0.1:8080/)
  every test:              tools/test.sh
  what each command does:  README.md, docs/cli.md; the games' words: docs/glossary.md
EOF
