#!/usr/bin/env bash
# Runs every check and test: formatting, lints, native tests, the wasm tests
# in headless Chromium, and the end-to-end tests of the built site.
# Installs what is missing first (scripts/setup.sh, idempotent).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"

step() { printf '\n== %s ==\n' "$*"; }

step "format"
cargo fmt --check
step "lints"
cargo clippy --all-targets -- -D warnings
cargo clippy --target wasm32-unknown-unknown --no-default-features --lib --test web --test web_analysis --test web_egtb --test web_openings -- -D warnings
step "native tests"
cargo test --release
step "wasm tests in headless Chromium"
cargo test --release --target wasm32-unknown-unknown --no-default-features --test web
cargo test --release --target wasm32-unknown-unknown --no-default-features --test web_analysis
cargo test --release --target wasm32-unknown-unknown --no-default-features --test web_egtb
cargo test --release --target wasm32-unknown-unknown --no-default-features --test web_openings
step "fuzz smoke run (5 s per target; scripts/fuzz.sh)"
bash scripts/fuzz.sh
step "page structure and language tables (node --test tests/www/)"
node --test tests/www/
step "end-to-end tests of the built site"
bash scripts/e2e.sh
step "size of the web build (scripts/wasm-size.sh)"
# Issue 11's budget: 150 KB gzipped (the default limit; docs/performance.md).
bash scripts/wasm-size.sh
step "all tests passed"
