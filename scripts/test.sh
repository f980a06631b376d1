#!/usr/bin/env bash
# Runs the whole test suite: RxCore, RxTesting, the recorder, the examples' reports and the
# CLI; then the leak-check fixture package, whose leaking test must fail with the pinned
# report while its clean test passes; then the example pages in headless Chromium
# (scripts/test-browser.sh, which installs chromium when missing). Graphviz is installed
# first, so the DOT export tests render rather than skip.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/ensure-sqlite.sh
scripts/ensure-graphviz.sh
swift build --build-tests
swift test --skip-build
scripts/check-leak-fixture.sh
scripts/test-browser.sh
