#!/bin/sh
# The learned evaluation of Singles and Doubles placements
# (docs/placement.md, "A learned evaluation"; solver/placement/value_net.h),
# remade in three steps, for one game (default: singles):
#
#   tools/make-value-net.sh [--game G] values [JOBS]   the exact values at 6-9 left
#   tools/make-value-net.sh [--game G] searched        the searched values at 10-15 left
#   tools/make-value-net.sh [--game G] train           the weights, from all of them
#
# values: random placement positions (`scarney deal --left L --seed S`,
#   200 a seed) and their exact values, into
#   positions/strength/values/GAME-L.txt (a line a position: game, pawns
#   left, seed, index, A's value). Resumable: a seed whose 200 lines are
#   there is skipped. JOBS seeds at a time (default: the cores). Singles:
#   about 6 hours of CPU in all, most of it at 9 pawns left (1.3 s a
#   position); Doubles (fewer positions, 3 times the cost): about 1.5 hours.
# searched: beyond the exact values' reach the network is fitted to its own
#   searches (bootstrapping): a network fitted on 6-9 left values positions
#   at 10-12 left by searching down to 9 left (`strength values
#   --searched D`); a network fitted on 6-12 left then values 13-15 left
#   the same way. Lines end with "searched-D". About 15 minutes of CPU,
#   most of it the two fits.
# train: fits the network to all the values (the last seed of each number
#   of pawns left held out to measure its error) and writes
#   solver/placement/value_net_GAME.inc: deterministic on one build,
#   about 5 minutes of CPU.
set -eu
cd "$(dirname "$0")/.."
out=positions/strength/values
game=singles
if [ "${1:-}" = --game ]; then
  game=${2:-}
  shift 2 || true
fi
case "$game" in
  singles | doubles) ;;
  *) echo "make-value-net.sh: --game must be singles or doubles, not '$game'" >&2; exit 2 ;;
esac
bin=build/tools/scarney
[ -x "$bin" ] || cmake --build build --target scarney

# The seeds at each number of pawns left; the last of each is held out.
# Doubles' exact values cost about 3 times Singles' (0.04, 0.17, 0.55 and
# 4-8 s a position at 6-9 left): fewer of them at 8 and 9.
seeds() {
  [ "$game" = doubles ] && case "$1" in
    6) seq 5000 5024; return ;;
    7) seq 2000 2024; return ;;
    8) seq 1000 1009; return ;;
    9) seq 3000 3001; return ;;
  esac
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
have() { grep "^$game $1 $2 " "$out/$game-$1.txt" 2>/dev/null || true; }

values() {
  jobs=${1:-$(nproc 2>/dev/null || echo 2)}
  parts="$out/.parts-$game"  # not committed: the seeds being made
  mkdir -p "$parts"
  # JOBS seeds at a time (xargs -P: a job count of the shell's own is not
  # seen by dash's $(jobs -p)); a seed's file is renamed when it is whole.
  for left in $lefts; do
    for seed in $(seeds "$left"); do
      [ "$(have "$left" "$seed" | grep -c .)" -eq 200 ] && continue
      [ -f "$parts/$left-$seed.txt" ] && continue
      echo "$left $seed"
    done
  done | xargs -r -n 2 -P "$jobs" sh -c '
    echo "values: $4 left, seed $5" >&2
    "$1" strength values --game "$2" --left "$4" --seed "$5" --count 200 > "$3/$4-$5.tmp" &&
      mv "$3/$4-$5.tmp" "$3/$4-$5.txt"' one "$bin" "$game" "$parts"
  # Each file rewritten whole, its seeds in order, then renamed.
  for left in $lefts; do
    for seed in $(seeds "$left"); do
      if [ -f "$parts/$left-$seed.txt" ]; then cat "$parts/$left-$seed.txt"; else have "$left" "$seed"; fi
    done > "$out/$game-$left.txt.tmp"
    mv "$out/$game-$left.txt.tmp" "$out/$game-$left.txt"
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
    grep -v "^$game $left $last " "$out/$game-$left.txt" >> "$tmp/train.txt"
    grep "^$game $left $last " "$out/$game-$left.txt" >> "$tmp/test.txt"
  done
  include=
  case "$dest" in *.inc) include=--include ;; esac
  "$bin" strength train --game "$game" "$tmp/train.txt" --test "$tmp/test.txt" --epochs 24 --hidden 128 --huber 2 \
    --hidden2 32 $include > "$tmp/net"
  mv "$tmp/net" "$dest"
  rm -rf "$tmp"
}

# searched_values NET LEFT DEPTH: every seed of LEFT valued by a search
# DEPTH placements deep with NET, into GAME-LEFT.txt.
searched_values() {
  for seed in $(seeds "$2"); do
    "$bin" strength values --game "$game" --left "$2" --seed "$seed" --count 200 \
      --searched "$3" --net "$1"
  done > "$out/$game-$2.txt.tmp"
  mv "$out/$game-$2.txt.tmp" "$out/$game-$2.txt"
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
  fit "solver/placement/value_net_$game.inc" 6 7 8 9 10 11 12 13 14 15
  echo "train: solver/placement/value_net_$game.inc written; rebuild to use it" >&2
}

case "${1:-}" in
  values) shift; values "$@" ;;
  searched) searched ;;
  train) train ;;
  *) echo "usage: tools/make-value-net.sh [--game singles|doubles] values [JOBS] | searched | train" >&2; exit 2 ;;
esac
