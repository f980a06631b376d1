#!/usr/bin/env bash
# Runs the whole test suite: RxCore, the recorder, the examples' reports and the CLI.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/ensure-sqlite.sh
swift build --build-tests
swift test --skip-build
