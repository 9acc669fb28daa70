"""End-to-end fixtures: the app under gunicorn on a free loopback port, Debian's Chromium via Playwright.

Chromium comes from `scripts/install-browser.sh` (apt-get install chromium). Without it these
tests fail, saying so; they never skip silently.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from judge_app.web.serverproc import start_server, stop_server

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = os.environ.get("JUDGE_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


@pytest.fixture(scope="session")
def server():
    proc, base = start_server(workers=2)
    yield base
    stop_server(proc)


@pytest.fixture(scope="session")
def browser():
    if not os.path.exists(CHROMIUM):
        pytest.fail(f"Chromium is not installed at {CHROMIUM}: run scripts/install-browser.sh "
                    "(CI runs it before the tests); never `playwright install`", pytrace=False)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        # Playwright gives every launch a fresh, empty user-data-dir of its own
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS, headless=True)
        yield b
        b.close()


class PageProblems:
    """Console errors, page errors and CSP violations seen by a page."""

    def __init__(self, page):
        self.items: list[str] = []
        page.on("console", lambda m: self.items.append(f"console {m.type}: {m.text}")
                if m.type == "error" or "Content Security Policy" in m.text else None)
        page.on("pageerror", lambda e: self.items.append(f"pageerror: {e}"))

    def assert_none(self):
        # answers to deliberately wrong input (404 unknown rule, 400 scenario error, 413 too large)
        # are logged by Chromium as console errors; ignore only those
        real = [i for i in self.items if not re.search(r"status of (404|400|413)\b", i)]
        assert not real, real


def _context(browser, server, **kw):
    ctx = browser.new_context(base_url=server, **kw)
    ctx.grant_permissions(["clipboard-read", "clipboard-write"], origin=server)
    return ctx


@pytest.fixture()
def page(browser, server):
    ctx = _context(browser, server, viewport={"width": 1280, "height": 900})
    pg = ctx.new_page()
    problems = PageProblems(pg)
    yield pg
    problems.assert_none()
    ctx.close()


@pytest.fixture()
def phone(browser, server):
    ctx = _context(browser, server, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                   device_scale_factor=2)
    pg = ctx.new_page()
    problems = PageProblems(pg)
    yield pg
    problems.assert_none()
    ctx.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
