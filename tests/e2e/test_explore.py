""""Explore every choice" in a real browser (Debian's Chromium via Playwright), on a desktop and a phone."""

from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

SCN = Path(__file__).resolve().parents[1] / "scenarios" / "explore" / "bss"


def _explore(pg, name: str) -> None:
    pg.goto("/check")
    pg.fill("#scenario", (SCN / f"{name}.scn").read_text(encoding="utf-8"))
    pg.get_by_role("button", name="Explore every choice").click()
    pg.wait_for_selector("section.explore")


def test_explore_tree_opens_and_collapses(page):
    _explore(page, "three-choices-flash-block-flash")
    assert page.locator(".x-summary").inner_text().startswith("4 outcomes")
    # the first choice's answers are open; deeper ones start collapsed and open on a click
    first = page.locator(".x-tree > .x-options > li > details.x-branch")
    assert first.count() == 2 and first.nth(0).get_attribute("open") is not None
    deep = page.locator('.x-tree .x-options .x-options details.x-branch:has(> summary code:text-is("B does not block"))'
                        ).first
    assert deep.get_attribute("open") is None
    deep.locator("> summary").click()
    assert deep.get_attribute("open") is not None
    outcome = deep.locator(".x-outcome").first
    outcome.wait_for(state="visible")
    assert "What changed" in outcome.inner_text()
    # the choice path is in words, and the rules behind each step are links
    assert page.locator('summary code:text-is("B uses \\"Frost Bite\\" paying 1 from reserve")').count() >= 1
    assert page.locator('.x-question a[href="/bss/7-1-2-1"]').count() == 1
    # the share link reopens the same explored view
    page.goto(page.locator("a.share").get_attribute("href"))
    assert page.locator("section.explore .x-summary").inner_text().startswith("4 outcomes")


def test_explore_on_a_phone(phone, artifacts):
    _explore(phone, "two-choices-target-then-block")
    for d in phone.locator("details.x-branch > summary").all():
        if d.locator("xpath=..").get_attribute("open") is None:
            d.tap()
    assert phone.locator(".x-outcome").count() == 4
    assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    # text stays readable: no font below 12 px in the tree
    assert phone.evaluate("Math.min(...[...document.querySelectorAll('.explore *')].map("
                          "e => parseFloat(getComputedStyle(e).fontSize)))") >= 12
    phone.screenshot(path=str(artifacts / "explore-phone.png"), full_page=True)
