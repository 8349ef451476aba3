#!/usr/bin/env bash
# Browser tests of the play page: builds the site as it ships
# (`trunk build --release` into dist/), serves dist/ on a free localhost
# port and runs tests/e2e in headless Chromium (playwright-core driving
# /usr/bin/chromium). Screenshots land in test-output/e2e/.
#
#   scripts/e2e.sh              build, then test
#   scripts/e2e.sh --no-build   test the dist/ already there
#   scripts/e2e.sh --grep undo  only the tests whose name contains "undo"
#   scripts/e2e.sh --file play  only the tests of tests/e2e/*play*.test.mjs
set -euo pipefail
cd "$(dirname "$0")/.."

export PATH="$PWD/node_modules/.bin:$PATH"   # trunk finds wasm-opt here

build=1
args=()
for a in "$@"; do
  case "$a" in
    --no-build) build=0 ;;
    *) args+=("$a") ;;
  esac
done

for tool in trunk wasm-bindgen; do
  command -v "$tool" >/dev/null || { echo "e2e: $tool is missing: run scripts/setup.sh" >&2; exit 1; }
done
[ -x "${CHROMIUM:-/usr/bin/chromium}" ] || { echo "e2e: chromium is missing: run scripts/setup.sh" >&2; exit 1; }
[ -d node_modules/playwright-core ] || { echo "e2e: playwright-core is missing: run scripts/setup.sh" >&2; exit 1; }

if [ "$build" = 1 ]; then
  echo "[e2e] trunk build --release"
  trunk build --release
fi
[ -f dist/index.html ] && [ -f dist/shashki_bg.wasm ] || { echo "e2e: dist/ has no built site" >&2; exit 1; }

rm -rf test-output/e2e
mkdir -p test-output/e2e
echo "[e2e] running the browser tests"
node tests/e2e/run.mjs dist "${args[@]}"
