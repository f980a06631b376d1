#!/usr/bin/env bash
# The main job: runs every traced example with recording on and prints each example's report
# (call flows, then leaks). The traces and reports are recorded into .build/examples, then
# copied into traces/ only where the report or the schema changed (scripts/update-traces.sh),
# so that a run that changes nothing leaves `git status` clean; it also keeps each example's
# page, traces/NAME.html, and traces/index.html in step. The last line counts the examples
# and the leaks.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/ensure-sqlite.sh
swift build --product rxtrace
rxtrace="$(swift build --show-bin-path)/rxtrace"
fresh=.build/examples
rm -rf "$fresh"
mkdir -p "$fresh"

# rxtrace run ends with the summary line; it is printed again last, after the copies.
"$rxtrace" run --all --out "$fresh" --report >"$fresh/output.txt"
sed '$d' "$fresh/output.txt"
RXTRACE="$rxtrace" scripts/update-traces.sh "$fresh" traces
tail -n 1 "$fresh/output.txt"
