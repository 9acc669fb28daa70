"""Search scope in a real browser: the game a user picks is remembered, shown and undone;
unscoped results are grouped per game; an empty scoped search offers the games that match; a
rule number that exists nowhere says so."""

from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.browser


def test_search_scope_journey(page, server):
    # pick a game on the home page and search: the results are that game's only, and say so
    page.goto("/")
    page.select_option("select[name=game]", "ws")
    page.fill("#q", "graveyard")
    page.press("#q", "Enter")
    page.wait_for_url(re.compile(r"/search\?.*game=ws"))
    assert "Weiss Schwarz only" in page.locator("[data-scope-note]").inner_text()
    assert page.locator("a.hit-link").count() > 0
    assert all("/ws/" in h for h in page.locator("a.hit-link").evaluate_all("els => els.map(e => e.href)"))

    # the choice is remembered: the home page's picker comes back set to it ...
    page.goto("/")
    assert page.eval_on_selector("select[name=game]", "s => s.value") == "ws"
    # ... and a page without a game of its own shows the scope in its top bar, with "all games"
    page.goto("/cite")
    scope = page.locator("header.top [data-scope]")
    scope.wait_for()
    assert "Weiss Schwarz" in scope.inner_text()
    assert page.locator("header.top input[type=hidden][name=game]").get_attribute("value") == "ws"

    # a rule page's top bar is scoped to that page's game, and says so
    page.goto("/bss/7-1-5")
    top = page.locator("header.top [data-scope]")
    assert "Battle Spirits Saga" in top.inner_text()
    page.fill("#q-top", "exhaust")
    page.press("#q-top", "Enter")  # Enter searches the page's game, not all games
    page.wait_for_url(re.compile(r"/search\?.*game=bss"))
    assert "Battle Spirits Saga only" in page.locator("[data-scope-note]").inner_text()
    assert all("/bss/" in h for h in page.locator("a.hit-link").evaluate_all("els => els.map(e => e.href)"))

    # "all games" from a rule page's top bar: unscoped, grouped per game with a label each
    page.goto("/bss/7-1-5")
    page.fill("#q-top", "who goes first")
    page.click("header.top [data-scope-all]")
    page.wait_for_url(re.compile(r"/search\?"))
    assert page.locator("[data-scope-note]").count() == 0
    heads = page.locator("section.game-results h2.game-head")
    assert heads.count() >= 2
    labels = heads.all_inner_texts()
    assert len({t.split(" ")[0] for t in labels}) == len(labels)  # one heading per game
    # the best hit belongs to the first game shown
    first_game = page.locator("section.game-results").first.get_attribute("data-game")
    assert f"/{first_game}/" in page.locator("a.hit-link").first.get_attribute("href")
    # choosing all games is remembered too: the home picker is back to "All games"
    page.goto("/")
    assert page.eval_on_selector("select[name=game]", "s => s.value") == ""

    # nothing in one game: the page offers the games where the words are found
    page.goto("/search?q=Brainstorm&game=bss")
    offer = page.locator("[data-elsewhere]")
    assert "Weiss Schwarz" in offer.inner_text()
    offer.locator("a").first.click()
    page.wait_for_url(re.compile(r"game=ws"))
    assert page.locator("a.hit-link").count() > 0

    # a rule number that exists nowhere says so, with the nearest rules, and no result count
    page.goto("/search?q=rule+99+99")
    assert "exists in no game" in page.locator("[data-no-such-rule]").inner_text()
    assert page.locator(".nearest a").count() > 0
    assert page.locator("p.count").count() == 0
    # digits typed with spaces are a rule number
    page.goto("/search?q=7+1+5+2+1&game=bss")
    page.wait_for_url(re.compile(r"/bss/7-1-5-2-1"))
