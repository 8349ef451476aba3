#!/usr/bin/env bash
# Installs every tool the project needs, skipping each one already present at
# the right version. Safe to run again: a second run takes seconds.
#
#   scripts/setup.sh          everything: build, serve and test
#   scripts/setup.sh --play   only what building and serving the site needs
#                             (no Chromium, no chromedriver): scripts/play.sh
#
# The slow part is compiling trunk and wasm-bindgen-cli. While cargo compiles,
# Debian's Chromium and the npm packages download and unpack in the
# background, and the compiles skip trunk's own release profile (fat LTO, one
# codegen unit per crate): a build tool does not need it.
set -euo pipefail
cd "$(dirname "$0")/.."

TRUNK_VERSION=0.21.14
WASM_BINDGEN_VERSION=0.2.130   # must equal the `=` pin of wasm-bindgen in Cargo.toml

play_only=0
[ "${1:-}" = "--play" ] && play_only=1

log() { printf '[setup] %s\n' "$*"; }
bg_pids=()
bg_names=()
bg_logs=()
background() { # name log command...
  local name=$1 logf=$2
  shift 2
  "$@" >"$logf" 2>&1 &
  bg_pids+=($!)
  bg_names+=("$name")
  bg_logs+=("$logf")
}

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  log "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

if [ "$play_only" = 0 ] && { ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; }; then
  log "installing Debian chromium and chromium-driver (in the background)"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
  background "chromium" "$(mktemp)" bash -c \
    "$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium chromium-driver"
fi

# wasm-opt (npm binaryen 132; Debian's is too old and breaks the module) and
# playwright-core for the browser tests, pinned in package-lock.json.
if [ ! -x node_modules/.bin/wasm-opt ] || [ ! -d node_modules/playwright-core ] \
   || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  log "installing npm packages (binaryen, playwright-core) (in the background)"
  background "npm" "$(mktemp)" npm ci --no-audit --no-fund --silent
fi

# Build tools compiled without link-time optimisation and with parallel
# codegen: same behaviour, less compile time (trunk's fat-LTO link alone took
# 38 s of its 8 min on this machine; the single codegen unit slows every crate).
export CARGO_PROFILE_RELEASE_LTO=false
export CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16

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

status=0
for i in "${!bg_pids[@]}"; do
  if wait "${bg_pids[$i]}"; then
    log "${bg_names[$i]} installed"
  else
    log "${bg_names[$i]} failed:"
    cat "${bg_logs[$i]}" >&2
    status=1
  fi
  rm -f "${bg_logs[$i]}"
done
[ "$status" = 0 ] || exit 1

# The threaded engine (scripts/build-threads.mjs, search on several cores in
# the browser) rebuilds the standard library with shared memory: nightly
# Rust with its sources and the wasm32 target. Installed with rustup (from
# static.rust-lang.org) where missing; without them the release build has
# no threaded engine and the site searches on one thread.
if rustup toolchain list 2>/dev/null | grep -q '^nightly' || rustup toolchain install nightly --profile minimal >/dev/null 2>&1; then
  sysroot=$(rustup run nightly rustc --print sysroot 2>/dev/null || true)
  if [ -n "$sysroot" ] && { [ ! -d "$sysroot/lib/rustlib/src/rust/library" ] || [ ! -d "$sysroot/lib/rustlib/wasm32-unknown-unknown" ]; }; then
    log "adding rust-src and the wasm32 target to nightly (threaded engine)"
    rustup component add rust-src --toolchain nightly
    rustup target add wasm32-unknown-unknown --toolchain nightly
  fi
else
  log "no nightly toolchain: the release build will have no threaded engine"
fi

# Fuzzing (scripts/fuzz.sh): cargo-fuzz runs libFuzzer on the nightly
# toolchain. Skipped quietly where no nightly toolchain is installed.
if [ "$play_only" = 0 ] && rustup run nightly rustc --version >/dev/null 2>&1 \
   && ! cargo fuzz --version >/dev/null 2>&1; then
  log "installing cargo-fuzz"
  cargo install cargo-fuzz
fi

log "all tools present"
