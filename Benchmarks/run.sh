#!/usr/bin/env bash
# Runs the benchmarks of issues 3 and 12 (release builds) and prints one Markdown table on
# stdout, headed by the date, the machine, the commit and the command; progress goes to stderr.
#
#   --processes N   measure every row in N separate processes, one after the other (default 3);
#                   each cell is the median over the processes, with their min–max
#   --count W1s,W2  instructions per operation under callgrind instead of timings (`all`: every
#                   recorder-off row); see README.md
#
# Other arguments go to the runner (`--rounds 9`, `--only W2`, `--no-recorder`, `--no-report`, …;
# `rxtrace-bench --help` lists them).
set -euo pipefail

benchmarks="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$benchmarks")"

processes=3
arguments=()
needs_rxtrace=yes
while (($#)); do
    case "$1" in
        --processes)
            processes="${2:?--processes needs a number}"
            shift 2
            continue
            ;;
        --no-report | --count) needs_rxtrace=no ;;
    esac
    arguments+=("$1")
    shift
done

"$root/scripts/ensure-sqlite.sh"
if [[ $needs_rxtrace == yes ]]; then
    # R1 times the real command-line tool, built from the root package.
    (cd "$root" && swift build -c release --product rxtrace >&2)
fi
cd "$benchmarks"
# SwiftPM reuses its saved build plan for the root package, a path dependency here, and misses
# source files added to it since (the build then cannot find their types); planning again
# costs a few seconds.
rm -f .build/release/description.json
swift build -c release >&2

commit="$(git -C "$root" rev-parse --short HEAD)"
if ! git -C "$root" diff --quiet HEAD -- Sources Benchmarks/Sources Benchmarks/Package.swift Package.swift; then
    commit+=" with uncommitted changes"
fi
echo "$(date -u '+%a %b %-d %H:%M UTC %Y'), $(uname -sr) $(uname -m), $(nproc) cores, $(swift --version 2>/dev/null | head -n 1)."
echo "Commit $commit. Command: \`Benchmarks/run.sh --processes $processes${arguments[*]+ ${arguments[*]}}\`."
echo
.build/release/rxtrace-bench --rxtrace "$root/.build/release/rxtrace" --processes "$processes" \
    ${arguments[@]+"${arguments[@]}"}
