#!/usr/bin/env bash
# The size guard of the web build: fails when dist/shashki_bg.wasm (as
# `trunk build --release` writes it) is over the budget gzipped (gzip -9),
# printing the sizes. Run after a release build (scripts/e2e.sh makes one).
#
#   bash scripts/wasm-size.sh [LIMIT_KB]     (KB = 1024 bytes; default 150,
#                                             the budget of issue 11)
set -euo pipefail
cd "$(dirname "$0")/.."
limit_kb="${1:-150}"
wasm=dist/shashki_bg.wasm
if [ ! -f "$wasm" ]; then
  echo "wasm-size: $wasm is missing: run trunk build --release first" >&2
  exit 1
fi
raw=$(wc -c < "$wasm")
gz=$(gzip -9 -c "$wasm" | wc -c)
kb() { awk -v b="$1" 'BEGIN { printf "%.1f KB", b / 1024 }'; }
echo "wasm-size: $wasm $raw bytes ($(kb "$raw")), gzipped $gz bytes ($(kb "$gz")); limit ${limit_kb} KB gzipped"
if [ "$gz" -gt $((limit_kb * 1024)) ]; then
  echo "wasm-size: FAIL: the gzipped module is over ${limit_kb} KB (docs/performance.md)" >&2
  exit 1
fi
