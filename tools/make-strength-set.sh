#!/bin/sh
# Remakes positions/strength/: placement positions with every
# placement's exact value, for `scarney strength run` (docs/placement.md,
# "How well the engine places"). Resumable: a file's positions already
# there are kept and the rest appended, so it can run in the background of
# several sessions.
#
#   tools/make-strength-set.sh [--train] [--best-only] [--games "G..."] [COUNT] [LEFT...]
#       (default: 20; 11 12 13; singles highlow doubles)
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
while [ $# -gt 0 ]; do
  case "$1" in
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
for left in $lefts; do
  for game in $games; do
    file="$out/$game-$left.jsonl"
    have=0
    [ -f "$file" ] && have=$(grep -c . "$file" || true)
    [ "$have" -lt "$count" ] || continue
    echo "strength set: $file, positions $have to $((count - 1))" >&2
    build/tools/scarney strength make --game "$game" --left "$left" --seed "$seed" \
      --first "$have" --count $((count - have)) $best_only >> "$file"
  done
done
