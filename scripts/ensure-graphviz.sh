#!/usr/bin/env bash
# Installs Graphviz (Debian: graphviz) when `dot` is missing: the export tests render the DOT
# export with `dot -Tsvg`, and scripts/render-doc-images.sh draws the README's graph with it.
set -euo pipefail

if command -v dot >/dev/null 2>&1; then
    exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
    echo "Graphviz's dot is missing; install it (graphviz, or brew's graphviz)." >&2
    exit 1
fi

sudo_if_needed=""
if [ "$(id -u)" -ne 0 ]; then sudo_if_needed="sudo"; fi
echo "Installing graphviz (needed by the DOT export tests)…" >&2
$sudo_if_needed apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo_if_needed apt-get install -y -qq graphviz >/dev/null
