#!/usr/bin/env bash
# What the leak checks cost a test suite (issue 12, goal 3): RxCore's own tests
# (Tests/RxCoreTests, every class an `RxCoreTestCase: RxLeakCheckedTestCase`) timed as they
# are, and timed again built with `-Xswiftc -DRXCORE_TESTS_WITHOUT_LEAK_CHECKS`, which makes
# `RxCoreTestCase` a plain `XCTestCase` (a measurement knob: that build lives in its own
# scratch path, `.build-noleak`, and is never used for a verdict).
#
#   Benchmarks/leak-check-overhead.sh [--runs N] [--skip-build]
#
# Debug builds, as `swift test` builds them. The test bundle of each build runs the same list
# of RxCoreTests cases (from `--list-tests`), the two alternately, N times each (default 5).
# Two times per run: XCTest's wall time for the tests (process start-up left out), and the
# process's CPU time (user + system, from /usr/bin/time), which a loaded machine disturbs
# less: waits (the check's retries, real schedulers' timers) cost wall time, not CPU. Prints
# the median and min–max of each and the ratios of the medians. One test reads the scope the
# leak check binds and cannot pass without it; both runs leave it out.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
runs=5
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

# The RxCoreTests test cases, less the skipped one, as XCTest names them: the same list for
# both builds, run by the test bundle itself (no SwiftPM in the timings).
tests="$(.build/debug/*PackageTests.xctest --list-tests 2>/dev/null | grep '^RxCoreTests\.' | grep -v "$skipped" | paste -sd, -)"
[[ -n $tests ]] || { echo "[leak-check-overhead] no RxCoreTests in .build/debug" >&2; exit 1; }

# Runs the tests from the build in scratch path $1; prints XCTest's wall seconds and the
# process's CPU seconds (user + system).
run_suite() {
    local output seconds cpu
    output="$(/usr/bin/time -f '%U %S' -o "$timing" "$1"/debug/*PackageTests.xctest "$tests" 2>&1)" || {
        echo "$output" | grep -E "error|failed|Executed" | tail -n 20 >&2
        echo "[leak-check-overhead] the tests in $1 failed" >&2
        return 1
    }
    # "Executed 1234 tests, with 0 failures (0 unexpected) in 20.1 (20.3) seconds": the
    # number in parentheses is the wall time.
    local executed
    executed="$(echo "$output" | grep -E "Executed [0-9]+ tests" | tail -n 1)"
    seconds="$(echo "$executed" | sed -E 's/.*\(([0-9.]+)\) seconds.*/\1/')"
    cpu="$(awk '{ printf "%.2f", $1 + $2 }' "$timing")"
    echo "[leak-check-overhead] $1: $(echo "$executed" | sed 's/^[[:space:]]*//'); CPU $cpu s" >&2
    echo "$seconds $cpu"
}

# Median, minimum and maximum of the numbers on standard input.
summary() {
    sort -g | awk '{ v[NR] = $1 } END {
        m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
        printf "%.2f %.2f %.2f\n", m, v[1], v[NR]
    }'
}

timing="$(mktemp)"
trap 'rm -f "$timing"' EXIT
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

read -r with_wall with_wall_min with_wall_max < <(printf '%s\n' "${with[@]}" | cut -d' ' -f1 | summary)
read -r without_wall without_wall_min without_wall_max < <(printf '%s\n' "${without[@]}" | cut -d' ' -f1 | summary)
read -r with_cpu with_cpu_min with_cpu_max < <(printf '%s\n' "${with[@]}" | cut -d' ' -f2 | summary)
read -r without_cpu without_cpu_min without_cpu_max < <(printf '%s\n' "${without[@]}" | cut -d' ' -f2 | summary)
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

echo "RxCoreTests ($(echo "$tests" | tr ',' '\n' | wc -l) tests), debug build, $runs runs each, alternating: median (min–max)."
commit="$(git rev-parse --short HEAD)"
git diff --quiet HEAD -- Sources Tests || commit+=" with uncommitted changes"
echo "Commit $commit, $(date -u '+%a %b %-d %H:%M UTC %Y'). Command: \`Benchmarks/leak-check-overhead.sh --runs $runs\`."
echo
echo "| suite | wall, s (XCTest) | CPU, s (user + system) |"
echo "|---|--:|--:|"
echo "| with the leak checks (\`RxLeakCheckedTestCase\`) | $with_wall ($with_wall_min–$with_wall_max) | $with_cpu ($with_cpu_min–$with_cpu_max) |"
echo "| without (\`-D$knob\`) | $without_wall ($without_wall_min–$without_wall_max) | $without_cpu ($without_cpu_min–$without_cpu_max) |"
echo "| ratio of the medians (limit 1.5×) | $(ratio "$with_wall" "$without_wall")× | $(ratio "$with_cpu" "$without_cpu")× |"
