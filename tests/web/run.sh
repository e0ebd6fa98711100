#!/bin/sh
# The browser test of the analysis board, run by ctest:
#   run.sh SCARNEY_BINARY OUT_DIR
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
  (cd "$here" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --ignore-scripts --no-audit --no-fund)
fi
node "$here/board.test.mjs" "$scarney" "$here/../.." "$out"
node "$here/see.test.mjs" "$scarney" "$here/../.." "$out"
node "$here/play.test.mjs" "$scarney" "$here/../.." "$out"
# The same browser tests against the static site (the solver in
# WebAssembly in the page), where the build wrote one (not in the sanitizer
# build).
site=$(dirname "$scarney")/../site
if [ -f "$site/index.html" ]; then
  SCARNEY_SITE=$(cd "$site" && pwd)
  export SCARNEY_SITE
  node "$here/board.test.mjs" "$scarney" "$here/../.." "$out/site"
  node "$here/see.test.mjs" "$scarney" "$here/../.." "$out/site"
  node "$here/play.test.mjs" "$scarney" "$here/../.." "$out/site"
fi
