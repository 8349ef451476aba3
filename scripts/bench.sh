#!/usr/bin/env bash
# Benchmarks (never part of the tests): native perft and search speed, then
# perft in the WebAssembly build in headless Chromium against native.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"
cargo build --release
./target/release/shashki bench
[ -f dist/shashki_bg.wasm ] || trunk build --release
node scripts/bench-wasm.mjs dist --depth 12 --pairs 5 --sessions 2
