#!/usr/bin/env bash
# What the leak checks cost a test suite (issue 12, goal 3): RxCore's own tests
# (Tests/RxCoreTests, every class an `RxCoreTestCase: RxLeakCheckedTestCase`) timed as they
# are, and timed again built with `-Xswiftc -DRXCORE_TESTS_WITHOUT_LEAK_CHECKS`, which makes
# `RxCoreTestCase` a plain `XCTestCase` (a measurement knob: that build lives in its own
# scratch path, `.build-noleak`, and is never used for a verdict).
#
#   Benchmarks/leak-check-overhead.sh [--runs N] [--skip-build]
#
# Debug builds, as `swift test` builds them. The two suites run alternately, N times each
# (default 3); the time is XCTest's own wall time for the selected tests (process and SwiftPM
# start-up left out). Prints the median and min–max of each and the ratio of the medians.
# One test reads the scope the leak check binds and cannot pass without it; both runs skip it.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
runs=3
build=yes
while (($#)); do
    case "$1" in
        --runs) runs="${2:?--runs needs a number}"; shift 2 ;;
        --skip-build) build=no; shift ;;
        *) echo "usage: $0 [--runs N] [--skip-build]" >&2; exit 2 ;;
    esac
done

cd "$root"
knob=RXCORE_TESTS_WITHOUT_LEAK_CHECKS
skipped='InstrumentationTests/testTraceScope_IsBoundForTheCodeInsideWithValue'
if [[ $build == yes ]]; then
    echo "[leak-check-overhead] building the tests with the leak checks (.build)" >&2
    swift build --build-tests >&2
    echo "[leak-check-overhead] building the tests without them (.build-noleak, -D$knob)" >&2
    swift build --build-tests --scratch-path .build-noleak -Xswiftc "-D$knob" >&2
fi

# Runs RxCoreTests from the build in scratch path $1; prints XCTest's seconds for them.
run_suite() {
    local output seconds
    output="$(swift test --skip-build --scratch-path "$1" --disable-swift-testing \
        --filter '^RxCoreTests\.' --skip "$skipped" 2>&1)" || {
        echo "$output" | grep -E "error|failed|Executed" | tail -n 20 >&2
        echo "[leak-check-overhead] the suite in $1 failed" >&2
        return 1
    }
    # "Executed 1234 tests, with 0 failures (0 unexpected) in 20.1 (20.3) seconds": the
    # number in parentheses is the wall time.
    seconds="$(echo "$output" | grep -E "Executed [0-9]+ tests" | tail -n 1 | sed -E 's/.*\(([0-9.]+)\) seconds.*/\1/')"
    echo "[leak-check-overhead] $1: $(echo "$output" | grep -E "Executed [0-9]+ tests" | tail -n 1 | sed 's/^ *//')" >&2
    echo "$seconds"
}

# Median, minimum and maximum of the numbers on standard input.
summary() {
    sort -g | awk '{ v[NR] = $1 } END {
        m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
        printf "%.2f %.2f %.2f\n", m, v[1], v[NR]
    }'
}

with=()
without=()
for ((run = 1; run <= runs; run++)); do
    echo "[leak-check-overhead] run $run of $runs" >&2
    # Alternate which goes first, so neither always runs on a cooler or busier machine.
    if ((run % 2)); then
        with+=("$(run_suite .build)")
        without+=("$(run_suite .build-noleak)")
    else
        without+=("$(run_suite .build-noleak)")
        with+=("$(run_suite .build)")
    fi
done

read -r with_median with_min with_max < <(printf '%s\n' "${with[@]}" | summary)
read -r without_median without_min without_max < <(printf '%s\n' "${without[@]}" | summary)
ratio="$(awk -v a="$with_median" -v b="$without_median" 'BEGIN { printf "%.2f", a / b }')"

echo "RxCoreTests, debug build, $runs runs each, XCTest's wall time: median (min–max)."
echo "Commit $(git rev-parse --short HEAD), $(date -u '+%a %b %-d %H:%M UTC %Y'). Command: \`Benchmarks/leak-check-overhead.sh --runs $runs\`."
echo
echo "| suite | seconds |"
echo "|---|--:|"
echo "| with the leak checks (\`RxLeakCheckedTestCase\`) | $with_median ($with_min–$with_max) |"
echo "| without (\`-D$knob\`) | $without_median ($without_min–$without_max) |"
echo "| ratio of the medians | ${ratio}× (limit 1.5×) |"
