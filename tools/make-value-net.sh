#!/bin/sh
# The learned evaluation of Singles placements (docs/placement.md, "A
# learned evaluation"; solver/placement/value_net.h), remade in two steps:
#
#   tools/make-value-net.sh values [JOBS]   the exact values it is fitted to
#   tools/make-value-net.sh train           the weights, from those values
#
# values: random placement positions (`scarney deal --left L --seed S`,
#   200 a seed) and their exact values, into
#   positions/strength/values/singles-L.txt (a line a position: game, pawns
#   left, seed, index, A's value). Resumable: a seed whose 200 lines are
#   there is skipped. JOBS seeds at a time (default: the cores). About 6
#   hours of CPU in all, most of it at 9 pawns left (1.3 s a position).
# train: fits the network to the values (the last seed of each number of
#   pawns left held out to measure its error) and writes
#   solver/placement/value_net_singles.inc: deterministic on one build,
#   about 25 minutes of CPU.
set -eu
cd "$(dirname "$0")/.."
out=positions/strength/values
bin=build/tools/scarney
[ -x "$bin" ] || cmake --build build --target scarney

# The seeds at each number of pawns left; the last of each is held out.
seeds() {
  case "$1" in
    6) seq 5000 5024 ;;
    7) seq 2000 2024 ;;
    8) seq 1000 1015; seq 1040 1051 ;;
    9) seq 3000 3001; seq 3100 3101 ;;
  esac
}
lefts="6 7 8 9"

# The lines of one seed at `left` pawns left, from the committed file.
have() { grep "^singles $1 $2 " "$out/singles-$1.txt" 2>/dev/null || true; }

values() {
  jobs=${1:-$(nproc 2>/dev/null || echo 2)}
  parts="$out/.parts"  # not committed: the seeds being made
  mkdir -p "$parts"
  for left in $lefts; do
    for seed in $(seeds "$left"); do
      [ "$(have "$left" "$seed" | grep -c .)" -eq 200 ] && continue
      [ -f "$parts/$left-$seed.txt" ] && continue
      while [ "$(jobs -p | wc -l)" -ge "$jobs" ]; do sleep 1; done
      echo "values: $left left, seed $seed" >&2
      ("$bin" strength values --game singles --left "$left" --seed "$seed" --count 200 \
        > "$parts/$left-$seed.tmp" && mv "$parts/$left-$seed.tmp" "$parts/$left-$seed.txt") &
    done
  done
  wait
  # Each file rewritten whole, its seeds in order, then renamed.
  for left in $lefts; do
    for seed in $(seeds "$left"); do
      if [ -f "$parts/$left-$seed.txt" ]; then cat "$parts/$left-$seed.txt"; else have "$left" "$seed"; fi
    done > "$out/singles-$left.txt.tmp"
    mv "$out/singles-$left.txt.tmp" "$out/singles-$left.txt"
  done
  rm -rf "$parts"
}

train() {
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  for left in $lefts; do
    last=$(seeds "$left" | tail -n 1)
    grep -v " $last [0-9]* [-0-9.]*\$" "$out/singles-$left.txt" >> "$tmp/train.txt"
    grep " $last [0-9]* [-0-9.]*\$" "$out/singles-$left.txt" >> "$tmp/test.txt"
  done
  "$bin" strength train "$tmp/train.txt" --test "$tmp/test.txt" --epochs 24 --hidden 128 \
    --hidden2 32 --include > "$tmp/net.inc"
  mv "$tmp/net.inc" solver/placement/value_net_singles.inc
  echo "train: solver/placement/value_net_singles.inc written; rebuild to use it" >&2
}

case "${1:-}" in
  values) shift; values "$@" ;;
  train) train ;;
  *) echo "usage: tools/make-value-net.sh values [JOBS] | train" >&2; exit 2 ;;
esac
