#!/usr/bin/env bash
# Re-records every golden file that pins what RxTrace prints, after a change that moves them
# on purpose (most often: an edit in an RxCore file that moves the line of a step the
# examples go through, which every report, page and snapshot names). Then `git diff` shows
# what changed, for review:
#   traces/                          the examples' traces, reports and pages (run-examples.sh)
#   Tests/RxTraceCLITests/Snapshots  the CLI's outputs
#   Tests/RxTraceTests/Rendering/Snapshots, Documentation/TraceSchema.md
#   Tests/Fixtures/LeakCheckFixture/expected-failure.txt (and the docs that quote it)
#   Documentation/images             the README's DOT and Mermaid exports
#   traces/screenshots               the README's screenshots (needs chromium)
# Each step is the one its own test or script documents; this runs them all, in an order
# where each sees the traces the step before wrote.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/run-examples.sh >/dev/null
echo "recorded traces/"
swift build --build-tests
RXTRACE_RECORD=1 swift test --skip-build --disable-swift-testing \
    --filter 'RxTraceCLITests|HTMLReportTests|TraceSchemaTests|ExampleReportTests' >/dev/null || true
echo "recorded the CLI, page and schema snapshots"
RXTRACE_RECORD=1 scripts/check-leak-fixture.sh >/dev/null || true
echo "recorded the leak fixture's expected failure"
scripts/render-doc-images.sh
RXTRACE_RECORD=1 scripts/test-browser.sh >/dev/null || true
echo "recorded traces/screenshots"
echo "now run scripts/test.sh: every golden file should match"
