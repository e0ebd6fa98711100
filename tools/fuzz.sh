#!/bin/sh
# Fuzzes every input parser with libFuzzer under AddressSanitizer and
# UndefinedBehaviorSanitizer (docs/hardening.md).
#
#   tools/fuzz.sh [SECONDS] [TARGET...]
#
# Builds tests/fuzz/*.cpp with clang in build-fuzz, replays the checked-in
# regression inputs (tests/fuzz/regressions/<target>/), then runs each
# target for SECONDS (default 60), one after the other, starting from the
# seed corpus tests/fuzz/corpus/<target>/ (new inputs go to
# build-fuzz/corpus/<target>/). Exits non-zero on any crash, leak, timeout,
# out-of-memory or sanitizer report; the failing input is then left in
# build-fuzz/findings/<target>/ and the log in build-fuzz/logs/<target>.log.
# SCARNEY_FUZZ_NO_BUILD=1 runs the targets already built.
set -eu
cd "$(dirname "$0")/.."
seconds=${1:-60}
[ $# -gt 0 ] && shift
case $seconds in
  '' | *[!0-9]*) echo "usage: tools/fuzz.sh [SECONDS] [TARGET...]" >&2; exit 2 ;;
esac

# Debian's clang; libFuzzer and the sanitizer runtimes are in libclang-rt-14-dev.
tools/install-deps.sh clang libclang-rt-14-dev

targets=$*
if [ -z "$targets" ]; then
  for src in tests/fuzz/fuzz_*.cpp; do
    name=$(basename "$src" .cpp)
    targets="$targets ${name#fuzz_}"
  done
fi

# The libraries get coverage instrumentation (fuzzer-no-link) and the
# sanitizers (SCARNEY_SANITIZE); each target links libFuzzer itself.
CC=clang CXX=clang++ cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DSCARNEY_FUZZ=ON -DSCARNEY_SANITIZE=ON -DSCARNEY_TESTS=ON \
  -DCMAKE_CXX_FLAGS="-fsanitize=fuzzer-no-link" >/dev/null
build_targets=""
for t in $targets; do build_targets="$build_targets --target fuzz_$t"; done
mkdir -p build-fuzz/logs
# shellcheck disable=SC2086
if [ "${SCARNEY_FUZZ_NO_BUILD:-0}" != 1 ] && ! cmake --build build-fuzz -j"$(nproc 2>/dev/null || echo 2)" $build_targets \
     >build-fuzz/logs/build.log 2>&1; then
  tail -40 build-fuzz/logs/build.log >&2
  echo "fuzz: build failed; see build-fuzz/logs/build.log" >&2
  exit 1
fi

export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:symbolize=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
status=0
total=0
for t in $targets; do
  bin=build-fuzz/tests/fuzz_$t
  seeds=tests/fuzz/corpus/$t
  corpus=build-fuzz/corpus/$t
  findings=build-fuzz/findings/$t
  log=build-fuzz/logs/$t.log
  mkdir -p "$corpus" "$findings"
  [ -d "$seeds" ] || seeds=""
  max_len=8192
  [ "$t" = tablebase ] && max_len=65536
  dict=""
  [ -f "tests/fuzz/dict/$t.dict" ] && dict="-dict=tests/fuzz/dict/$t.dict"
  opts="-timeout=10 -rss_limit_mb=2048 -max_len=$max_len -artifact_prefix=$findings/"

  # Every input that once failed must pass now.
  if [ -d "tests/fuzz/regressions/$t" ] && [ -n "$(ls -A "tests/fuzz/regressions/$t")" ]; then
    # shellcheck disable=SC2086
    if ! "$bin" $opts tests/fuzz/regressions/"$t"/* >"build-fuzz/logs/$t.regressions.log" 2>&1; then
      echo "fuzz $t: a regression input fails again; see build-fuzz/logs/$t.regressions.log" >&2
      status=1
      continue
    fi
  fi

  echo "fuzz $t: ${seconds}s" >&2
  # shellcheck disable=SC2086
  if "$bin" $opts $dict -max_total_time="$seconds" -print_final_stats=1 \
       "$corpus" $seeds >"$log" 2>&1; then
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    runs=${runs:-0}
    total=$((total + runs))
    echo "fuzz $t: no finding, $runs executions" >&2
  else
    status=1
    echo "fuzz $t: FINDING; input in $findings/, log in $log:" >&2
    grep -E "^==[0-9]+==ERROR|SUMMARY|runtime error|fuzz invariant|Test unit written" "$log" | head -8 >&2
  fi
done
echo "fuzz: $total executions in all" >&2
exit $status
