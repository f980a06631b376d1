#!/usr/bin/env bash
# Usage: scripts/update-traces.sh FRESH TRACES
# Copies the examples' traces and reports recorded afresh into FRESH over the committed ones
# in TRACES, but only those that changed: NAME.sqlite and NAME.txt are copied when the report
# differs, when the trace's schema differs, or when TRACES has no such example yet. A trace
# holds times and thread ids that differ on every run, so copying every trace would change
# every committed file each time; the report (what `rxtrace report` prints, and what
# ExampleReportTests compares) and the schema are what says whether anything changed.
# Then each example's page, NAME.html, is rendered from the trace now in TRACES (so from the
# same trace as long as that is kept) with the package's current sources, and copied, like
# TRACES/index.html (`rxtrace examples --html-index`: the examples by seed article), only when
# its bytes changed: a page holds no time of its own making.
# Prints one line per file it updates. RXTRACE names the rxtrace binary to use.
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

# The pages: NAME.html from TRACES/NAME.sqlite, and an index linking every example.
copy_if_changed() {
    if ! cmp -s "$1" "$2"; then
        cp "$1" "$2"
        echo "updated $2"
    fi
}
for trace in "$fresh"/*.sqlite; do
    name="$(basename "$trace" .sqlite)"
    "$rxtrace" report "$traces/$name.sqlite" --format html -o "$fresh/$name.html"
    copy_if_changed "$fresh/$name.html" "$traces/$name.html"
done
# The index groups the examples by seed article, with each one's lesson.
index="$fresh/index.html"
"$rxtrace" examples --html-index >"$index"
copy_if_changed "$index" "$traces/index.html"
