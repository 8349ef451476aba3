#!/usr/bin/env bash
# Fuzzes every parser and entry point that takes outside input (cargo-fuzz,
# libFuzzer, nightly Rust). Seeds each target's corpus from tests/data the
# first time (fuzz/corpus/, not committed).
#
#   bash scripts/fuzz.sh                 # a smoke run: 5 s per target
#   bash scripts/fuzz.sh --runs 1000000  # at least a million inputs each
#   bash scripts/fuzz.sh --time 60 play  # one target, 60 s
#
# Fails on any crash (panic, failed assertion) or an input over 1 s
# (libFuzzer's timeout); every input over 100 ms is printed as "SLOW" and
# also fails the run. Logs: fuzz/logs/TARGET.log.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
if ! cargo +nightly fuzz --version >/dev/null 2>&1; then
  echo "fuzz: skipped (needs a nightly toolchain and cargo-fuzz; scripts/setup.sh installs cargo-fuzz when nightly is there)"
  exit 0
fi
limit=(-max_total_time=5)
targets=()
while (($#)); do
  case "$1" in
    --runs) limit=(-runs="$2"); shift 2 ;;
    --time) limit=(-max_total_time="$2"); shift 2 ;;
    *) targets+=("$1"); shift ;;
  esac
done
((${#targets[@]})) || targets=(fen pdn notation play convert)

seed() {
  local t=$1 dir=fuzz/corpus/$1
  [[ -d $dir ]] && return
  mkdir -p "$dir"
  case $t in
    fen)
      head -n 60 tests/data/russian-openings.txt | split -l 1 - "$dir/opening-"
      grep -v '^#' tests/data/tactics.txt | cut -d'|' -f1 | split -l 1 - "$dir/tactic-" ;;
    pdn)
      awk -v d="$dir" 'BEGIN{RS=""; n=0} n<40 {n++; f=sprintf("%s/game-%03d", d, n); print > f; close(f)}' tests/data/russian-games.pdn ;;
    notation)
      grep -v '^#' tests/data/tactics.txt | awk -F' [|] ' -v d="$dir" '{f=sprintf("%s/shot-%03d", d, NR); printf "%s\n%s", $1, $2 > f; close(f)}' ;;
    play)
      awk -v d="$dir" 'BEGIN{RS=""; n=0} /^1\./ && n<40 {n++; gsub(/[0-9]+\. /, ""); gsub(/ (1-0|0-1|1\/2-1\/2|2-0|0-2|1-1|\*)$/, ""); gsub(/[ \n]+/, "\n"); f=sprintf("%s/line-%03d", d, n); print > f; close(f)}' tests/data/russian-games.pdn
      printf 'c3-d4\n{"from":"f6","to":"g5"}\n<\n>\n{"path":["g3","h4"]}\n' > "$dir/mixed" ;;
    convert)
      printf '{"from":"c3","to":"d4"}' > "$dir/from-to"
      printf '{"path":["c3","d4"],"notation":"c3-d4","crowns":false}' > "$dir/path"
      printf '{"from":"c3","to":"d4","captures":[]}' > "$dir/captures"
      printf '{"movetimeMs":500,"depth":3,"nodes":1000}' > "$dir/options"
      printf 'white' > "$dir/side"
      printf '3' > "$dir/level" ;;
  esac
}

mkdir -p fuzz/logs
status=0
for t in "${targets[@]}"; do
  seed "$t"
  log=fuzz/logs/$t.log
  echo "== fuzz $t (${limit[*]}) -> $log"
  if ! (cd fuzz && cargo +nightly fuzz run "$t" "corpus/$t" -- "${limit[@]}" -timeout=1 -print_final_stats=1) >"$log" 2>&1; then
    echo "fuzz $t FAILED (see $log)"; tail -n 30 "$log"; status=1
  fi
  if grep -q '^SLOW' "$log"; then
    echo "fuzz $t: inputs over 100 ms:"; grep '^SLOW' "$log" | head; status=1
  fi
  grep -E '^stat::number_of_executed_units|^Done [0-9]+ runs|slowest input so far' "$log" | tail -n 3 || true
done
exit $status
