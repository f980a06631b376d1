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
# TRACES/index.html, only when its bytes changed: a page holds no time of its own making.
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
escape() { sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g' -e 's/"/\&quot;/g'; }
copy_if_changed() {
    if ! cmp -s "$1" "$2"; then
        cp "$1" "$2"
        echo "updated $2"
    fi
}
index="$fresh/index.html"
{
    echo '<!DOCTYPE html>'
    echo '<html lang="en"><head><meta charset="utf-8">'
    echo "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">"
    echo '<meta name="viewport" content="width=device-width, initial-scale=1">'
    echo '<title>RxTrace examples</title>'
    echo '<style>body { font: 14px/1.5 system-ui, sans-serif; margin: 16px; } code { font-size: 12px; } li { margin: 6px 0; }</style>'
    echo '</head><body><h1>RxTrace examples</h1>'
    echo '<p>Each example&#39;s page: its call flows beside the source they run through, marble diagrams, lifetimes and leaks (<code>rxtrace report NAME.sqlite --format html</code>).</p><ul>'
} >"$index"
for trace in "$fresh"/*.sqlite; do
    name="$(basename "$trace" .sqlite)"
    "$rxtrace" report "$traces/$name.sqlite" --format html -o "$fresh/$name.html"
    copy_if_changed "$fresh/$name.html" "$traces/$name.html"
    link="$(printf '%s' "$name" | escape)"
    summary="$(head -n 1 "$traces/$name.txt" | escape)"
    echo "<li><a href=\"$link.html\">$link</a> · <a href=\"$link.txt\">text report</a><br><code>$summary</code></li>" >>"$index"
done
echo '</ul></body></html>' >>"$index"
copy_if_changed "$index" "$traces/index.html"
