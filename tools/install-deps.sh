#!/bin/sh
# Installs what scarney needs to build and test, from Debian's packages,
# when it is missing. Run as root on Debian 12 (apt-get update runs once).
# Extra package names given as arguments are installed the same way.
set -eu
need=""
for pkg in build-essential cmake ninja-build pkg-config libabsl-dev libcli11-dev libzstd-dev catch2 \
    libboost-dev nlohmann-json3-dev chromium nginx-light openmpi-bin libopenmpi-dev \
    clang-19 libclang-rt-19-dev lld-19 libc++-19-dev-wasm32 libc++abi-19-dev-wasm32 libclang-rt-19-dev-wasm32 wasi-libc binaryen \
    "$@"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || need="$need $pkg"
done
if [ -n "$need" ]; then
  echo "installing:$need" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq $need >/dev/null
fi
# The browser test drives chromium from Node (tests/web): Debian's nodejs
# and npm, unless a Node is installed already.
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  echo "installing: nodejs npm" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq nodejs npm >/dev/null
fi
