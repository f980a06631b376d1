#!/usr/bin/env bash
# Usage: scripts/update-traces.sh FRESH TRACES
# Copies the examples' traces and reports recorded afresh into FRESH over the committed ones
# in TRACES, but only those that changed: NAME.sqlite and NAME.txt are copied when the report
# differs, when the trace's schema differs, or when TRACES has no such example yet. A trace
# holds times and thread ids that differ on every run, so copying every trace would change
# every committed file each time; the report (what `rxtrace report` prints, and what
# ExampleReportTests compares) and the schema are what says whether anything changed.
# Prints one line per example it updates. RXTRACE names the rxtrace binary to use.
set -euo pipefail
fresh="$1"
traces="$2"
rxtrace="${RXTRACE:-rxtrace}"

schema() {
    "$rxtrace" query "$1" "PRAGMA user_version"
    "$rxtrace" query "$1" "SELECT type, name, sql FROM sqlite_schema ORDER BY type, name" --format json
}

for trace in "$fresh"/*.sqlite; do
    name="$(basename "$trace" .sqlite)"
    if [ -f "$traces/$name.sqlite" ] && [ -f "$traces/$name.txt" ] \
        && cmp -s "$fresh/$name.txt" "$traces/$name.txt" \
        && [ "$(schema "$trace")" = "$(schema "$traces/$name.sqlite")" ]; then
        continue
    fi
    cp "$fresh/$name.sqlite" "$traces/$name.sqlite"
    cp "$fresh/$name.txt" "$traces/$name.txt"
    echo "updated $traces/$name.sqlite and $name.txt"
done
