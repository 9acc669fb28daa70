#!/bin/sh
# Installs Debian's Chromium for the end-to-end tests (tests/e2e), once; safe to run again.
# Playwright drives it with executable_path=/usr/bin/chromium; never `playwright install`
# (it downloads a browser of its own, which this machine's network refuses).
set -eu

CHROMIUM=${JUDGE_CHROMIUM:-/usr/bin/chromium}

if [ -x "$CHROMIUM" ]; then
    echo "install-browser: $("$CHROMIUM" --version 2>/dev/null || echo "$CHROMIUM") already installed"
    exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then
        SUDO="sudo"
    else
        echo "install-browser: need root (or sudo) to apt-get install chromium" >&2
        exit 1
    fi
fi

export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
$SUDO apt-get install -y -q chromium

if [ ! -x "$CHROMIUM" ]; then
    echo "install-browser: apt-get finished but $CHROMIUM is missing" >&2
    exit 1
fi
echo "install-browser: installed $("$CHROMIUM" --version 2>/dev/null)"
