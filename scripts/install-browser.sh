#!/bin/sh
# Installs Debian's Chromium for the end-to-end tests (tests/e2e), once; safe to run again.
# Playwright drives it with executable_path=/usr/bin/chromium; never `playwright install`
# (it downloads a browser of its own, which this machine's network refuses).
# Also a fallback font for the bss keyword brackets 【】 (U+3010/U+3011), which Debian's default
# fonts lack (they showed as empty boxes): fonts-droid-fallback, a low-priority fallback that
# changes no other glyph (tests/e2e/test_browser.py measures the rendering).
set -eu

CHROMIUM=${JUDGE_CHROMIUM:-/usr/bin/chromium}
NEED=""
[ -x "$CHROMIUM" ] || NEED="chromium"
if ! command -v fc-list >/dev/null 2>&1 || [ -z "$(fc-list ':charset=3010' 2>/dev/null)" ]; then
    NEED="$NEED fonts-droid-fallback"
fi

if [ -z "$NEED" ]; then
    echo "install-browser: $("$CHROMIUM" --version 2>/dev/null || echo "$CHROMIUM") and a font with 【】 already installed"
    exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then
        SUDO="sudo"
    else
        echo "install-browser: need root (or sudo) to apt-get install$NEED" >&2
        exit 1
    fi
fi

export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
# shellcheck disable=SC2086 # NEED is a list of package names
$SUDO apt-get install -y -q $NEED

if [ ! -x "$CHROMIUM" ]; then
    echo "install-browser: apt-get finished but $CHROMIUM is missing" >&2
    exit 1
fi
echo "install-browser: installed$NEED ($("$CHROMIUM" --version 2>/dev/null))"
