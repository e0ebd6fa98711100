#!/bin/sh
# The High-Low proof from the empty board, run in the background of other
# work (docs/highlow-solution.md): niced, resumable, its ledger committed
# after each frontier position.
#
#   tools/highlow-proof.sh [--threads T] [--frontier N] [--no-commit]
#
# - The certificates go to $SCARNEY_PROOF_DIR (default
#   /var/tmp/scarney-highlow-proof/certs), outside the work tree: about
#   200 MB each at 13 pawns left, too large for the repository.
# - The ledger, W's placement orders, the frontier list and, at the end, the
#   top certificate go to data/highlow-proof/ and are committed (only those
#   paths: `git commit -- data/highlow-proof`) each time the ledger changes.
# - The binary is copied first (under its commit's name), so a rebuild of
#   build/ while the proof runs does not change the program it runs.
# - Run it again after a stop, on any machine: what the ledger holds as
#   checked is not redone. Ctrl-C (or the end of a session) loses at most
#   the position being made. Started in the background, it is stopped by
#   `pkill -TERM -f tools/highlow-proof.sh` (a background shell ignores
#   SIGINT).
# - Once every frontier position is checked, the certificates the ledger
#   holds that $SCARNEY_PROOF_DIR lacks (made on another machine) are made
#   again (--remake-missing), so that `scarney certify --dir
#   $SCARNEY_PROOF_DIR data/highlow-proof/top.cert` finds them all here.
# - Each certificate is made within `prove`'s table limit (about 3.5 GB,
#   docs/highlow-solution.md "Memory: bounded making").
set -eu
cd "$(dirname "$0")/.."
threads=1
frontier=13
commit_ledger=1
while [ $# -gt 0 ]; do
  case "$1" in
    --threads) threads="$2"; shift 2 ;;
    --frontier) frontier="$2"; shift 2 ;;
    --no-commit) commit_ledger=0; shift ;;
    *) echo "usage: tools/highlow-proof.sh [--threads T] [--frontier N] [--no-commit]" >&2; exit 2 ;;
  esac
done
work=${SCARNEY_PROOF_DIR:-/var/tmp/scarney-highlow-proof/certs}
ledger=data/highlow-proof
mkdir -p "$work" "$ledger"
[ -x build/tools/scarney ] || cmake --build build -j"$(nproc 2>/dev/null || echo 2)"
head=$(git rev-parse --short=12 HEAD)
bin="$work/../bin/scarney-$head"
mkdir -p "$(dirname "$bin")"
[ -x "$bin" ] || cp build/tools/scarney "$bin"

# Niced twice: its process, and its scheduling group (Linux puts each
# session in an autogroup of its own and shares the CPU between groups
# before nice counts, so a nice 19 run started with setsid would still take
# a whole core from an interactive build).
[ -w /proc/self/autogroup ] && echo 19 > /proc/self/autogroup 2>/dev/null || true
nice -n 19 "$bin" prove empty --frontier "$frontier" --threads "$threads" \
  --dir "$work" --ledger "$ledger" --remake-missing &
prover=$!
trap 'kill -INT $prover 2>/dev/null; wait $prover 2>/dev/null; exit 130' INT TERM

# The ledger committed whenever it changed (retried while another git
# command holds the index).
commit_now() {
  [ "$commit_ledger" = 1 ] || return 0
  [ -n "$(git status --porcelain -- "$ledger")" ] || return 0
  checked=0
  [ -f "$ledger/ledger.tsv" ] && checked=$(grep -c '	yes$' "$ledger/ledger.tsv" || true)
  for try in 1 2 3 4 5; do
    git add -- "$ledger" 2>/dev/null &&
      git commit -q -m "highlow-proof: the ledger, $checked frontier positions checked" -- "$ledger" &&
      return 0
    sleep 5
  done
  echo "highlow-proof: could not commit the ledger (git busy); will try again" >&2
}
while kill -0 "$prover" 2>/dev/null; do
  sleep 30
  commit_now
done
wait "$prover" && status=0 || status=$?
commit_now
exit "$status"
