#!/bin/sh
# The High-Low proof from the empty board, run in the background of other
# work (docs/highlow-solution.md): niced, resumable, its ledger committed
# after each step.
#
#   tools/highlow-proof.sh [--threads T] [--frontier N] [--shares S] [--table-limit N]
#                          [--no-commit] [--position FILE] [--ledger DIR] [--binary PATH]
#
# Two steps, each resumed where it stopped, on any machine:
# 1. `scarney prove --ledger`: each frontier position made, checked and
#    recorded in the ledger (data/highlow-proof/ledger.tsv); once all are,
#    the top certificate is written to data/highlow-proof/top.cert from the
#    ledger alone.
# 2. `scarney certify --remake-missing` of the top with every certificate
#    it names, in S shares of the certificates named (--shares, default 36:
#    one certificate each, 15-22 CPU-minutes measured), T at once (--threads),
#    each on one thread: a share's certificate this machine lacks (a
#    machine's files are not kept from one session to the next) is first
#    made again here, then checked whole as the top names it. Each share's
#    report goes to data/highlow-proof/certified/, named by the top's
#    SHA-256, with the build and the machine that ran it. A share reported
#    valid is not redone; the proof is certified when every share is.
#
# - The certificates go to $SCARNEY_PROOF_DIR (default
#   /var/tmp/scarney-highlow-proof/certs), outside the work tree: about
#   200 MB each at 13 pawns left, too large for the repository.
# - The ledger, W's placement orders, the frontier list, the top
#   certificate and the shares' reports go to data/highlow-proof/ and are
#   committed (only that path: `git commit -- data/highlow-proof`) each
#   time they change (not with --no-commit).
# - It looks at what it runs every $SCARNEY_PROOF_POLL seconds (default 1;
#   its test sets 0.1, as its shares take a second rather than minutes).
# - The binary is copied first (under its commit's name), so a rebuild of
#   build/ while the proof runs does not change the program it runs.
# - Ctrl-C (or the end of a session) loses at most the position being made
#   or the share being certified. Started in the background, it is stopped
#   by `pkill -TERM -f tools/highlow-proof.sh` (a background shell ignores
#   SIGINT).
# - Each frontier certificate is made within `prove`'s table limit (about
#   3.5 GB, docs/highlow-solution.md "Memory: bounded making"); those
#   remade by the shares within --table-limit (default 40,000,000: 13% less
#   CPU to make than prove's 12,000,000 and 27% fewer leaf boards to
#   check, measured on frontier position 25, at 5.4 GB rather than 2.0).
set -eu
cd "$(dirname "$0")/.."
threads=1
frontier=13
shares=36
table_limit=40000000
commit_ledger=1
position=empty
ledger=data/highlow-proof
bin=
usage="usage: tools/highlow-proof.sh [--threads T] [--frontier N] [--shares S] [--table-limit N] [--no-commit] [--position FILE] [--ledger DIR] [--binary PATH]"
while [ $# -gt 0 ]; do
  case "$1" in
    --threads) threads="$2"; shift 2 ;;
    --frontier) frontier="$2"; shift 2 ;;
    --shares) shares="$2"; shift 2 ;;
    --table-limit) table_limit="$2"; shift 2 ;;
    --no-commit) commit_ledger=0; shift ;;
    --position) position="$2"; shift 2 ;;
    --ledger) ledger="$2"; shift 2 ;;
    --binary) bin="$2"; shift 2 ;;
    *) echo "$usage" >&2; exit 2 ;;
  esac
done
work=${SCARNEY_PROOF_DIR:-/var/tmp/scarney-highlow-proof/certs}
poll=${SCARNEY_PROOF_POLL:-1}
mkdir -p "$work" "$ledger"
head=$(git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
if [ -z "$bin" ]; then
  [ -x build/tools/scarney ] || cmake --build build -j"$(nproc 2>/dev/null || echo 2)"
  bin="$work/../bin/scarney-$head"
  mkdir -p "$(dirname "$bin")"
  [ -x "$bin" ] || cp build/tools/scarney "$bin"
fi

# Niced twice: its process, and its scheduling group (Linux puts each
# session in an autogroup of its own and shares the CPU between groups
# before nice counts, so a nice 19 run started with setsid would still take
# a whole core from an interactive build). The group only when the script
# leads its own session (started by setsid): otherwise the group is its
# caller's, a terminal's or a test run's, which would all be slowed.
if [ "$(cut -d' ' -f6 /proc/$$/stat 2>/dev/null)" = "$$" ] && [ -w /proc/self/autogroup ]; then
  echo 19 > /proc/self/autogroup 2>/dev/null || true
fi

# The ledger's directory committed whenever it changed (retried while
# another git command holds the index).
commit_now() {
  [ "$commit_ledger" = 1 ] || return 0
  [ -n "$(git status --porcelain -- "$ledger")" ] || return 0
  for try in 1 2 3 4 5; do
    git add -- "$ledger" 2>/dev/null && git commit -q -m "highlow-proof: $1" -- "$ledger" && return 0
    sleep 5
  done
  echo "highlow-proof: could not commit $ledger (git busy); will try again" >&2
}
checked() {
  n=0
  [ -f "$ledger/ledger.tsv" ] && n=$(grep -c '	yes$' "$ledger/ledger.tsv" || true)
  echo "the ledger, $n frontier positions checked"
}

# The program running now, ended with this script.
child=
trap '[ -n "$child" ] && kill -INT $child 2>/dev/null; [ -n "$child" ] && wait $child 2>/dev/null; exit 130' INT TERM

# Step 1: the frontier, then the top.
nice -n 19 "$bin" prove "$position" --frontier "$frontier" --threads "$threads" \
  --dir "$work" --ledger "$ledger" &
child=$!
ticks=0
while kill -0 "$child" 2>/dev/null; do
  sleep "$poll"
  ticks=$((ticks + 1))
  [ $((ticks % 30)) = 0 ] && commit_now "$(checked)"
done
wait "$child" && status=0 || status=$?
child=
commit_now "$(checked)"
[ "$status" = 0 ] || exit "$status"
[ -f "$ledger/top.cert" ] || exit 0  # a shard's share (prove says so)

# Step 2: the top certified with every certificate it names, in shares;
# the reports named by the top, so that another top starts afresh. T
# shares at once (--threads), each on one thread, so that both cores work
# while a share remakes its certificate. First the shares whose files are
# on this machine (those made in the session that wrote the top), checked
# without being made again.
top_sha=$(sha256sum "$ledger/top.cert" | cut -c1-64)
reports="$ledger/certified"
mkdir -p "$reports"
report_of() { echo "$reports/top-$(echo "$top_sha" | cut -c1-12)-share-$1-of-$shares.txt"; }
here=
later=
k=0
while [ "$k" -lt "$shares" ]; do
  if [ ! -f "$(report_of "$k")" ]; then
    if "$bin" certify --list-named --shard "$k/$shares" --dir "$work" "$ledger/top.cert" |
      grep -q ' missing$'; then
      later="$later $k"
    else
      here="$here $k"
    fi
  fi
  k=$((k + 1))
done
set -- $here $later
# A pool, not batches: a share starts as soon as one ends, so that a share
# checked without being remade (a few minutes) does not leave a core idle
# beside one that is remade (up to half an hour).
valid_now() { ls "$reports" | grep -c "^top-$(echo "$top_sha" | cut -c1-12)-share-.*-of-$shares\.txt$" || true; }
start_share() {
  k=$1
  part="$work/certify-share-$k.part"  # outside the ledger: never committed half-written
  {
    echo "# scarney certify --shard $k/$shares --threads 1 --remake-missing --table-limit $table_limit --dir DIR top.cert"
    echo "# top.cert SHA-256 $top_sha; $("$bin" --version); machine $(uname -n); started $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
  } > "$part"
  nice -n 19 "$bin" certify --shard "$k/$shares" --threads 1 --remake-missing \
    --table-limit "$table_limit" --dir "$work" "$ledger/top.cert" >> "$part" 2>&1 &
  jobs="$jobs $k:$!"
  child="$child $!"
}
# Share k's certify ended with status: its report kept, committed when valid.
end_share() {
  k=$1
  status=$2
  part="$work/certify-share-$k.part"
  report=$(report_of "$k")
  echo "# exit $status, ended $(date -u '+%Y-%m-%d %H:%M:%S UTC')" >> "$part"
  if [ "$status" = 1 ]; then  # certify's "not valid"
    mv "$part" "${report%.txt}.failed.txt"
    commit_now "certify of the top: share $k of $shares FAILED"
    echo "highlow-proof: share $k of $shares of the top's certificates is not valid: ${report%.txt}.failed.txt" >&2
    failed=1
  elif [ "$status" != 0 ]; then  # ended (a signal, memory) or bad input: no verdict
    mv "$part" "$part.log"
    echo "highlow-proof: certify of share $k of $shares ended with status $status, no verdict: $part.log" >&2
    failed=$status
  else
    mv "$part" "$report"
    rm -f "${report%.txt}.failed.txt"
    commit_now "certify of the top: share $k of $shares valid"
  fi
}
jobs=
failed=
while [ $# -gt 0 ] || [ -n "$jobs" ]; do
  # Start shares while there is room, none has failed, and shares are left.
  while [ -z "$failed" ] && [ $# -gt 0 ] && [ "$(echo $jobs | wc -w)" -lt "$threads" ]; do
    echo "highlow-proof: $(date -u '+%H:%M'): certifying share $1 of $shares ($(valid_now) valid, $(($# - 1)) more to start after it)"
    start_share "$1"
    shift
  done
  [ -z "$failed" ] || set --  # a failure: let the running shares end, start none
  sleep "$poll"
  still=
  for job in $jobs; do
    if kill -0 "${job#*:}" 2>/dev/null; then
      still="$still $job"
    else
      wait "${job#*:}" && status=0 || status=$?
      end_share "${job%%:*}" "$status"
    fi
  done
  jobs=$still
  child=
  for job in $jobs; do child="$child ${job#*:}"; done
done
[ -z "$failed" ] || exit "$failed"
echo "highlow-proof: certified: the top ($top_sha) and every certificate it names, in $shares shares ($reports)"
