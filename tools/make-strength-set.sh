#!/bin/sh
# Remakes positions/strength/: placement positions with every
# placement's exact value, for `scarney strength run` (docs/placement.md,
# "How well the engine places"). Resumable: a file's positions already
# there are kept and the rest appended, so it can run in the background of
# several sessions.
#
#   tools/make-strength-set.sh [--train] [--best-only] [--games "G..."] [--worker K/N]
#                              [COUNT] [LEFT...]
#       (default: 20; 11 12 13; singles highlow doubles)
#
# Positions are made one at a time, those missing from the file by their
# index, each appended whole when done, so that an interrupted run loses
# only the position it was making. --worker K/N: only the indices i with
# i % N = K, so that N runs (one a core) share a set; the file is put in
# order of index once it is complete.
#
# --train: positions to fit an evaluation on, never to measure one: seed 2
# (the benchmark's are seed 1), in positions/strength/train/.
# --best-only: each position's exact value and one best placement only
# ("partial": one exact search instead of one a placement); `strength run
# --record` adds the values of the engine's other choices as it meets them.
# What makes 12 and 13 pawns left affordable.
set -eu
cd "$(dirname "$0")/.."
seed=1
out=positions/strength
games="singles highlow doubles"
best_only=
worker=0
workers=1
while [ $# -gt 0 ]; do
  case "$1" in
    --worker)
      case "${2:-}" in
        [0-9]*/[0-9]*) worker=${2%/*}; workers=${2#*/} ;;
        *) echo "make-strength-set.sh: --worker ${2:-}: expected K/N, such as 0/2" >&2; exit 2 ;;
      esac
      if ! [ "$worker" -lt "$workers" ] 2>/dev/null; then
        echo "make-strength-set.sh: --worker $2: expected K/N with K below N, such as 0/2" >&2
        exit 2
      fi
      shift 2 ;;
    --train) seed=2; out=positions/strength/train; shift ;;
    --games) games="$2"; shift 2 ;;
    --best-only) best_only=--best-only; shift ;;
    *) break ;;
  esac
done
count=${1:-20}
[ $# -gt 0 ] && shift
lefts=${*:-11 12 13}
mkdir -p "$out"
[ -x build/tools/scarney ] || cmake --build build --target scarney
# The index of each position a file holds, one a line.
indices() { sed -n 's/.*"index":\([0-9]*\).*/\1/p' "$1"; }
for left in $lefts; do
  for game in $games; do
    file="$out/$game-$left.jsonl"
    touch "$file"
    i=$worker
    while [ "$i" -lt "$count" ]; do
      if ! indices "$file" | grep -qx "$i"; then
        echo "strength set: $file, position $i of 0 to $((count - 1))" >&2
        build/tools/scarney strength make --game "$game" --left "$left" --seed "$seed" \
          --first "$i" --count 1 $best_only > "$file.$i.part"
        cat "$file.$i.part" >> "$file" && rm "$file.$i.part"
      fi
      i=$((i + workers))
    done
    # Complete: in order of index (no worker appends any more).
    if [ "$(indices "$file" | sort -u | grep -c .)" -ge "$count" ]; then
      sed 's/^\(.*"index":\([0-9]*\).*\)$/\2 \1/' "$file" | sort -n -s -k1,1 | cut -d' ' -f2- \
        > "$file.sorted" && mv "$file.sorted" "$file"
    fi
  done
done
