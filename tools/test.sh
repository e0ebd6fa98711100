#!/bin/sh
# Builds scarney and runs every test through ctest: first a Release build,
# then the whole suite again under AddressSanitizer + UBSan.
set -eu
cd "$(dirname "$0")/.."
tools/install-deps.sh
jobs=$(nproc 2>/dev/null || echo 2)
# Ninja where installed (tools/install-deps.sh installs it): it keeps both
# cores busy to the end of the build, where make waits on one target at a
# time (the sanitizer build 6 min 37 s against 7 min 46 s). A build folder
# made with another generator keeps it.
command -v ninja >/dev/null 2>&1 && export CMAKE_GENERATOR="${CMAKE_GENERATOR:-Ninja}"
# The MPI tests start `mpirun -np 2 --oversubscribe`; Open MPI refuses root
# without these.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# "== Release build ==" when a step starts, and how long the last one took
# (docs/hardening.md times them).
t0=$(date +%s)
step_start=$t0
step() {
  now=$(date +%s)
  [ -n "${step_name:-}" ] && printf '== %s took %ds ==\n\n' "$step_name" $((now - step_start))
  step_start=$now
  step_name=$1
  [ -n "$1" ] && printf '== %s ==\n' "$1"
  return 0
}
step "The browser tests' playwright-core (npm ci)"
# The browser test's pinned playwright-core (never a downloaded browser).
if command -v npm >/dev/null 2>&1; then
  (cd tests/web && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --ignore-scripts --no-audit --no-fund --loglevel=error)
fi
step "Release build"
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$jobs"
# As many tests at once as cores (a third slot beside the browser tests
# took 100 s off, but made the timing tests flaky).
step "Release tests (all but the browser tests)"
(cd build && ctest --output-on-failure -j"$jobs" -LE browser)
if [ "${SCARNEY_SKIP_SANITIZE:-0}" = 1 ]; then
  step "Browser tests"
  (cd build && ctest --output-on-failure -j4 -L browser)
  step ""
  exit 0
fi
# The browser tests (chromium against the Release build) run beside the
# sanitizer build, four at a time (each keeps about 0.8 of a core busy,
# chromium's drawing most of it, and waits the rest), and their output is
# shown when it is done (docs/hardening.md).
(cd build && if ctest --output-on-failure -j4 -L browser >browser-tests.log 2>&1; then
   echo 0; else echo 1; fi >browser-tests.status) &
browsers=$!
trap 'kill $browsers 2>/dev/null' EXIT
step "Sanitizer build (the browser tests beside it)"
# With clang 19 where installed (tools/install-deps.sh installs it for the
# WebAssembly build): under ASan+UBSan it compiles this code in about a
# third of GCC's CPU time and its tests run in half (build 271 s of CPU
# against about 770, tests 263 s against 530; docs/hardening.md). A build
# folder made with another compiler keeps it.
if command -v clang++-19 >/dev/null 2>&1 && [ ! -f build-asan/CMakeCache.txt ]; then
  export CC=clang-19 CXX=clang++-19
fi
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Release -DSCARNEY_SANITIZE=ON >/dev/null
cmake --build build-asan -j"$jobs"
wait $browsers
trap - EXIT
cat build/browser-tests.log
[ "$(cat build/browser-tests.status)" = 0 ] || { echo "tools/test.sh: the browser tests failed" >&2; exit 1; }
# Not again under the sanitizers: the `slow` and `long` search
# cross-checks and the browser test, which the Release pass ran (the
# server's memory is checked by the serve tests, the searches' by their
# quick tests; docs/hardening.md).
step "Sanitizer tests"
(cd build-asan && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
   ctest --output-on-failure -j"$jobs" -LE 'slow|long|browser')
step ""
echo "tools/test.sh: every test passed in $(($(date +%s) - t0))s"
