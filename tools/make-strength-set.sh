#!/bin/sh
# Remakes positions/strength/: placement positions with every
# placement's exact value, for `scarney strength run` (docs/placement.md,
# "How well the engine places"). Resumable: a file's positions already
# there are kept and the rest appended, so it can run in the background of
# several sessions.
#
#   tools/make-strength-set.sh [COUNT] [LEFT...]     (default: 20; 11 12 13)
set -eu
cd "$(dirname "$0")/.."
count=${1:-20}
[ $# -gt 0 ] && shift
lefts=${*:-11 12 13}
out=positions/strength
mkdir -p "$out"
[ -x build/tools/scarney ] || cmake --build build --target scarney
for left in $lefts; do
  for game in singles highlow doubles; do
    file="$out/$game-$left.jsonl"
    have=0
    [ -f "$file" ] && have=$(grep -c . "$file" || true)
    [ "$have" -lt "$count" ] || continue
    echo "strength set: $file, positions $have to $((count - 1))" >&2
    build/tools/scarney strength make --game "$game" --left "$left" --seed 1 \
      --first "$have" --count $((count - have)) >> "$file"
  done
done
