#!/bin/sh
# The learned evaluation of Singles placements (docs/placement.md, "A
# learned evaluation"; solver/placement/value_net.h), remade in three steps:
#
#   tools/make-value-net.sh values [JOBS]   the exact values at 6-9 left
#   tools/make-value-net.sh searched        the searched values at 10-15 left
#   tools/make-value-net.sh train           the weights, from all of them
#
# values: random placement positions (`scarney deal --left L --seed S`,
#   200 a seed) and their exact values, into
#   positions/strength/values/singles-L.txt (a line a position: game, pawns
#   left, seed, index, A's value). Resumable: a seed whose 200 lines are
#   there is skipped. JOBS seeds at a time (default: the cores). About 6
#   hours of CPU in all, most of it at 9 pawns left (1.3 s a position).
# searched: beyond the exact values' reach the network is fitted to its own
#   searches (bootstrapping): a network fitted on 6-9 left values positions
#   at 10-12 left by searching down to 9 left (`strength values
#   --searched D`); a network fitted on 6-12 left then values 13-15 left
#   the same way. Lines end with "searched-D". About 15 minutes of CPU,
#   most of it the two fits.
# train: fits the network to all the values (the last seed of each number
#   of pawns left held out to measure its error) and writes
#   solver/placement/value_net_singles.inc: deterministic on one build,
#   about 5 minutes of CPU.
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
    9) seq 3000 3002; seq 3100 3102 ;;
    1[0-5]) seq $((7000 + 100 * ($1 - 10))) $((7004 + 100 * ($1 - 10))) ;;
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

# fit OUT LEFTS...: fits a network to the values at those pawns left (the
# last seed of each held out) and writes its text (C++ literals for the
# committed .inc) to OUT.
fit() {
  dest=$1
  shift
  tmp=$(mktemp -d)
  for left in "$@"; do
    last=$(seeds "$left" | tail -n 1)
    grep -v "^singles $left $last " "$out/singles-$left.txt" >> "$tmp/train.txt"
    grep "^singles $left $last " "$out/singles-$left.txt" >> "$tmp/test.txt"
  done
  include=
  case "$dest" in *.inc) include=--include ;; esac
  "$bin" strength train "$tmp/train.txt" --test "$tmp/test.txt" --epochs 24 --hidden 128 --huber 2 \
    --hidden2 32 $include > "$tmp/net"
  mv "$tmp/net" "$dest"
  rm -rf "$tmp"
}

# searched_values NET LEFT DEPTH: every seed of LEFT valued by a search
# DEPTH placements deep with NET, into singles-LEFT.txt.
searched_values() {
  for seed in $(seeds "$2"); do
    "$bin" strength values --game singles --left "$2" --seed "$seed" --count 200 \
      --searched "$3" --net "$1"
  done > "$out/singles-$2.txt.tmp"
  mv "$out/singles-$2.txt.tmp" "$out/singles-$2.txt"
}

searched() {
  nets=$(mktemp -d)
  trap 'rm -rf "$nets"' EXIT
  fit "$nets/to9.txt" 6 7 8 9
  for left in 10 11 12; do searched_values "$nets/to9.txt" $left $((left - 9)); done
  fit "$nets/to12.txt" 6 7 8 9 10 11 12
  for left in 13 14 15; do searched_values "$nets/to12.txt" $left $((left - 12)); done
}

train() {
  fit solver/placement/value_net_singles.inc 6 7 8 9 10 11 12 13 14 15
  echo "train: solver/placement/value_net_singles.inc written; rebuild to use it" >&2
}

case "${1:-}" in
  values) shift; values "$@" ;;
  searched) searched ;;
  train) train ;;
  *) echo "usage: tools/make-value-net.sh values [JOBS] | searched | train" >&2; exit 2 ;;
esac
