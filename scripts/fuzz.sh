#!/usr/bin/env bash
# A libFuzzer session over the trace readers (Documentation/Fuzzing.md): builds the fuzz target
# Tests/Fixtures/TraceFuzzer with -sanitize=fuzzer,address and runs it for SECONDS (default
# 600). The build, the corpus and the findings (inputs that broke the reader rule, as
# crash-*, timeout-* or oom-* files) are kept in $RXTRACE_FUZZ_DIR (default
# ${TMPDIR:-/tmp}/rxtrace-fuzz), so a second session starts from what the first found.
#
#   scripts/fuzz.sh [SECONDS] [extra libFuzzer options…]
#   scripts/fuzz.sh --replay FILE    runs one finding again and prints its regression file
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="${RXTRACE_FUZZ_DIR:-${TMPDIR:-/tmp}/rxtrace-fuzz}"
mkdir -p "$work/corpus" "$work/findings"

# The package builds next to a link named after the package it depends on, with copies of
# the fuzz test's sources (so the target and the test suite damage traces the same way).
ln -sfn "$root" "$work/RxTrace"
mkdir -p "$work/TraceFuzzer/Sources/rxtrace-fuzz"
cp "$root/Tests/Fixtures/TraceFuzzer/Package.swift" "$work/TraceFuzzer/"
rm -rf "$work/TraceFuzzer/Sources/CFuzzerDriver"
cp -R "$root/Tests/Fixtures/TraceFuzzer/Sources/CFuzzerDriver" "$work/TraceFuzzer/Sources/"
cp "$root/Tests/Fixtures/TraceFuzzer/Sources/rxtrace-fuzz/Fuzzer.swift" \
    "$root"/Tests/RxTraceTests/Fuzz/{TraceDamage,FuzzCase,ReaderCheck}.swift \
    "$work/TraceFuzzer/Sources/rxtrace-fuzz/"
(cd "$work/TraceFuzzer" && swift build --product rxtrace-fuzz \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library)
fuzzer="$work/TraceFuzzer/.build/debug/rxtrace-fuzz"
export RXTRACE_FUZZ_TRACES="$root/traces"

if [ "${1:-}" = "--replay" ]; then
    status=0
    RXTRACE_FUZZ_CASE="$work/replayed-case.sql" "$fuzzer" "$2" || status=$?
    echo "--- the case, as a regression file for Tests/RxTraceTests/Fuzz/Regressions/ ---"
    cat "$work/replayed-case.sql"
    exit "$status"
fi

seconds="${1:-600}"
shift || true
# -timeout: a case SQLite or Swift works on for 2 minutes is a hang; -rss_limit_mb: memory
# out of proportion to a trace of a few megabytes.
# -max_len, -len_control=0: inputs long enough for three damages and their sizes from the start.
exec "$fuzzer" -max_total_time="$seconds" -timeout=120 -rss_limit_mb=2048 -max_len=64 -len_control=0 \
    -artifact_prefix="$work/findings/" "$@" "$work/corpus"
