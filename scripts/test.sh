#!/usr/bin/env bash
# Runs the whole test suite, in stages that each run whatever the others did:
#   build        the package and its tests; any compiler warning fails the `warnings` stage
#   generated    the generated arity files match what their scripts write
#   format       RxTrace's own Swift is formatted as .swift-format says (scripts/lint.sh)
#   xctest       RxCore, RxTesting, the recorder, the examples' reports and the CLI
#   fuzz         250 more fuzz cases over the trace readers (Documentation/Fuzzing.md)
#   tsan         the multi-threaded suites again under the thread sanitizer
#   leak-fixture the leak-check fixture package: its leaking test fails with the pinned report
#   browser      the example pages in headless Chromium (installs chromium when missing)
# Graphviz is installed first, so the DOT export tests render rather than skip.
#
# Each stage is run by scripts/test-stage.py, which bounds it in time (a test that hangs is
# named and killed, and the rest of its suite runs on) and counts its tests or checks. The
# last line adds up every stage: "N passed, N failed, N skipped", followed, when anything
# failed, by the failed stages and tests. The exit status is 1 when anything failed.
set -uo pipefail
cd "$(dirname "$0")/.."

scripts/ensure-sqlite.sh || exit 1
scripts/ensure-graphviz.sh || exit 1

results="$(mktemp)"
build_log="$(mktemp)"
trap 'rm -f "$results" "$build_log"' EXIT
stage() { python3 scripts/test-stage.py "$1" "$results" "${@:2}"; }

# A cold build (as CI's is) compiles every file, so this stage sees every warning there is.
stage build --stage-limit 1800 -- bash -c 'swift build --build-tests 2>&1 | tee "$0"; exit "${PIPESTATUS[0]}"' "$build_log"
warnings="$(grep -E ': warning: |^warning: ' "$build_log" | sort -u)"
stage warnings -- bash -c '[ -z "$0" ] || { printf "%s\n" "$0"; echo "the build printed warnings"; exit 1; }' "$warnings"

stage generated -- bash -c 'python3 scripts/generate-arity.py --check && python3 scripts/generate-trait-arity.py --check'
stage format -- scripts/lint.sh

# The package's tests are XCTest ones (the Swift Testing trait is exercised by the fixture
# package below). The XCTest binary is run by scripts/xctest-run.py, on test classes: `swift
# test --skip` would hand it every test's name in one argument, longer than Linux allows.
binary="$(swift build --show-bin-path)/RxTracePackageTests.xctest"
stage xctest --xctest --test-limit 180 --stage-limit 2400 -- python3 scripts/xctest-run.py "$binary"

# The suite fuzzes the trace readers with seeds 1 to 50; this runs 250 more cases from other
# seeds, bounded by their count, not by time (about 45 s here), so a failure names a seed
# that reproduces it anywhere.
stage fuzz --xctest --test-limit 600 -- env RXTRACE_FUZZ_SEED=100001 RXTRACE_FUZZ_ITERATIONS=250 \
    swift test --skip-build --disable-swift-testing --filter 'TraceFuzzTests/testSeededDamage'

# The thread sanitizer over the suites where threads meet: RxCore's schedulers, subjects and
# operators, the relays, the leak checks and the recorder (its writer thread). A race fails
# the test it happens in. Left out for time: the trace readers' and the CLI's suites, which
# read on one thread (they run under TSan clean too, in about 4 more minutes:
# Documentation/Testing.md). Its build goes to a folder of its own.
stage tsan-build --stage-limit 1800 -- swift build --build-tests --sanitize=thread --scratch-path .build-tsan
tsan_binary="$(swift build --sanitize=thread --scratch-path .build-tsan --show-bin-path)/RxTracePackageTests.xctest"
stage tsan --xctest --test-limit 300 --stage-limit 2400 -- \
    python3 scripts/xctest-run.py "$tsan_binary" --skip-suites scripts/tsan-skipped-suites.txt

stage leak-fixture --stage-limit 1200 -- scripts/check-leak-fixture.sh
stage browser --stage-limit 900 -- scripts/test-browser.sh

# The closing line, over every stage.
echo
awk -F'\t' '
    { passed += $2; failed += $3; skipped += $4; if ($5 != "") { failures = failures (failures ? "; " : "") $5 } }
    END {
        line = passed " passed, " failed " failed, " skipped " skipped"
        if (failed) { print line " (failed: " failures ")" } else { print line }
        exit failed ? 1 : 0
    }' "$results"
