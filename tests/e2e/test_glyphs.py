"""The bss keyword brackets 【】 render as glyphs, not as empty boxes ("tofu"), in Debian's
Chromium with the fonts scripts/install-browser.sh installs."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

MISSING = "\U0010fffd"  # a private-use code point no font draws: Chromium's box for a missing glyph


def _shot(page, text: str) -> tuple[bytes, float]:
    """The glyph drawn in the rule text's own font and size, as pixels, and its width."""
    page.evaluate("""([text]) => {
        const old = document.getElementById('glyph-probe'); if (old) old.remove();
        const probe = document.createElement('span');
        probe.id = 'glyph-probe';
        probe.textContent = text;
        probe.style.cssText = 'position:fixed;left:8px;top:8px;padding:4px;background:#fff;color:#000;z-index:99';
        document.querySelector('main').appendChild(probe);
    }""", [text])
    el = page.locator("#glyph-probe")
    return el.screenshot(), el.bounding_box()["width"]


def test_keyword_brackets_are_not_tofu(page, server):
    page.goto("/bss/11-1-1")
    assert "【Awaken】" in page.locator("main").inner_text()  # the rule text holds them
    tofu, tofu_width = _shot(page, MISSING)
    blank, _ = _shot(page, "\u2002")  # an en space: no ink at all
    for ch in "【】":
        pixels, width = _shot(page, ch)
        assert width > 0
        assert pixels != tofu, f"{ch!r} renders as the missing-glyph box"
        assert pixels != blank, f"{ch!r} renders as nothing"
    # the opening and closing brackets are mirror images, not one box drawn twice
    assert _shot(page, "【")[0] != _shot(page, "】")[0]
    assert tofu_width > 0  # the probe itself works: a missing glyph is drawn as a box
