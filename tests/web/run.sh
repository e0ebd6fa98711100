#!/bin/sh
# The browser tests of the analysis board, run by ctest:
#   run.sh SCARNEY_BINARY OUT_DIR serve|site [SCRIPT...]
# against `scarney serve`, or with `site` against the static site (the
# solver in WebAssembly in the page) that the build wrote next to the
# binary; the scripts named (board, see, play, games, trainer, estimates, proof),
# or all of them. Several tests, so that ctest can run them side by side.
# Exits 77 (ctest: skipped) only when node or chromium is not installed;
# installs the pinned playwright-core from the lockfile when it is missing.
set -eu
scarney=$1
out=$2
here=$(cd "$(dirname "$0")" && pwd)
if ! command -v node >/dev/null 2>&1; then
  echo "node is not installed: browser test skipped"
  exit 77
fi
chromium=${CHROMIUM:-/usr/bin/chromium}
if [ ! -x "$chromium" ]; then
  echo "chromium is not installed: browser test skipped"
  exit 77
fi
if [ ! -f "$here/node_modules/playwright-core/package.json" ]; then
  # One install at a time: the two tests may start together.
  (cd "$here" && flock .npm-install.lock sh -c '[ -f node_modules/playwright-core/package.json ] ||
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --ignore-scripts --no-audit --no-fund')
fi
mode=${3:-serve}
if [ "$mode" = site ]; then
  site=$(dirname "$scarney")/../site
  if [ ! -f "$site/index.html" ]; then
    echo "no static site next to $scarney: $site/index.html is missing" >&2
    exit 1
  fi
  SCARNEY_SITE=$(cd "$site" && pwd)
  export SCARNEY_SITE
  out="$out/site"
fi
[ $# -gt 3 ] && shift 3 || set -- board see play games trainer estimates proof
for script in "$@"; do
  # The estimates test reads the game's replies off the network: the server only.
  [ "$script" = estimates ] && [ "$mode" = site ] && continue
  node "$here/$script.test.mjs" "$scarney" "$here/../.." "$out"
done
