"""The app in a real browser: Debian's Chromium driven by Playwright against gunicorn on loopback."""

from __future__ import annotations

import re

import pytest

from judge_app.rules import load_library

pytestmark = pytest.mark.browser


def _rule_with_reference(game: str = "bs-standard"):
    doc = load_library().document(game)
    for r in doc:
        if r.kind.value == "rule" and any(ref.status.value == "ok" and ref.target for ref in r.refs):
            ref = next(ref for ref in r.refs if ref.status.value == "ok" and ref.target)
            return r, ref
    raise AssertionError("no rule with a reference")


def test_search_open_preview_copy_permalink(page, server):
    # home: the search box has the focus on load
    page.goto("/")
    assert page.evaluate("document.activeElement && document.activeElement.id") == "q"

    # search by words, open a result
    page.fill("#q", "battle resolution")
    page.press("#q", "Enter")
    page.wait_for_url(re.compile(r"/search\?"))
    first = page.locator("a.hit-link").first
    first.wait_for()
    href = first.get_attribute("href")
    first.click()
    page.wait_for_url(server + href)
    assert page.locator("article.rule h1").is_visible()

    # a rule with an in-text reference: hover it and see the referenced rule's text
    rule, ref = _rule_with_reference()
    page.goto(f"/bs-standard/{rule.id}")
    link = page.locator(f'.main-text a.ref[href="/bs-standard/{ref.target}"]').first
    link.hover()
    preview = page.locator(".preview")
    preview.wait_for(state="visible", timeout=5000)
    assert ref.target in preview.inner_text()

    # copy the citation: the button, then the `y` key
    page.mouse.move(0, 0)
    page.click('button[data-copy="plain"]')
    page.wait_for_function("window.__judgeLastCopy !== undefined")
    copied = page.evaluate("window.__judgeLastCopy")
    assert rule.id in copied and f"{server}/bs-standard/{rule.id}" in copied
    assert page.evaluate("navigator.clipboard.readText()") == copied
    page.click('button[data-copy="markdown"]')
    md = page.evaluate("window.__judgeLastCopy")
    assert md.startswith(f"**[Battle Spirits (Standard format) {rule.id}]({server}/bs-standard/{rule.id})**")
    page.evaluate("window.__judgeLastCopy = undefined")
    page.keyboard.press("y")
    page.wait_for_function("window.__judgeLastCopy !== undefined")
    assert page.evaluate("window.__judgeLastCopy") == copied
    assert page.locator(".toast").is_visible()

    # a permalink in another notation lands on the canonical URL
    page.goto("/bss/CR 7.1.5")
    assert page.url == f"{server}/bss/7-1-5"
    assert "7-1-5" in page.locator("h1").inner_text()


def test_rule_number_search_jumps(page, server):
    page.goto("/")
    page.fill("#q", "7.1.5")
    page.press("#q", "Enter")
    page.wait_for_url(f"{server}/bss/7-1-5")


def test_keyboard(page, server):
    page.goto("/bss/7-1-5")
    nxt = page.locator('a[rel="next"]').get_attribute("href")
    page.keyboard.press("j")
    page.wait_for_url(server + nxt)
    page.keyboard.press("k")
    page.wait_for_url(f"{server}/bss/7-1-5")
    page.keyboard.press("/")
    assert page.evaluate("document.activeElement.id") == "q-top"
    # on the browse page j/k move a selection through the rules
    page.goto("/ws")
    page.keyboard.press("j")
    page.keyboard.press("j")
    assert page.locator("[data-nav-item].current").count() == 1


def test_phone(phone, server, artifacts):
    rule, ref = _rule_with_reference()
    phone.goto(f"/bs-standard/{rule.id}")
    # nothing wider than the screen
    assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    # tap a reference: the preview opens with a link to the rule instead of leaving the page
    phone.locator(f'.main-text a.ref[href="/bs-standard/{ref.target}"]').first.tap()
    preview = phone.locator(".preview")
    preview.wait_for(state="visible", timeout=5000)
    assert phone.url.endswith(f"/bs-standard/{rule.id}")
    phone.locator(".preview a.p-more").tap()
    phone.wait_for_url(f"{server}/bs-standard/{ref.target}")
    phone.goto("/bss/7-1-5")
    phone.screenshot(path=str(artifacts / "rule-phone.png"), full_page=True)
    for url in ("/", "/search?q=block+step", "/ws", "/ws/glossary", "/bss/7-1-99", "/ws/2", "/monster/10.5.2.3.3"):
        phone.goto(url)
        assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1"), url
    phone.goto("/")
    phone.screenshot(path=str(artifacts / "home-phone.png"))


def test_screenshots_desktop_light_and_dark(browser, server, artifacts):
    for scheme in ("light", "dark"):
        ctx = browser.new_context(base_url=server, viewport={"width": 1280, "height": 900}, color_scheme=scheme)
        pg = ctx.new_page()
        pg.goto("/monster/1.2.3")
        bg = pg.evaluate("getComputedStyle(document.body).backgroundColor")
        assert (bg == "rgb(21, 23, 26)") == (scheme == "dark"), bg
        pg.screenshot(path=str(artifacts / f"rule-desktop-{scheme}.png"), full_page=True)
        ctx.close()


def test_readable_without_javascript(browser, server):
    ctx = browser.new_context(base_url=server, java_script_enabled=False)
    pg = ctx.new_page()
    pg.goto("/bss/7-1-5-2-1")
    assert "comparing BP" in pg.locator(".main-text").inner_text()
    assert not pg.locator('button[data-copy="plain"]').is_visible()  # needs JavaScript, so hidden
    pg.locator(".cite-box summary").click()
    assert "https://" in pg.locator(".cite-box").inner_text() or "http://" in pg.locator(".cite-box").inner_text()
    pg.goto("/bss")
    pg.locator("details.chapter > summary").first.click()
    assert pg.locator("details.chapter").first.get_attribute("open") is not None
    ctx.close()


def test_not_found_page(page, server):
    resp = page.goto("/bss/7-1-99")
    assert resp.status == 404
    assert page.locator(".suggestions a").count() >= 1
    page.locator(".suggestions a").first.click()
    page.wait_for_url(re.compile(r"/bss/7-1"))


def test_checker_runs_a_monster_example(page, server):
    page.goto("/check?example=12-monster-countered-no-next-rank")
    assert "game monster" in page.locator("#scenario").input_value()
    page.get_by_role("button", name="Check", exact=True).click()
    page.wait_for_selector(".verdict")
    assert re.search(r"\bA wins\b", page.locator(".verdict h2").inner_text())
    link = page.locator('.steps a[href="/monster/5.15.1.2.1"]')
    assert link.count() >= 1
