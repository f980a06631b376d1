#!/usr/bin/env bash
# Installs SQLite's development files (Debian: libsqlite3-dev) when they are missing: the
# CSQLite target compiles against <sqlite3.h> and links the system's libsqlite3.
set -euo pipefail

if [ -f /usr/include/sqlite3.h ] && { pkg-config --exists sqlite3 2>/dev/null || [ ! -x "$(command -v pkg-config)" ]; }; then
    exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
    echo "SQLite's development files are missing; install them (libsqlite3-dev, sqlite-devel or brew's sqlite)." >&2
    exit 1
fi

sudo_if_needed=""
if [ "$(id -u)" -ne 0 ]; then sudo_if_needed="sudo"; fi
echo "Installing libsqlite3-dev (needed by the CSQLite target)…" >&2
$sudo_if_needed apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo_if_needed apt-get install -y -qq libsqlite3-dev pkg-config >/dev/null
