"""The checker page in a real browser: the words of a card's text the engine understood (issue 13)."""

from __future__ import annotations

from pathlib import Path

import pytest

CONTRAST_JS = (Path(__file__).parent / "contrast.js").read_text(encoding="utf-8")

SCENARIO = """game bss
turn 5, A, main step
A: life 5, reserve 5, deck 20, hand 2
A hand: magic "Good" red, cost 1, effect "(Main) Draw 1 card."
A hand: magic "Odd" red, cost 1, effect "[LV2][LV3] (When Attacks) Destroy 1 opposing wizard."
B: life 5, reserve 3, deck 20, hand 4
"""


def test_checker_marks_the_understood_words_and_the_first_word_not_understood(page, server):
    page.goto("/check")
    page.fill("#scenario", SCENARIO)
    page.click(".check-form button[type=submit]")
    stop = page.locator(".card-texts li.ct-not-understood mark.ct-stop")
    stop.wait_for()
    assert stop.inner_text() == "wizard"
    odd = page.locator(".card-texts li.ct-not-understood")
    assert odd.locator(".ct-read").inner_text().strip() == "[LV2][LV3] (When Attacks) Destroy 1 opposing"
    assert "Destroy 1 opposing spirit with 5000 BP or less." in odd.locator(".ct-nearest").inner_text()
    assert page.locator(".card-texts li.ct-read .ct-read").inner_text() == "(Main) Draw 1 card."
    # the stopping word is visibly marked: its background differs from the page's
    mark_bg = stop.evaluate("e => getComputedStyle(e).backgroundColor")
    page_bg = page.evaluate("() => getComputedStyle(document.body).backgroundColor")
    assert mark_bg != page_bg and mark_bg not in ("rgba(0, 0, 0, 0)", "transparent")
    # the user's text is kept in the form
    assert "opposing wizard" in page.locator("#scenario").input_value()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_card_text_marks_are_legible(browser, server, scheme):
    ctx = browser.new_context(base_url=server, color_scheme=scheme, viewport={"width": 1280, "height": 900})
    pg = ctx.new_page()
    pg.goto("/check")
    pg.fill("#scenario", SCENARIO)
    pg.click(".check-form button[type=submit]")
    pg.locator(".card-texts li.ct-not-understood mark.ct-stop").wait_for()
    r = pg.evaluate(CONTRAST_JS)
    ctx.close()
    assert not r["text"] + r["borders"], r
