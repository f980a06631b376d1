#!/usr/bin/env bash
# Checks the format of RxTrace's own Swift (the recorder, the readers and renderers, the CLI,
# RxTesting) against .swift-format with the toolchain's swift-format; `--fix` formats them in
# place instead. RxCore, RxRelay and RxExamples keep their RxSwift-shaped layout: a trace
# names the line of every step and of every example's call, and the committed reports and
# pages pin those lines (CONTRIBUTING.md, "Formatting").
set -euo pipefail
cd "$(dirname "$0")/.."
paths=(Sources/RxTrace Sources/rxtrace Sources/RxTesting)
if [ "${1:-}" = "--fix" ]; then
    swift-format format --configuration .swift-format --recursive --parallel --in-place "${paths[@]}"
else
    swift-format lint --configuration .swift-format --recursive --parallel --strict "${paths[@]}"
    echo "lint: ${paths[*]} are formatted as .swift-format says"
fi
