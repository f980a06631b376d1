#!/usr/bin/env bash
# The main job: runs every traced example with recording on, writes traces/NAME.sqlite and
# its report traces/NAME.txt, and prints each example's report (call flows, then leaks).
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/ensure-sqlite.sh
swift build --product rxtrace
swift run --skip-build rxtrace run --all --out traces --report
