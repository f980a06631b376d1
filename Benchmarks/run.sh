#!/usr/bin/env bash
# Runs every benchmark of issue 3 (release builds) and prints one Markdown table on stdout;
# progress goes to stderr. Extra arguments go to the runner (`--rounds 9`, `--only W2`, …).
set -euo pipefail

benchmarks="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$benchmarks")"

"$root/scripts/ensure-sqlite.sh"
# R1 times the real command-line tool, built from the root package.
(cd "$root" && swift build -c release --product rxtrace >&2)
cd "$benchmarks"
swift build -c release >&2
swift run -c release --skip-build rxtrace-bench --rxtrace "$root/.build/release/rxtrace" "$@"
