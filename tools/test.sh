#!/bin/sh
# Builds scarney and runs every test through ctest: first a Release build,
# then the whole suite again under AddressSanitizer + UBSan.
set -eu
cd "$(dirname "$0")/.."
tools/install-deps.sh
jobs=$(nproc 2>/dev/null || echo 2)
# The MPI tests start `mpirun -np 2 --oversubscribe`; Open MPI refuses root
# without these.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# The browser test's pinned playwright-core (never a downloaded browser).
if command -v npm >/dev/null 2>&1; then
  (cd tests/web && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --ignore-scripts --no-audit --no-fund --loglevel=error)
fi
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$jobs"
# As many tests at once as cores: a third slot beside the browser tests
# (which mostly wait) took 100 s off, but made the timing tests flaky.
(cd build && ctest --output-on-failure -j"$jobs")
if [ "${SCARNEY_SKIP_SANITIZE:-0}" != 1 ]; then
  cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Release -DSCARNEY_SANITIZE=ON >/dev/null
  cmake --build build-asan -j"$jobs"
  # Not again under the sanitizers: the `slow` and `long` search
  # cross-checks and the browser test, which the Release pass ran (the
  # server's memory is checked by the serve tests, the searches' by their
  # quick tests; docs/hardening.md).
  (cd build-asan && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
     ctest --output-on-failure -j"$jobs" -LE 'slow|long|browser')
fi
