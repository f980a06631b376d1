#!/usr/bin/env bash
# Draws the README's export examples afresh: records the subject-never-completes and just-map
# examples, exports the first as DOT (Documentation/images/subject-never-completes.dot) and
# renders it with Graphviz (…/subject-never-completes.svg), and exports the second's
# subscription as a Mermaid diagram (Documentation/images/just-map.mmd), which the README
# shows. ExportTests checks that the committed .dot and the README's diagram match what
# rxtrace exports today.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/ensure-graphviz.sh
swift build --product rxtrace
rxtrace="$(swift build --show-bin-path)/rxtrace"
images=Documentation/images
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$images"

(cd "$scratch" && "$rxtrace" run subject-never-completes --out . >/dev/null && "$rxtrace" run just-map --out . >/dev/null)
"$rxtrace" export "$scratch/subject-never-completes.sqlite" --format dot -o "$images/subject-never-completes.dot"
dot -Tsvg "$images/subject-never-completes.dot" -o "$images/subject-never-completes.svg"
"$rxtrace" export "$scratch/just-map.sqlite" --format mermaid --subscription 1 -o "$images/just-map.mmd"
echo "wrote $images/subject-never-completes.dot, .svg and $images/just-map.mmd"
