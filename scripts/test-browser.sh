#!/usr/bin/env bash
# Opens the committed example pages (traces/empty.html, traces/subject-never-completes.html,
# traces/share-replay.html) in headless Chromium, drives them as a reader would (keys, buttons,
# play, #step=N, a marble clicked, the line behind an onNext step opened, the source folded) and
# checks what they show (scripts/browser-test.py, through scripts/browser_session.py). Its
# screenshots go to a scratch folder; `RXTRACE_RECORD=1 scripts/test-browser.sh` writes them
# over the README's, in traces/screenshots/. Installs Debian's chromium first when it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v chromium >/dev/null 2>&1; then
    echo "installing chromium (apt-get)…"
    sudo=""
    if [ "$(id -u)" != 0 ]; then sudo=sudo; fi
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
fi
python3 scripts/browser-test.py chromium
