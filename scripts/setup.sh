#!/usr/bin/env bash
# Installs every tool the project needs, skipping each one already present at
# the right version. Safe to run again: a second run takes seconds.
set -euo pipefail
cd "$(dirname "$0")/.."

TRUNK_VERSION=0.21.14
WASM_BINDGEN_VERSION=0.2.130   # must equal the `=` pin of wasm-bindgen in Cargo.toml

log() { printf '[setup] %s\n' "$*"; }

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  log "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

if [ "$(trunk --version 2>/dev/null)" != "trunk $TRUNK_VERSION" ]; then
  log "installing trunk $TRUNK_VERSION"
  cargo install --locked trunk --version "$TRUNK_VERSION"
fi

# wasm-bindgen-cli: not --locked (its lockfile pins a crate the registry lacks).
if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $WASM_BINDGEN_VERSION" ] \
   || ! command -v wasm-bindgen-test-runner >/dev/null; then
  log "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION"
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --force
fi

if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
  log "installing Debian chromium and chromium-driver"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium chromium-driver
fi

# wasm-opt (npm binaryen 132; Debian's is too old and breaks the module) and
# playwright-core for the browser tests, pinned in package-lock.json.
if [ ! -x node_modules/.bin/wasm-opt ] || [ ! -d node_modules/playwright-core ] \
   || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  log "installing npm packages (binaryen, playwright-core)"
  npm ci --no-audit --no-fund --silent
fi

# Fuzzing (scripts/fuzz.sh): cargo-fuzz runs libFuzzer on the nightly
# toolchain. Skipped quietly where no nightly toolchain is installed.
if rustup run nightly rustc --version >/dev/null 2>&1 && ! cargo fuzz --version >/dev/null 2>&1; then
  log "installing cargo-fuzz"
  cargo install cargo-fuzz
fi

log "all tools present"
