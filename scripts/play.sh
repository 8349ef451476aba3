#!/usr/bin/env bash
# Sets everything up (idempotent) and serves the game at http://127.0.0.1:8080/
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --play   # no browser needed to play
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"
exec trunk serve --release "$@"
